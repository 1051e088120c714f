import { type Kysely, sql } from "kysely";
import type { DB } from "../../../platform/db/schema";
import { encodePageCursor, type PageCursor } from "../../../platform/http/page-cursor";
import { isOrderId, type OrderRow } from "./order-view";

export const ORDER_PAGE_SIZE = 20;

/** One page of the user's own orders, newest first. */
export async function listCustomerOrders(
  db: Kysely<DB>,
  userId: string,
  { cursor, limit = ORDER_PAGE_SIZE }: { cursor?: PageCursor | null; limit?: number },
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
      ? encodePageCursor({ createdAt: last.cursor_created_at, id: last.id })
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
