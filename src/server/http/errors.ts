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

/** PostgreSQL's unique_violation, from node-postgres or PGlite; names the constraint. */
export function uniqueViolation(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === "23505" && typeof constraint === "string" ? constraint : undefined;
}

/**
 * PostgreSQL's data exceptions (class 22: a NUL byte, a malformed uuid, a number out
 * of range) are bad input that slipped past validation: a 400, never a 500.
 */
export function isDataException(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code } = error as { code?: unknown };
  return typeof code === "string" && code.startsWith("22");
}
