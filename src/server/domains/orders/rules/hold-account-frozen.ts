import { sql } from "kysely";
import { holdRule } from "./order-rule";

/** Paid into a receiving account the bank froze: the money may not be there. */
export const accountFrozenHold = holdRule({
  rule: "account_frozen",
  settings: [],
  holds: sql<boolean>`allowed.offered_account_frozen`,
  reason: sql<string>`'paid into an account the bank froze'`,
});
