import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema";

/**
 * The verified USDT orders on the networks autopilot sends on that it has not sent, or
 * whose transaction lapsed (TRON: expired in no block): where the signer's pass looks
 * for orders to pay, and the Autopilot page for payouts waiting for approval.
 */
export function unsentAutopilotOrders(db: Kysely<DB>) {
  return db
    .selectFrom("orders")
    .innerJoin("autopilot_networks", "autopilot_networks.network", "orders.network")
    .where("orders.status", "=", "processing")
    .where("orders.receive_currency", "=", "usdt")
    .where("autopilot_networks.enabled", "=", true)
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom("autopilot_sends")
            .select("order_id")
            .whereRef("order_id", "=", "orders.id")
            .where("lapsed_at", "is", null),
        ),
      ),
    );
}
