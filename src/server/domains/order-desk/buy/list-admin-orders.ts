import { type Kysely, type RawBuilder, sql } from "kysely";
import { normalizePaymentReference } from "../../../../shared/payment-reference";
import { containsPattern, escapeLike } from "../../../platform/db/like-pattern";
import type { DB, OrderStatus } from "../../../platform/db/schema";
import { decodePageCursor, encodePageCursor } from "../../../platform/http/page-cursor";
import { isOrderId, type OrderRow } from "../../orders/buy/order-view";

export const ADMIN_ORDER_PAGE_SIZE = 20;

/** An order id typed by an admin: at least its first 8 hex digits, hyphens optional. */
const ID_PREFIX = /^[0-9a-f]{8,32}$/;

export interface AdminOrderFilter {
  status?: OrderStatus;
  /** Only orders paid into this receiving account. */
  receivingAccountId?: string;
  /** An e-mail fragment, an order id or its first 8+ characters, or a payment reference. */
  search?: string;
  /** The work queue's order: the longest-waiting first (not with a search). */
  oldestFirst?: boolean;
}

type Cursor = { createdAt: string; id: string };

/** The uuids an id prefix covers, as a range the primary key index can scan. */
export function idPrefixRange(term: string): { low: string; high: string } | null {
  const hex = term.trim().toLowerCase().replaceAll("-", "");
  if (!ID_PREFIX.test(hex)) return null;
  const asUuid = (digits: string) =>
    `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
  return { low: asUuid(hex.padEnd(32, "0")), high: asUuid(hex.padEnd(32, "f")) };
}

/** From this many characters a reference search also finds the references it begins (part of a UTR). */
const MIN_REFERENCE_PREFIX = 6;

/**
 * Up to this many customers matching an e-mail search, the page is merged from
 * each one's newest orders (one short index range per customer). Beyond it, the
 * fragment is common and the search walks the newest orders instead.
 */
export const FEW_CUSTOMERS = 32;

/** How many of the newest orders (in the filter) a common e-mail fragment walks before going customer by customer. */
export function walkedOrders(limit: number): number {
  return Math.max(1000, 50 * limit);
}

interface SearchTuning {
  fewCustomers?: number;
  walkedOrders?: number;
}

/** The status and account filters and the cursor, on the `orders` of a branch. */
function scopeCondition(
  { status, receivingAccountId, oldestFirst }: Omit<AdminOrderFilter, "search">,
  cursor: Cursor | null | undefined,
) {
  const conditions = [sql`true`];
  if (status) conditions.push(sql`orders.status = ${status}`);
  if (receivingAccountId) {
    conditions.push(sql`orders.receiving_account_id = ${receivingAccountId}::uuid`);
  }
  if (cursor) {
    const after = oldestFirst ? sql`>` : sql`<`;
    conditions.push(
      sql`(orders.created_at, orders.id) ${after} (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  return sql<boolean>`${sql.join(conditions, sql` AND `)}`;
}

/**
 * The ids of the newest `limit` orders a search term finds, as a subquery:
 *
 * - the customer's e-mail contains it (any case). Customers are found first, in
 *   the users table (trigram index); their orders through (user_id, created_at).
 *   With few matching customers, each one's newest orders are read and merged.
 *   With many, matching orders are common: the newest orders are walked (at most
 *   `walkedOrders`) keeping those whose e-mail matches, and only if that walk
 *   finds less than a page are the older orders read customer by customer. An
 *   order's `user_email` is its customer's e-mail (e-mails cannot be changed,
 *   docs/decisions/009), so both ways find the same orders;
 * - the id starts with it (a primary-key range);
 * - the payment reference is exactly it once normalized (the unique index), or
 *   begins with it (from 6 characters);
 * - the UTR of the statement line matched to the order is exactly it.
 *
 * The parts whose condition is false (few or many customers, a walk that found a
 * page) are skipped by PostgreSQL at run time ("never executed" in a plan).
 */
function searchHits(
  term: string,
  {
    filter,
    cursor,
    limit,
  }: { filter: Omit<AdminOrderFilter, "search">; cursor?: Cursor | null; limit: number },
  tuning: SearchTuning = {},
): RawBuilder<string> {
  const few = tuning.fewCustomers ?? FEW_CUSTOMERS;
  const walk = tuning.walkedOrders ?? walkedOrders(limit);
  const pattern = containsPattern(term);
  const scope = scopeCondition(filter, cursor);
  const newest = sql`ORDER BY orders.created_at DESC, orders.id DESC`;
  const branches = [
    // Few customers: each one's newest orders (index-only on orders_user_recent).
    sql`SELECT hit.id, hit.created_at FROM matching_customers AS customer
      CROSS JOIN LATERAL (
        SELECT orders.id, orders.created_at FROM orders
        WHERE orders.user_id = customer.id AND ${scope} ${newest} LIMIT ${limit}::int
      ) AS hit
      WHERE NOT (SELECT yes FROM is_common)`,
    // Many customers: the newest orders of the filter whose e-mail matches.
    sql`SELECT id, created_at FROM walked`,
    // Many customers, and the walk found less than a page: the older orders, customer by customer.
    sql`SELECT hit.id, hit.created_at FROM "user" AS customer
      CROSS JOIN LATERAL (
        SELECT orders.id, orders.created_at FROM orders
        WHERE orders.user_id = customer.id AND ${scope}
          AND (orders.created_at, orders.id) < (SELECT created_at, id FROM walk_end)
        ${newest} LIMIT ${limit}::int
      ) AS hit
      WHERE customer.email ILIKE ${pattern}
        AND EXISTS (SELECT FROM walk_end) AND (SELECT count(*) FROM walked) < ${limit}::int`,
  ];
  const range = idPrefixRange(term);
  if (range) {
    branches.push(sql`SELECT orders.id, orders.created_at FROM orders
      WHERE orders.id BETWEEN ${range.low}::uuid AND ${range.high}::uuid AND ${scope}
      ${newest} LIMIT ${limit}::int`);
  }
  const reference = normalizePaymentReference(term);
  if (reference.length >= MIN_REFERENCE_PREFIX) {
    branches.push(sql`SELECT orders.id, orders.created_at FROM orders
      WHERE orders.payment_reference LIKE ${`${escapeLike(reference)}%`} AND ${scope}
      ${newest} LIMIT ${limit}::int`);
  } else if (reference) {
    branches.push(sql`SELECT orders.id, orders.created_at FROM orders
      WHERE orders.payment_reference = ${reference} AND ${scope}`);
  }
  if (reference) {
    // A bank's freeze notice names the UTR its statement shows: the matched line's, which
    // may differ from the one the customer typed. One probe of the line-key index.
    branches.push(sql`SELECT orders.id, orders.created_at FROM statement_lines AS line
      JOIN orders ON orders.id = line.order_id
      WHERE line.line_key = ${reference} AND line.reference IS NOT NULL AND ${scope}`);
  }
  return sql<string>`(
    WITH matching_customers AS MATERIALIZED (
      SELECT id FROM "user" WHERE email ILIKE ${pattern} LIMIT ${few + 1}::int
    ),
    is_common AS MATERIALIZED (
      SELECT (SELECT count(*) FROM matching_customers) > ${few}::int AS yes
    ),
    -- The oldest order a walk may read: the walk-th newest in the filter (none when fewer).
    walk_end AS MATERIALIZED (
      SELECT orders.created_at, orders.id FROM orders
      WHERE ${scope} AND (SELECT yes FROM is_common)
      ${newest} OFFSET ${walk - 1}::int LIMIT 1
    ),
    -- Read newest first and stopped at a page; the inner LIMIT keeps it an index walk.
    walked AS MATERIALIZED (
      SELECT id, created_at FROM (
        SELECT orders.id, orders.created_at, orders.user_email FROM orders
        WHERE ${scope} AND (SELECT yes FROM is_common)
        ${newest} LIMIT ${walk}::int
      ) AS recent
      WHERE user_email ILIKE ${pattern}
      ORDER BY created_at DESC, id DESC LIMIT ${limit}::int
    ),
    hits AS ((${sql.join(branches, sql`) UNION (`)}))
    SELECT id FROM hits ORDER BY created_at DESC, id DESC LIMIT ${limit}::int
  )`;
}

/** The query behind a page of the admin list (exported so a test can EXPLAIN it). */
export function adminOrdersQuery(
  db: Kysely<DB>,
  filter: AdminOrderFilter,
  { cursor, limit, tuning }: { cursor?: Cursor | null; limit: number; tuning?: SearchTuning },
) {
  const term = filter.search?.trim();
  const direction = filter.oldestFirst && !term ? "asc" : "desc";
  const query = db
    .selectFrom("orders")
    .selectAll()
    // Microsecond timestamps survive only as text; a JS Date would drop them.
    .select(sql<string>`created_at::text`.as("cursor_created_at"))
    .orderBy("created_at", direction)
    .orderBy("id", direction)
    .limit(limit);
  if (term) {
    return query.where("id", "in", searchHits(term, { filter, cursor, limit }, tuning));
  }
  return query.where(scopeCondition(filter, cursor));
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
      ? encodePageCursor({ createdAt: last.cursor_created_at, id: last.id })
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
    cursor = page.nextCursor ? decodePageCursor(page.nextCursor, isOrderId) : null;
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
