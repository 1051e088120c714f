import { serverErrorText } from "../i18n/server-errors";

/** A refusal from our API: the server's message in the reader's language (ready for a toast), status, code and any other fields. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly details: Record<string, unknown> = {},
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
  const body = ((await response.json().catch(() => null)) ?? {}) as Record<string, unknown>;
  const { error, code, ...details } = body;
  const message = typeof error === "string" ? error : `Request failed (${response.status})`;
  throw new ApiError(
    serverErrorText({ message, code: typeof code === "string" ? code : undefined }, details),
    response.status,
    typeof code === "string" ? code : undefined,
    details,
  );
}
