import { sql } from "kysely";
import { AppError } from "../../../platform/http/errors";
import { refusalRule } from "./order-rule";

/**
 * An order's key on the blocklist, with the entry's reason, as `blocked`; on
 * `input.blocklist_keys` (a buy order's wallet and payer name, a sale's payout account
 * and its holder's name).
 */
export const blockedEntry = sql`LEFT JOIN LATERAL (
    SELECT entry.reason FROM blocklist_entries AS entry
    WHERE entry.match_key = ANY (input.blocklist_keys)
      AND entry.removed_at IS NULL
    LIMIT 1
  ) AS blocked ON true`;

/**
 * A desk never takes an order for a listed wallet or payer name. The customer is
 * never told "blocked": the message is the same for every reason a desk declines.
 */
export const blocklistRule = refusalRule<never, unknown>({
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
