import { sql } from "kysely";
import { holdRule } from "./order-rule";

/** A customer an operator put on hold has every new order held, an operator's as their own. */
export const customerHold = holdRule({
  rule: "customer",
  settings: [],
  lookup: sql`LEFT JOIN LATERAL (
      SELECT hold.id FROM customer_holds AS hold
      WHERE hold.user_id = inserted.user_id AND hold.released_at IS NULL
      LIMIT 1
    ) AS customer_hold ON true`,
  holds: sql<boolean>`customer_hold.id IS NOT NULL`,
  reason: sql<string>`'the customer is on hold'`,
  holdsAdminOrders: true,
  heldBy: sql<string>`customer_hold.id`,
});
