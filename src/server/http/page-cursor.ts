import { AppError } from "./errors";

/**
 * Where a page of a list ends: its last row's timestamp, as PostgreSQL prints it
 * (a JS Date would drop the microseconds that order rows of the same millisecond),
 * and its id.
 */
export interface PageCursor {
  createdAt: string;
  id: string;
}

export function encodePageCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString("base64url");
}

/** A cursor the client sent back, or null when it is not one of ours. */
export function decodePageCursor(text: string, isId: (id: string) => boolean): PageCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, id] = value;
    if (typeof createdAt !== "string" || Number.isNaN(Date.parse(createdAt))) return null;
    if (typeof id !== "string" || !isId(id)) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

/** A list request's cursor, if it sent one; 400 for one that is not ours. */
export function requestedPageCursor(
  text: string | undefined,
  isId: (id: string) => boolean,
): PageCursor | null {
  if (!text) return null;
  const cursor = decodePageCursor(text, isId);
  if (!cursor) throw new AppError(400, "INVALID_CURSOR", "This page link is not valid.");
  return cursor;
}
