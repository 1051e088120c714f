import { sql } from "kysely";
import { verificationRequested } from "../../limits/order-limits";
import { refusalRule } from "./order-rule";
import type { SaleDraft } from "./sale-draft";

/** An operator asked the customer to verify their identity: no sale until they have. */
export const saleVerificationRule = refusalRule<never, SaleDraft>({
  name: "verification_asked",
  settings: [],
  passes: sql<boolean>`NOT input.verification_asked OR input.is_verified`,
  refusal: () => verificationRequested(false),
});
