import { sql } from "kysely";
import { holdRule } from "./order-rule";

/**
 * A payout account in another person's name, which the desk allows only to be held
 * (Settings → Buying USDT, "Hold a Payout to Another Name"): always held.
 */
export const otherNameHold = holdRule({
  rule: "other_name",
  settings: [],
  holds: sql<boolean>`NOT input.holder_is_customer`,
  reason: sql<string>`'a payout account in another name'`,
});
