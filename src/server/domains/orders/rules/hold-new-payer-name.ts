import { sql } from "kysely";
import { holdRule } from "./order-rule";

/** A payer name the customer never paid with: the limit claim keeps their names. */
export const newPayerNameHold = holdRule({
  rule: "new_payer_name",
  settings: ["hold_new_payer_name"],
  holds: sql<boolean>`settings.hold_new_payer_name AND claim.last_payer_name_was_new`,
  reason: sql<string>`'a payer name the customer never used'`,
});
