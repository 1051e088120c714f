import { parentPort } from "node:worker_threads";
import { AppError } from "../../platform/http/errors";
import { readCredits } from "./read-credits";
import type { StatementJob, StatementJobAnswer, StatementWorkerMessage } from "./read-off-thread";

/*
 * The thread statements are read on (read-off-thread.ts starts it): parsing a
 * large file is seconds of CPU, and its memory is bounded by this thread's heap.
 */

parentPort?.on("message", async ({ file, format, mapping }: StatementJob) => {
  parentPort?.postMessage("reading" satisfies StatementWorkerMessage);
  let answer: StatementJobAnswer;
  try {
    answer = { ok: true, read: await readCredits(file, format, mapping) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const { status, code, message, details } = error;
    answer = { ok: false, refusal: { status, code, message, details } };
  }
  parentPort?.postMessage(answer);
});
