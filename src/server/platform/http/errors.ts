import type { ContentfulStatusCode } from "hono/utils/http-status";

/** A refusal the client should see: its status, a stable code and a clear message. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The SQLSTATE PostgreSQL reported, from node-postgres or PGlite; none for other errors. */
function sqlState(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { code } = error as { code?: unknown };
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** PostgreSQL's unique_violation; names the constraint. */
export function uniqueViolation(error: unknown): string | undefined {
  const { constraint } = (error ?? {}) as { constraint?: unknown };
  return sqlState(error) === "23505" && typeof constraint === "string" ? constraint : undefined;
}

/**
 * PostgreSQL's data exceptions (class 22: a NUL byte, a malformed uuid, a number out
 * of range) are bad input that slipped past validation: a 400, never a 500.
 */
export function isDataException(error: unknown): boolean {
  return sqlState(error)?.startsWith("22") ?? false;
}

/** An error PostgreSQL reported for a statement (it has a SQLSTATE): the statement was rolled back. */
export function isRefusedByDatabase(error: unknown): boolean {
  return sqlState(error) !== undefined;
}

/** PostgreSQL's deadlock_detected: it aborted this statement to let another finish. */
export function isDeadlock(error: unknown): boolean {
  return sqlState(error) === "40P01";
}

/** How often work PostgreSQL aborted to break a deadlock is run in all. */
const DEADLOCK_ATTEMPTS = 3;

/**
 * Runs a statement or transaction again when PostgreSQL aborted it to break a
 * deadlock: it wrote nothing, and the other side has its locks by the next try.
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isDeadlock(error) || attempt === DEADLOCK_ATTEMPTS) throw error;
    }
  }
}
