import { sql } from "kysely";
import { holdRule } from "./order-rule";

/** More orders in an hour than the set number: the limit claim counts the hour's orders. */
export const orderRateHold = holdRule({
  rule: "order_rate",
  settings: ["hold_order_rate", "hold_orders_per_hour"],
  holds: sql<boolean>`settings.hold_order_rate
    AND claim.earlier_orders_in_hour >= settings.hold_orders_per_hour`,
  reason: sql<string>`'more than ' || settings.hold_orders_per_hour || ' orders in an hour'`,
});
