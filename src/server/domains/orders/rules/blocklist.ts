import { type Kysely, sql } from "kysely";
import { orderBlocklistKeys } from "../../../../shared/blocklist-keys";
import type { DB } from "../../../platform/db/schema";
import { AppError } from "../../../platform/http/errors";
import { refusalRule } from "./order-rule";

/** The order's wallet or payer name on the blocklist, with the entry's reason. */
const blockedEntry = sql`LEFT JOIN LATERAL (
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

/**
 * The blocklist holds for operators too: coins are never sent to a wallet the desk
 * listed. The operator is told the entry's reason (customers never are).
 */
export async function refuseBlockedWalletForAdmin(db: Kysely<DB>, walletAddress: string) {
  const walletKey = orderBlocklistKeys({ wallet_address: walletAddress, payer_name: null }).wallet;
  const { rows } = await sql<{ reason: string }>`
    SELECT blocked.reason
    FROM (SELECT ${walletKey}::text AS wallet_key, NULL::text AS payer_name_key) AS input
      ${blockedEntry}
    WHERE NOT (${blocklistRule.passes})`.execute(db);
  const entry = rows[0];
  if (entry) {
    throw new AppError(
      422,
      "WALLET_BLOCKED",
      `This wallet is on the blocklist (${entry.reason}). Remove it from the blocklist first if it should be paid.`,
    );
  }
}
