import { type Kysely, type Selectable, sql } from "kysely";
import { NETWORKS, type NetworkId, networkOf } from "../../../shared/catalog";
import { Decimal, plainDecimal } from "../../../shared/money";
import type { ChainConfig } from "../../platform/config/chain-config";
import { FEE_COINS } from "../../platform/config/chain-tokens";
import type { DB, TreasuryNetworksTable } from "../../platform/db/schema";
import { trustedUsdtOnHand } from "./on-hand";

/*
 * Admin → Treasury (issue 26, docs/decisions/037): each network's payout wallet,
 * its balances as last read, what the desk owes on it, and the pause rule.
 */

type TreasuryRow = Selectable<TreasuryNetworksTable>;

/**
 * A network is paused while its pause is on and what it owes has reached what its
 * wallet is known to hold: no order, however small, fits. Read by the exchange
 * screen's settings and the admin page; the order placement query and the payment offer
 * judge each order's own amount (owed + this order > on hand).
 */
const IS_PAUSED = sql<boolean>`(pause_when_short AND wallet_address IS NOT NULL
  AND owed_usdt >= ${trustedUsdtOnHand("treasury_networks")})`;

/** The networks whose new orders are refused now, for the exchange screen. */
export async function pausedNetworks(db: Kysely<DB>): Promise<NetworkId[]> {
  const rows = await db
    .selectFrom("treasury_networks")
    .select("network")
    .where(IS_PAUSED)
    .orderBy("network")
    .execute();
  return rows.map((row) => row.network as NetworkId);
}

/** Each network's payout wallet, where one is set: the wallets the payout watcher follows. */
export async function listPayoutWallets(
  db: Kysely<DB>,
): Promise<{ network: NetworkId; wallet: string }[]> {
  const rows = await db
    .selectFrom("treasury_networks")
    .select(["network", "wallet_address"])
    .where("wallet_address", "is not", null)
    .orderBy("network")
    .execute();
  return rows.map((row) => ({
    network: row.network as NetworkId,
    wallet: row.wallet_address ?? "",
  }));
}

/** One network as Admin → Treasury and the dashboard show it. */
export function toTreasuryView(row: TreasuryRow & { paused: boolean }, chains: ChainConfig) {
  const network = row.network as NetworkId;
  const fee = FEE_COINS[network];
  const isStale =
    row.balance_error_at !== null &&
    (row.balance_read_at === null || row.balance_error_at >= row.balance_read_at);
  const feeNeeded =
    row.fee_per_payout === null
      ? null
      : new Decimal(row.fee_per_payout).times(row.owed_orders).toFixed();
  return {
    network,
    name: networkOf(network).name,
    feeCoin: fee.symbol,
    walletAddress: row.wallet_address,
    endpointConfigured: chains.networks[network] !== undefined,
    usdtOnHand: row.usdt_balance === null ? null : plainDecimal(row.usdt_balance),
    feeOnHand: row.fee_balance === null ? null : plainDecimal(row.fee_balance),
    readAt: row.balance_read_at?.toISOString() ?? null,
    stale: isStale
      ? { reason: row.balance_error ?? "", at: row.balance_error_at?.toISOString() ?? "" }
      : null,
    owedUsdt: plainDecimal(row.owed_usdt),
    owedOrders: Number(row.owed_orders),
    feePerPayout: row.fee_per_payout === null ? null : plainDecimal(row.fee_per_payout),
    feeNeeded,
    alertOwedPercent:
      row.alert_owed_share === null ? null : new Decimal(row.alert_owed_share).times(100).toFixed(),
    pauseWhenShort: row.pause_when_short,
    paused: row.paused,
    owedAlert: row.owed_alert_sent,
    feeLow: row.fee_alert_sent,
  };
}

export type TreasuryView = ReturnType<typeof toTreasuryView>;

/** Every network, in the catalog's order. */
export async function listTreasury(db: Kysely<DB>, chains: ChainConfig): Promise<TreasuryView[]> {
  const rows = await db
    .selectFrom("treasury_networks")
    .selectAll()
    .select(IS_PAUSED.as("paused"))
    .execute();
  const order = NETWORKS.map(({ id }) => id as string);
  return rows
    .filter((row) => order.includes(row.network))
    .sort((a, b) => order.indexOf(a.network) - order.indexOf(b.network))
    .map((row) => toTreasuryView(row, chains));
}
