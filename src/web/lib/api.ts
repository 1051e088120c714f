/** An error the API answered with: its status and its message, ready for a toast. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Fetches JSON from our API; a non-2xx answer becomes an ApiError with the server's message. */
export async function apiFetch<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, {
    ...init,
    headers: { ...(init?.body ? { "content-type": "application/json" } : {}), ...init?.headers },
  });
  const body = response.headers.get("content-type")?.includes("json")
    ? await response.json()
    : undefined;
  if (!response.ok) {
    const message = typeof body?.error === "string" ? body.error : response.statusText;
    throw new ApiError(message, response.status);
  }
  return body as T;
}
