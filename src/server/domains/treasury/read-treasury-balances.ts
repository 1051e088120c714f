import { type Kysely, sql } from "kysely";
import { type NetworkId, networkOf } from "../../../shared/catalog";
import type { ChainConfig } from "../../platform/config/chain-config";
import type { DB } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";
import type { NotificationTargets } from "../../platform/notifications/operator-messages";
import { BalanceRefused, readWalletBalances } from "./read-balances";
import { tellOperatorsOfTreasury } from "./tell-operators-of-treasury";

/**
 * Reads one network's wallet balances now and records them: good figures replace
 * the last ones; a refused answer keeps the last good figures, marked stale with
 * why. Then the alerts are judged on what is now known.
 */
export async function readTreasuryBalances(
  db: Kysely<DB>,
  chains: ChainConfig,
  network: NetworkId,
  notify: NotificationTargets,
): Promise<void> {
  const row = await db
    .selectFrom("treasury_networks")
    .select("wallet_address")
    .where("network", "=", network)
    .executeTakeFirst();
  const wallet = row?.wallet_address;
  if (!wallet) {
    throw new AppError(409, "NO_WALLET", `Set the ${networkOf(network).name} payout wallet first.`);
  }
  const chain = chains.networks[network];
  let outcome: { usdt: string; fee: string } | { error: string };
  try {
    if (!chain) {
      throw new BalanceRefused(
        "NO_ENDPOINT",
        `No chain endpoint is configured for ${networkOf(network).name} (CHAIN_RPC_${network.toUpperCase()}).`,
      );
    }
    outcome = await readWalletBalances(network, chain, wallet);
  } catch (error) {
    if (!(error instanceof BalanceRefused)) throw error;
    outcome = { error: error.message };
  }
  // Only if the wallet is still the one read: an operator may have changed it meanwhile.
  await db
    .updateTable("treasury_networks")
    .set(
      "error" in outcome
        ? { balance_error: outcome.error, balance_error_at: sql<Date>`now()` }
        : {
            usdt_balance: outcome.usdt,
            fee_balance: outcome.fee,
            balance_read_at: sql<Date>`now()`,
            balance_error: null,
            balance_error_at: null,
          },
    )
    .where("network", "=", network)
    .where("wallet_address", "=", wallet)
    .execute();
  await tellOperatorsOfTreasury(db, notify);
}

/**
 * The networks due for a scheduled read, claimed for `everySeconds` so that
 * several processes read each wallet once per period.
 */
export async function claimDueReads(db: Kysely<DB>, everySeconds: number): Promise<NetworkId[]> {
  const rows = await db
    .updateTable("treasury_networks")
    .set({ next_read_at: sql<Date>`now() + make_interval(secs => ${everySeconds})` })
    .where("wallet_address", "is not", null)
    .where((eb) =>
      eb.or([eb("next_read_at", "is", null), eb("next_read_at", "<=", sql<Date>`now()`)]),
    )
    .returning("network")
    .execute();
  return rows.map((row) => row.network as NetworkId);
}
