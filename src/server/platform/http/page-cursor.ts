import { z } from "@hono/zod-openapi";
import { type SelectQueryBuilder, type StringReference, sql } from "kysely";
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

/** A list's page request: the last page's `nextCursor`, and how many rows at most. */
export const pageQuerySchema = z.object({
  cursor: z.string().max(200).optional().describe("The last page's `nextCursor`"),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/**
 * One page of a list, newest first by the timestamp `at` and then `id`: the rows after
 * the cursor, one more than `limit` asked, so the next page's cursor is known without a
 * count. `nextCursor` is null on the last page.
 */
export async function pageNewestFirst<DB, TB extends keyof DB, Row extends { id: string }>(
  query: SelectQueryBuilder<DB, TB, Row>,
  columns: { at: StringReference<DB, TB>; id: StringReference<DB, TB> },
  { cursor, limit }: { cursor?: PageCursor | null; limit: number },
): Promise<{ rows: Row[]; nextCursor: string | null }> {
  const at = sql.ref(columns.at);
  const id = sql.ref(columns.id);
  const rows = await query
    // Microsecond timestamps survive only as text; a JS Date would drop them.
    .select(sql<string>`${at}::text`.as("page_cursor_at"))
    // What the select adds to any row (Kysely cannot tell it of a generic `Row`).
    .$castTo<Row & { page_cursor_at: string }>()
    .$if(Boolean(cursor), (rowsAfter) =>
      rowsAfter.where(
        sql<boolean>`(${at}, ${id}) < (${cursor?.createdAt}::timestamptz, ${cursor?.id}::uuid)`,
      ),
    )
    .orderBy(at, "desc")
    .orderBy(id, "desc")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor:
      rows.length > limit && last
        ? encodePageCursor({ createdAt: last.page_cursor_at, id: last.id })
        : null,
  };
}
