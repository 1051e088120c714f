import { Worker } from "node:worker_threads";
import { AppError } from "../../platform/http/errors";
import type { ReadCredits } from "./read-credits";
import type { ColumnMapping } from "./statement-layouts";
import type { StatementFormat } from "./statement-rows";

/*
 * Statements are read on a worker thread, one at a time: parsing a 50,000-line
 * file takes seconds of CPU that the thread answering customers never waits on,
 * and the worker's heap and time limits bound what reading can take, whatever a
 * file holds. A worker past either ends alone; the next statement starts a new one.
 */

export type StatementReaderLimits = {
  /** The worker's heap: a 50,000-line statement needs about 100 MB. */
  heapMb: number;
  /** How long one statement may be read for: a 50,000-line one takes about 5 s. */
  timeLimitMs: number;
};

export type StatementJob = {
  file: Uint8Array;
  format: StatementFormat;
  mapping: ColumnMapping | null;
};

type Refusal = Pick<AppError, "status" | "code" | "message" | "details">;
export type StatementJobAnswer = { ok: true; read: ReadCredits } | { ok: false; refusal: Refusal };
/** The worker says "reading" when it takes a job (the time limit starts then), then answers it. */
export type StatementWorkerMessage = "reading" | StatementJobAnswer;

/**
 * A reader of statements on a worker thread of its own, within `limits` (read as
 * each worker starts and each statement begins, so a test can change them).
 */
export function statementReader(limits: StatementReaderLimits) {
  let worker: Worker | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const runJob = (job: StatementJob): Promise<ReadCredits> => {
    worker ??= startWorker(limits.heapMb);
    const thread = worker;
    return new Promise((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const settle = () => {
        clearTimeout(timer);
        thread.off("message", onMessage).off("error", onError).off("exit", onExit);
      };
      const end = (refusal: Error) => {
        settle();
        if (worker === thread) worker = null;
        reject(refusal);
      };
      const onMessage = (message: StatementWorkerMessage) => {
        if (message === "reading") {
          timer = setTimeout(() => {
            // Its CPU goes back to the server; the next statement starts a new worker.
            void thread.terminate();
            end(
              new AppError(
                422,
                "STATEMENT_TOO_SLOW",
                "This statement takes longer to read than the server allows for one. Split the statement by date.",
              ),
            );
          }, limits.timeLimitMs);
          return;
        }
        settle();
        if (message.ok) resolve(message.read);
        else {
          const { status, code, message: text, details } = message.refusal;
          reject(new AppError(status, code, text, details));
        }
      };
      const onError = (error: Error & { code?: string }) =>
        end(
          error.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? new AppError(
                422,
                "STATEMENT_TOO_LARGE",
                "This statement takes more memory to read than the server allows for one. Split the statement by date.",
              )
            : error,
        );
      const onExit = () => onError(new Error("The statement reader stopped."));
      thread.on("message", onMessage).on("error", onError).on("exit", onExit);
      thread.postMessage(job);
    });
  };

  const startWorker = (heapMb: number): Worker => {
    const started = new Worker(workerScript(), {
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
    // An idle reader never keeps the process from ending.
    started.unref();
    // A job's error is that job's answer (runJob); unheard, one would end the process.
    started.on("error", () => {});
    started.on("exit", () => {
      if (worker === started) worker = null;
    });
    return started;
  };

  /** Reads a statement's credits on the worker thread, after any statement already being read. */
  return (job: StatementJob): Promise<ReadCredits> => {
    const turn = queue.then(() => runJob(job));
    queue = turn.catch(() => {});
    return turn;
  };
}

/** The server's reader: 256 MB and a minute for one statement. */
export const readCreditsOffThread = statementReader({ heapMb: 256, timeLimitMs: 60_000 });

/**
 * The built server's worker is a file of its own beside main.js (build-server.mjs);
 * from the TypeScript sources (development, tests) it is loaded through tsx.
 */
function workerScript(): URL {
  if (!import.meta.url.endsWith(".ts")) return new URL("./statement-worker.js", import.meta.url);
  const source = new URL("./statement-worker.ts", import.meta.url).href;
  const tsx = import.meta.resolve("tsx/esm/api");
  const loader = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(source)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(loader)}`);
}
