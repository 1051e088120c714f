import { sql } from "kysely";
import { AppError } from "../../../platform/http/errors";
import { refusalRule } from "./order-rule";

/**
 * The desk never pays its own payout wallet: a customer who pasted the address the
 * desk pays from (from a screenshot, or sent by someone posing as the desk) would get
 * nothing. On any network: an EVM address the desk holds on one chain is its own on
 * the others. Both addresses are stored in their checked form, so they compare as text.
 */
export const deskWalletRule = refusalRule({
  name: "desk_wallet",
  settings: [],
  lookup: sql`LEFT JOIN LATERAL (
      SELECT true AS found FROM treasury_networks AS desk
      WHERE desk.wallet_address = input.wallet_address
      LIMIT 1
    ) AS desk_wallet ON true`,
  passes: sql<boolean>`desk_wallet.found IS NULL`,
  refusal: () =>
    new AppError(
      422,
      "DESK_WALLET",
      "This is RupeeDesk's own wallet. Enter the wallet address where you want to receive the USDT.",
      { field: "walletAddress" },
    ),
});
