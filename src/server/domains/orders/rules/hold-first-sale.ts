import { sql } from "kysely";
import { holdRule } from "./order-rule";

/** A customer's first sale above the set amount: judged until one of their sales is paid. */
export const firstSaleHold = holdRule({
  rule: "first_sale",
  settings: ["sell_hold_first_sale", "sell_hold_first_sale_above_inr"],
  lookup: sql`LEFT JOIN LATERAL (
      SELECT true AS found FROM sell_orders AS sale
      WHERE settings.sell_hold_first_sale AND sale.user_id = inserted.user_id
        AND sale.status = 'paid'
      LIMIT 1
    ) AS paid_sale ON true`,
  holds: sql<boolean>`settings.sell_hold_first_sale
    AND inserted.inr_amount > settings.sell_hold_first_sale_above_inr AND paid_sale.found IS NULL`,
  reason: sql<string>`'a first sale above ₹' || settings.sell_hold_first_sale_above_inr`,
});
