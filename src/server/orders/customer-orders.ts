import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema";
import { isOrderId, type OrderRow } from "./order-view";

export const ORDER_PAGE_SIZE = 20;

/** Where a page of orders ends: the last row's exact timestamp (as PostgreSQL prints it) and id. */
interface Cursor {
  createdAt: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString("base64url");
}

/** A cursor the client sent back, or null when it is not one of ours. */
export function decodeCursor(text: string): Cursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, id] = value;
    if (typeof createdAt !== "string" || Number.isNaN(Date.parse(createdAt))) return null;
    if (typeof id !== "string" || !isOrderId(id)) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

/** One page of the user's own orders, newest first. */
export async function listCustomerOrders(
  db: Kysely<DB>,
  userId: string,
  { cursor, limit = ORDER_PAGE_SIZE }: { cursor?: Cursor | null; limit?: number },
) {
  let query = db
    .selectFrom("orders")
    .selectAll()
    // Microsecond timestamps survive only as text; a JS Date would drop them.
    .select(sql<string>`created_at::text`.as("cursor_created_at"))
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1);
  if (cursor) {
    query = query.where(
      sql<boolean>`(created_at, id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({ createdAt: last.cursor_created_at, id: last.id })
      : null;
  return { orders: page as OrderRow[], nextCursor };
}

/** The order and its events if it belongs to the user; undefined otherwise (also for a malformed id). */
export async function getCustomerOrder(db: Kysely<DB>, userId: string, orderId: string) {
  if (!isOrderId(orderId)) return undefined;
  const order = await db
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", orderId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!order) return undefined;
  const events = await db
    .selectFrom("order_events")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("staff_only", "=", false)
    .orderBy("id")
    .execute();
  return { order, events };
}
