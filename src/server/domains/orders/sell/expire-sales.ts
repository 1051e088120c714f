import type { Kysely } from "kysely";
import type { DB } from "../../../platform/db/schema";

/**
 * Sales of the network whose deposit window passed with no deposit: expired, which
 * frees their amounts (decision 049). Returns the expired sales.
 */
export async function expireOverdueSales(db: Kysely<DB>, network: string) {
  const expired = await db
    .updateTable("sell_orders")
    .set({ status: "expired", updated_at: new Date() })
    .where("network", "=", network)
    .where("status", "=", "awaiting_deposit")
    .where("expires_at", "<=", new Date())
    .returning(["id", "user_id"])
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
