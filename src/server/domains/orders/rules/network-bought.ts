import { sql } from "kysely";
import { findNetwork } from "../../../../shared/catalog";
import { AppError } from "../../../platform/http/errors";
import { refusalRule } from "./order-rule";
import type { SaleDraft } from "./sale-draft";

/**
 * The desk buys only on the networks the operator turned buying on for, and only
 * where it has a payout wallet to receive the deposit in (`sale_wallet`).
 */
export const networkBoughtRule = refusalRule<"buy_networks", SaleDraft>({
  name: "network_bought",
  settings: ["buy_networks"],
  lookup: sql`LEFT JOIN LATERAL (
      SELECT network.wallet_address FROM treasury_networks AS network
      WHERE network.network = input.network
      LIMIT 1
    ) AS sale_wallet ON true`,
  passes: sql<boolean>`input.network = ANY (settings.buy_networks)
    AND sale_wallet.wallet_address IS NOT NULL`,
  refusal: ({ order }) =>
    new AppError(
      422,
      "NETWORK_NOT_BOUGHT",
      `The desk is not buying USDT on ${findNetwork(order.network)?.name ?? order.network} right now. Choose another network.`,
      { field: "network" },
    ),
});
