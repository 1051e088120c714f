import { sql } from "kysely";
import { holdRule } from "./order-rule";

/** Rupees to a payout account no earlier sale of the customer was paid to. */
export const newDestinationHold = holdRule({
  rule: "new_destination",
  settings: ["sell_hold_new_destination"],
  lookup: sql`LEFT JOIN LATERAL (
      SELECT true AS found FROM sell_orders AS sale
      WHERE settings.sell_hold_new_destination AND sale.destination_id = inserted.destination_id
        AND sale.status = 'paid'
      LIMIT 1
    ) AS paid_to_destination ON true`,
  holds: sql<boolean>`settings.sell_hold_new_destination AND paid_to_destination.found IS NULL`,
  reason: sql<string>`'a payout account not paid before'`,
});
