import { AsyncLocalStorage } from "node:async_hooks";
import type { BetterAuthOptions } from "better-auth";
import { isAPIError } from "better-auth/api";
import type { MiddlewareHandler } from "hono";
import type { Level, Logger } from "pino";

type AuthLogLevel = "debug" | "info" | "warn" | "error";

/** better-auth's error lines during one API request, held until its answer is known. */
interface HeldErrors {
  lines: { message: string; args: unknown[] }[];
  isOpen: boolean;
}
const heldErrors = new AsyncLocalStorage<HeldErrors>();

/** Keys whose values never reach the logs, wherever they sit in what better-auth passes. */
const SECRET_KEY = /password|token|secret|cookie|authorization|otp/i;

/** What better-auth passes beside a message, with errors reduced to what they say and secrets blanked. */
function describeDetail(value: unknown, depth = 0): unknown {
  if (value instanceof Error) {
    const { status, code } = value as { status?: unknown; code?: unknown };
    return { type: value.name, message: value.message, status, code, stack: value.stack };
  }
  if (depth > 4) return "[nested]";
  if (Array.isArray(value)) return value.map((item) => describeDetail(item, depth + 1));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        SECRET_KEY.test(key) ? "[Redacted]" : describeDetail(item, depth + 1),
      ]),
    );
  }
  return value;
}

function write(logger: Logger, level: AuthLogLevel, message: string, args: unknown[]) {
  const details = args.length > 0 ? { details: describeDetail(args) } : {};
  logger[level](details, `better-auth: ${message}`);
}

/** better-auth's level for the project logger's: pino decides what is written. */
function authLogLevel(level: Level | "silent" | string): AuthLogLevel {
  if (level === "trace" || level === "debug") return "debug";
  if (level === "info") return "info";
  if (level === "warn") return "warn";
  return "error";
}

/**
 * better-auth's `logger` option: its lines go to the project's pino logger, at
 * the project's log level. It logs some of a client's mistakes (a callback URL of
 * another site) as errors; during an API request those wait for the answer (see
 * `holdAuthErrors`).
 */
export function authLogger(logger: Logger): NonNullable<BetterAuthOptions["logger"]> {
  return {
    disabled: logger.level === "silent",
    level: authLogLevel(logger.level),
    log: (level, message, ...args) => {
      const held = heldErrors.getStore();
      if (level === "error" && held?.isOpen) held.lines.push({ message, args });
      else write(logger, level, message, args);
    },
  };
}

/**
 * better-auth's `onAPIError.onError`: how a request it refused or failed is logged
 * (in place of its own logging, which writes to the console). A refusal (4xx) is
 * the client's doing: info, with its code; anything else is a failure: error.
 */
export function logAuthApiError(logger: Logger, error: unknown) {
  if (isAPIError(error) && error.statusCode < 500) {
    logger.info(
      { status: error.statusCode, code: error.body?.code },
      `better-auth: refused: ${error.message}`,
    );
    return;
  }
  logger.error({ details: describeDetail(error) }, "better-auth: request failed");
}

/**
 * Writes better-auth's error lines of a request once it is answered: at warn when
 * the answer is a client error (4xx: a wrong password, bad input, a foreign
 * callback URL), at error otherwise. Lines after the answer (work it left in the
 * background) are written as they come.
 */
export function holdAuthErrors(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const held: HeldErrors = { lines: [], isOpen: true };
    try {
      await heldErrors.run(held, next);
    } finally {
      held.isOpen = false;
      const level = c.res.status >= 400 && c.res.status < 500 ? "warn" : "error";
      for (const { message, args } of held.lines) write(logger, level, message, args);
    }
  };
}
