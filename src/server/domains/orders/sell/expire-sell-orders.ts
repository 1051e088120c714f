import { type Kysely, sql } from "kysely";
import type { DB } from "../../../platform/db/schema";
import type { OrderAnnouncer } from "../../../platform/events/order-changes";
import { DEPOSIT_PENDING } from "./sell-deposit-sql";

const EXPIRED_NOTE = "No deposit arrived before the order's time ran out.";

/**
 * Expires the sell orders past their time with no deposit seen (one, or every one due),
 * each with a system event, and announces them: their amounts are free for new orders.
 * An order whose deposit the watcher has seen keeps waiting for it. The payout watcher
 * runs it after each pass, and reading an order runs it for that order, so a customer
 * never sees a countdown that ran out. Returns how many it expired.
 */
export async function expireSellOrders(
  deps: { db: Kysely<DB>; announcer: OrderAnnouncer },
  only?: { orderId: string },
): Promise<number> {
  const expired = await deps.db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable("sell_orders as o")
      .set({ status: "expired", updated_at: sql<Date>`now()` })
      .where("o.status", "=", "awaiting_deposit")
      .where("o.expires_at", "<=", sql<Date>`now()`)
      .where(sql<boolean>`NOT ${DEPOSIT_PENDING}`)
      .$if(Boolean(only), (query) => query.where("o.id", "=", only?.orderId ?? ""))
      .returning(["o.id", "o.user_id", "o.status"])
      .execute();
    if (rows.length > 0) {
      await trx
        .insertInto("sell_order_events")
        .values(
          rows.map((row) => ({
            sell_order_id: row.id,
            actor_id: null,
            actor_role: "system" as const,
            from_status: "awaiting_deposit" as const,
            to_status: "expired" as const,
            note: EXPIRED_NOTE,
          })),
        )
        .execute();
    }
    return rows;
  });
  await Promise.all(expired.map((order) => deps.announcer.announceSale(order)));
  return expired.length;
}
