import type { ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Logger } from "pino";
import { AppError, isDataException } from "../platform/http/errors";

/** What an error becomes: our refusals as they are, bad input a 400, the rest a logged 500. */
export function answerError(logger: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof AppError) {
      return c.json({ error: error.message, code: error.code, ...error.details }, error.status);
    }
    if (isDataException(error)) {
      logger.warn({ err: error, path: c.req.path }, "bad input reached the database");
      return c.json(
        { error: "The request holds a value that cannot be accepted.", code: "INVALID_INPUT" },
        400,
      );
    }
    if (error instanceof HTTPException) {
      // hono's own refusals; a client tells a body it could not read by its code.
      const code = /^Malformed JSON/.test(error.message) ? "MALFORMED_JSON" : undefined;
      return c.json({ error: error.message, code }, error.status);
    }
    logger.error({ err: error, path: c.req.path }, "unhandled error");
    return c.json({ error: "Something went wrong" }, 500);
  };
}
