import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";

/** Paths that carry a secret (reset and verification tokens) are logged without it. */
export function redactPath(path: string): string {
  return path.replace(/^(\/api\/auth\/reset-password\/)[^/?]+/, "$1[token]");
}

/** One line per API request: method, path (no query string), status and time. */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    if (!logger.isLevelEnabled("info")) return;
    logger.info(
      {
        method: c.req.method,
        path: redactPath(c.req.path),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  };
}

/** Keys pino blanks out wherever they appear in a logged object. */
export const LOG_REDACT_PATHS = [
  "password",
  "*.password",
  "token",
  "*.token",
  "secret",
  "*.secret",
  "headers.cookie",
  "headers.authorization",
  "*.headers.cookie",
  "*.headers.authorization",
];
