import { type Kysely, type RawBuilder, sql } from "kysely";
import { normalizePaymentReference } from "../../../shared/payment-reference";
import type { DB, OrderStatus } from "../../db/schema";
import { decodeCursor, encodeCursor } from "../../orders/customer-orders";
import type { OrderRow } from "../../orders/order-view";

export const ADMIN_ORDER_PAGE_SIZE = 20;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An order id typed by an admin: at least its first 8 hex digits, hyphens optional. */
const ID_PREFIX = /^[0-9a-f]{8,32}$/;

export interface AdminOrderFilter {
  status?: OrderStatus;
  /** An e-mail fragment, an order id or its first 8+ characters, or a payment reference. */
  search?: string;
}

type Cursor = { createdAt: string; id: string };

export function isOrderId(text: string): boolean {
  return UUID_PATTERN.test(text);
}

/** The uuids an id prefix covers, as a range the primary key index can scan. */
export function idPrefixRange(term: string): { low: string; high: string } | null {
  const hex = term.trim().toLowerCase().replaceAll("-", "");
  if (!ID_PREFIX.test(hex)) return null;
  const asUuid = (digits: string) =>
    `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
  return { low: asUuid(hex.padEnd(32, "0")), high: asUuid(hex.padEnd(32, "f")) };
}

/** LIKE treats % and _ as wildcards and \ as the escape; a search term means them literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Orders the term finds: the customer's e-mail contains it (any case; served by the
 * trigram index), the id starts with it (a primary-key range), or the payment
 * reference is exactly it once normalized (the unique index).
 */
function searchCondition(term: string): RawBuilder<boolean> {
  const conditions = [sql`user_email ILIKE ${`%${escapeLike(term)}%`}`];
  const range = idPrefixRange(term);
  if (range) conditions.push(sql`id BETWEEN ${range.low}::uuid AND ${range.high}::uuid`);
  const reference = normalizePaymentReference(term);
  if (reference) conditions.push(sql`payment_reference = ${reference}`);
  return sql<boolean>`(${sql.join(conditions, sql` OR `)})`;
}

/** The query behind a page of the admin list (exported so a test can EXPLAIN it). */
export function adminOrdersQuery(
  db: Kysely<DB>,
  filter: AdminOrderFilter,
  { cursor, limit }: { cursor?: Cursor | null; limit: number },
) {
  let query = db
    .selectFrom("orders")
    .selectAll()
    // Microsecond timestamps survive only as text; a JS Date would drop them.
    .select(sql<string>`created_at::text`.as("cursor_created_at"))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit);
  if (filter.status) query = query.where("status", "=", filter.status);
  const term = filter.search?.trim();
  if (term) query = query.where(searchCondition(term));
  if (cursor) {
    query = query.where(
      sql<boolean>`(created_at, id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  return query;
}

/** One page of all orders, newest first, filtered; never more than `limit` rows from the database. */
export async function listAdminOrders(
  db: Kysely<DB>,
  filter: AdminOrderFilter,
  { cursor, limit = ADMIN_ORDER_PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {},
): Promise<{ orders: OrderRow[]; nextCursor: string | null }> {
  const rows = await adminOrdersQuery(db, filter, { cursor, limit: limit + 1 }).execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({ createdAt: last.cursor_created_at, id: last.id })
      : null;
  return {
    orders: page.map(({ cursor_created_at: _, ...order }) => order),
    nextCursor,
  };
}

/**
 * Every order the filter finds, newest first, read in bounded batches (one query
 * each, no transaction held open while the caller writes them out), up to `maxRows`.
 */
export async function* iterateAdminOrders(
  db: Kysely<DB>,
  filter: AdminOrderFilter,
  { batchSize = 500, maxRows }: { batchSize?: number; maxRows: number },
): AsyncGenerator<OrderRow> {
  let cursor: Cursor | null = null;
  let count = 0;
  while (count < maxRows) {
    const limit = Math.min(batchSize, maxRows - count);
    const page = await listAdminOrders(db, filter, { cursor, limit });
    for (const order of page.orders) yield order;
    count += page.orders.length;
    cursor = page.nextCursor ? decodeCursor(page.nextCursor) : null;
    if (!cursor) return;
  }
}

/** One order with its timeline and who made each change; undefined for an unknown or malformed id. */
export async function getAdminOrder(db: Kysely<DB>, orderId: string) {
  if (!isOrderId(orderId)) return undefined;
  const order = await db
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) return undefined;
  const events = await db
    .selectFrom("order_events")
    .leftJoin("user", "user.id", "order_events.actor_id")
    .selectAll("order_events")
    .select("user.email as actor_email")
    .where("order_events.order_id", "=", orderId)
    .orderBy("order_events.id")
    .execute();
  return { order, events };
}
