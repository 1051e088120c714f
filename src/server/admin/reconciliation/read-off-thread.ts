import { Worker } from "node:worker_threads";
import { AppError } from "../../http/errors";
import type { ReadCredits } from "./read-credits";
import type { ColumnMapping } from "./statement-layouts";
import type { StatementFormat } from "./statement-rows";

/*
 * Statements are read on a worker thread, one at a time: parsing a 50,000-line
 * file takes seconds of CPU that the thread answering customers never waits on,
 * and the worker's heap limit bounds what reading can take, whatever a file holds.
 * A worker that runs out of it ends alone; the next statement starts a new one.
 */

/** The worker's heap: a 50,000-line statement needs about 100 MB. */
const WORKER_HEAP_MB = 256;

export type StatementJob = {
  file: Uint8Array;
  format: StatementFormat;
  mapping: ColumnMapping | null;
};

type Refusal = Pick<AppError, "status" | "code" | "message" | "details">;
export type StatementJobAnswer = { ok: true; read: ReadCredits } | { ok: false; refusal: Refusal };

let worker: Worker | null = null;
let queue: Promise<unknown> = Promise.resolve();

/** Reads a statement's credits on the worker thread, after any statement already being read. */
export function readCreditsOffThread(job: StatementJob): Promise<ReadCredits> {
  const turn = queue.then(() => runJob(job));
  queue = turn.catch(() => {});
  return turn;
}

function runJob(job: StatementJob): Promise<ReadCredits> {
  worker ??= startWorker();
  const thread = worker;
  return new Promise((resolve, reject) => {
    const settle = () => {
      thread.off("message", onMessage).off("error", onError).off("exit", onExit);
    };
    const onMessage = (answer: StatementJobAnswer) => {
      settle();
      if (answer.ok) resolve(answer.read);
      else {
        const { status, code, message, details } = answer.refusal;
        reject(new AppError(status, code, message, details));
      }
    };
    const onError = (error: Error & { code?: string }) => {
      settle();
      if (worker === thread) worker = null;
      reject(
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new AppError(
              422,
              "STATEMENT_TOO_LARGE",
              "This statement takes more memory to read than the server allows for one. Split the statement by date.",
            )
          : error,
      );
    };
    const onExit = () => onError(new Error("The statement reader stopped."));
    thread.on("message", onMessage).on("error", onError).on("exit", onExit);
    thread.postMessage(job);
  });
}

function startWorker(): Worker {
  const started = new Worker(workerScript(), {
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  // An idle reader never keeps the process from ending.
  started.unref();
  // A job's error is that job's answer (runJob); unheard, one would end the process.
  started.on("error", () => {});
  started.on("exit", () => {
    if (worker === started) worker = null;
  });
  return started;
}

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
