import type { Logger } from "pino";

/**
 * Work that goes on after the answer is sent: the e-mails better-auth sends.
 * An answer that waited for its mail would take longer when the account exists
 * (a reset is mailed only then), telling an onlooker which addresses have one.
 * A stopping process waits for what is still running.
 */
export class BackgroundTasks {
  readonly #running = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  add(task: Promise<unknown>) {
    const tracked: Promise<void> = task
      .then(
        () => {},
        (error: unknown) => this.logger.error({ err: error }, "a background task failed"),
      )
      .finally(() => this.#running.delete(tracked));
    this.#running.add(tracked);
  }

  /**
   * Resolves once every task started so far, and any they started, has ended; or,
   * given `waitAtMostMs`, after that long, logging what is left (a mail server that
   * hangs must not hold a stopping process for its minutes-long timeouts).
   */
  async drain({ waitAtMostMs }: { waitAtMostMs?: number } = {}) {
    const allEnded = (async () => {
      while (this.#running.size > 0) await Promise.all(this.#running);
    })();
    if (waitAtMostMs === undefined) return allEnded;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<"timed out">((resolve) => {
      timer = setTimeout(() => resolve("timed out"), waitAtMostMs);
    });
    const outcome = await Promise.race([allEnded, timedOut]);
    clearTimeout(timer);
    if (outcome === "timed out") {
      this.logger.error({ tasks: this.#running.size }, "stopped with background tasks unfinished");
    }
  }
}
