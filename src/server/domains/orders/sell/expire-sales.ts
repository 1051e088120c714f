import { type Kysely, sql } from "kysely";
import type { DB, SaleStatus } from "../../../platform/db/schema";
import type { OrderAnnouncer } from "../../../platform/events/order-changes";
import { DEPOSIT_PENDING } from "./sale-deposit-sql";

/**
 * Which overdue sales to expire: the customers' own of the sales being placed (the
 * query's \`request\` rows: their day's limit counts the sales not expired), one sale
 * (reading it), or all (the watcher's pass).
 */
export type ExpiryScope = { placing: true } | { orderId: string } | Record<string, never>;

function inScope(scope: ExpiryScope) {
  if ("orderId" in scope) return sql<boolean>`o.id = ${scope.orderId}`;
  if ("placing" in scope) {
    return sql<boolean>`EXISTS (SELECT 1 FROM request WHERE o.user_id = request.user_id)`;
  }
  return sql<boolean>`true`;
}

/**
 * \`expired\` (id, user_id, status): the sales in scope whose deposit window passed with
 * no deposit seen, expired, each with a system event. Their amounts stay held for the
 * quarantine (decision 052). A sale whose deposit the watcher has seen keeps waiting
 * for it. As queries to put first in a WITH, so a caller may read more in the same
 * round trip.
 */
export function overdueSalesExpired(scope: ExpiryScope) {
  return sql`expired AS (
      UPDATE sell_orders AS o SET status = 'expired', updated_at = now()
      WHERE o.status = 'awaiting_deposit' AND o.expires_at <= now()
        AND NOT ${DEPOSIT_PENDING} AND ${inScope(scope)}
      RETURNING o.id, o.user_id, o.status, o.network, o.deposit_usdt, o.inr_amount, o.created_at
    ),
    expiry_events AS (
      INSERT INTO sell_order_events (sell_order_id, actor_id, actor_role, from_status, to_status, note)
      SELECT id, NULL, 'system', 'awaiting_deposit', 'expired', 'No deposit within the time given.'
      FROM expired
    )`;
}

/** Expires the overdue sales in scope (overdueSalesExpired). Returns them; announce them once committed. */
export async function expireOverdueSales(db: Kysely<DB>, scope: ExpiryScope = {}) {
  const { rows } = await sql<{ id: string; user_id: string; status: SaleStatus }>`
    WITH ${overdueSalesExpired(scope)} SELECT id, user_id, status FROM expired`.execute(db);
  return rows;
}

/**
 * Expires the sales due (all, or one) in a transaction of its own and announces them,
 * so their customers' pages show it: the payout watcher runs it after each pass, and
 * reading a sale runs it for that sale, so a customer never sees a countdown that ran
 * out. Returns how many it expired.
 */
export async function expireSales(
  deps: { db: Kysely<DB>; announcer: OrderAnnouncer },
  only?: { orderId: string },
): Promise<number> {
  const expired = await deps.db.transaction().execute((trx) => expireOverdueSales(trx, only ?? {}));
  await Promise.all(expired.map((sale) => deps.announcer.announceSale(sale)));
  return expired.length;
}
