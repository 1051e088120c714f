import { sql } from "kysely";
import { holdRule } from "./order-rule";

/**
 * A first order above the set amount. Judged before the customer's first completed
 * order, so that parallel first orders are all held.
 */
export const firstOrderHold = holdRule({
  rule: "first_order",
  settings: ["hold_first_order", "hold_first_order_above_inr"],
  lookup: sql`LEFT JOIN LATERAL (
      SELECT true AS found FROM orders
      WHERE settings.hold_first_order AND orders.user_id = inserted.user_id
        AND orders.status = 'completed'
      LIMIT 1
    ) AS completed ON true`,
  holds: sql<boolean>`settings.hold_first_order
    AND inserted.send_amount > settings.hold_first_order_above_inr AND completed.found IS NULL`,
  reason: sql<string>`'a first order above ₹' || settings.hold_first_order_above_inr`,
});
