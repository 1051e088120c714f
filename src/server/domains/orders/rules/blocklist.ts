import { sql } from "kysely";
import { AppError } from "../../../platform/http/errors";
import { refusalRule } from "./order-rule";

/**
 * The order's wallet or payer name on the blocklist, with the entry's reason, as
 * `blocked`; on `input.wallet_key` and `input.payer_name_key`.
 */
export const blockedEntry = sql`LEFT JOIN LATERAL (
    SELECT entry.reason FROM blocklist_entries AS entry
    WHERE entry.match_key IN (input.wallet_key, input.payer_name_key)
      AND entry.removed_at IS NULL
    LIMIT 1
  ) AS blocked ON true`;

/**
 * A desk never takes an order for a listed wallet or payer name. The customer is
 * never told "blocked": the message is the same for every reason a desk declines.
 */
export const blocklistRule = refusalRule({
  name: "blocklist",
  settings: [],
  lookup: blockedEntry,
  passes: sql<boolean>`blocked.reason IS NULL`,
  refusal: () =>
    new AppError(
      422,
      "ORDER_NOT_ACCEPTED",
      "We cannot accept this order. If you have already paid, contact us on WhatsApp or Telegram with your payment reference.",
    ),
});
