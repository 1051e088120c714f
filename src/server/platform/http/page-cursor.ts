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

/** A timestamp as PostgreSQL prints one: "2026-11-27 10:57:31.123456+00", a real day and time. */
const TIMESTAMP_TEXT =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/;

function isTimestampText(text: string): boolean {
  const [, year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] =
    TIMESTAMP_TEXT.exec(text)?.map(Number) ?? [];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1000 &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

/** A cursor the client sent back, or null when it is not one of ours. */
export function decodePageCursor(text: string, isId: (id: string) => boolean): PageCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, id] = value;
    if (typeof createdAt !== "string" || !isTimestampText(createdAt)) return null;
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
