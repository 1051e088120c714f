import { type Kysely, sql } from "kysely";
import type { DB } from "../../../platform/db/schema";
import type { OrderAnnouncer } from "../../../platform/events/order-changes";
import { DEPOSIT_PENDING } from "./sell-deposit-sql";

/**
 * Sales whose deposit window passed with no deposit seen: expired, each with a system
 * event, which frees their amounts (decision 049). A sale whose deposit the watcher has
 * seen keeps waiting for it. Of one network (placement), one sale (reading it), or all
 * (the watcher's pass). Returns the expired sales; announce them once committed.
 */
export async function expireOverdueSales(
  db: Kysely<DB>,
  scope: { network?: string; orderId?: string } = {},
) {
  const expired = await db
    .updateTable("sell_orders as o")
    .set({ status: "expired", updated_at: sql<Date>`now()` })
    .where("o.status", "=", "awaiting_deposit")
    .where("o.expires_at", "<=", sql<Date>`now()`)
    .where(sql<boolean>`NOT ${DEPOSIT_PENDING}`)
    .$if(scope.network !== undefined, (query) => query.where("o.network", "=", scope.network ?? ""))
    .$if(scope.orderId !== undefined, (query) => query.where("o.id", "=", scope.orderId ?? ""))
    .returning(["o.id", "o.user_id", "o.status"])
    .execute();
  if (expired.length > 0) {
    await db
      .insertInto("sell_order_events")
      .values(
        expired.map((sale) => ({
          sell_order_id: sale.id,
          actor_id: null,
          actor_role: "system" as const,
          from_status: "awaiting_deposit" as const,
          to_status: "expired" as const,
          note: "No deposit within the time given.",
        })),
      )
      .execute();
  }
  return expired;
}

/**
 * Expires the sales due (all, or one) in a transaction of its own and announces them,
 * so their customers' pages show it: the payout watcher runs it after each pass, and
 * reading a sale runs it for that sale, so a customer never sees a countdown that ran
 * out. Returns how many it expired.
 */
export async function expireSellOrders(
  deps: { db: Kysely<DB>; announcer: OrderAnnouncer },
  only?: { orderId: string },
): Promise<number> {
  const expired = await deps.db.transaction().execute((trx) => expireOverdueSales(trx, only ?? {}));
  await Promise.all(expired.map((sale) => deps.announcer.announceSale(sale)));
  return expired.length;
}
