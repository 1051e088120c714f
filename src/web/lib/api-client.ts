import { hc } from "hono/client";
import type { AppType } from "../../server/app";

/** The typed client of our own API; its types come from the server's routes. */
export const api = hc<AppType>("/");

/** A refusal from our API: the server's message (ready for a toast), status and code. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

type SuccessBody<R> = R extends { ok: true; json(): Promise<infer T> } ? T : never;

/** The JSON of a 2xx answer; any other answer becomes an ApiError carrying the server's message. */
export async function unwrap<R extends { ok: boolean; status: number; json(): Promise<unknown> }>(
  response: R,
): Promise<SuccessBody<R>> {
  if (response.ok) return (await response.json()) as SuccessBody<R>;
  const body = (await response.json().catch(() => ({}))) as { error?: unknown; code?: unknown };
  throw new ApiError(
    typeof body.error === "string" ? body.error : `Request failed (${response.status})`,
    response.status,
    typeof body.code === "string" ? body.code : undefined,
  );
}
