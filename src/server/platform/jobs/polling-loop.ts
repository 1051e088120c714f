import type { Logger } from "pino";

/**
 * Runs `work` at once, then again `intervalMs` after each run ends, until
 * stopped: a background worker's heartbeat. A failed run is logged and the
 * loop goes on; stop() waits for a run under way.
 */
export class PollingLoop {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;

  constructor(
    private readonly work: () => Promise<unknown>,
    private readonly options: { intervalMs: number; logger: Logger; failure: string },
  ) {}

  start() {
    const loop = async () => {
      this.#running = this.work().catch((error) =>
        this.options.logger.error({ err: error }, this.options.failure),
      );
      await this.#running;
      this.#timer = setTimeout(loop, this.options.intervalMs);
    };
    this.#timer = setTimeout(loop, 0);
  }

  async stop() {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }
}
