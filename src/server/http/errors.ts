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
