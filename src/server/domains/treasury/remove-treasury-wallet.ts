import type { Kysely } from "kysely";
import { type NetworkId, networkOf } from "../../../shared/catalog";
import type { DB } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";
import { type Actor, saveTreasuryNetwork } from "./save-treasury-network";

/** Removes the network's payout wallet, its balances and its pause (audited). */
export async function removeTreasuryWallet(
  db: Kysely<DB>,
  actor: Actor,
  network: NetworkId,
  ipAddress: string | undefined,
) {
  const row = await db
    .selectFrom("treasury_networks")
    .selectAll()
    .where("network", "=", network)
    .executeTakeFirst();
  if (!row?.wallet_address) {
    throw new AppError(409, "NO_WALLET", `${networkOf(network).name} has no payout wallet.`);
  }
  await saveTreasuryNetwork(
    db,
    actor,
    network,
    {
      walletAddress: null,
      feePerPayout: row.fee_per_payout,
      alertOwedShare: row.alert_owed_share,
      pauseWhenShort: false,
    },
    ipAddress,
  );
}
