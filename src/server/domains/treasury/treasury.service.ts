import { type Kysely, type Selectable, sql } from "kysely";
import { NETWORKS, type NetworkId, networkOf } from "../../../shared/catalog";
import { Decimal, plainDecimal } from "../../../shared/money";
import type { TreasurySettings } from "../../../shared/treasury-input";
import { recordAudit } from "../../platform/audit/audit";
import type { ChainConfig } from "../../platform/config/chain-config";
import { FEE_COINS } from "../../platform/config/chain-tokens";
import type { DB, TreasuryNetworksTable } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";
import {
  type NotificationTargets,
  operatorMessages,
} from "../../platform/notifications/operator-messages";
import { enqueue } from "../../platform/notifications/outbox";
import { trustedUsdtOnHand } from "./on-hand";
import { BalanceRefused, readWalletBalances } from "./read-balances";

/*
 * Admin → Treasury (issue 26, docs/decisions/037): each network's payout wallet,
 * its balances as last read, what the desk owes on it, and the pause rule.
 */

type TreasuryRow = Selectable<TreasuryNetworksTable>;

export interface Actor {
  id: string;
  email: string;
}

/**
 * A network is paused while its pause is on and what it owes has reached what its
 * wallet is known to hold: no order, however small, fits. Read by the exchange
 * screen's settings and the admin page; the order statement and the payment offer
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

async function findRow(db: Kysely<DB>, network: NetworkId) {
  const row = await db
    .selectFrom("treasury_networks")
    .selectAll()
    .where("network", "=", network)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError(404, "NOT_FOUND", "No such network.");
  return row;
}

/** What the audit log shows of a network's settings. */
function auditedSettings(row: {
  wallet_address: string | null;
  fee_per_payout: string | null;
  alert_owed_share: string | null;
  pause_when_short: boolean;
}) {
  return {
    walletAddress: row.wallet_address,
    feePerPayout: row.fee_per_payout === null ? null : plainDecimal(row.fee_per_payout),
    alertOwedShare: row.alert_owed_share === null ? null : plainDecimal(row.alert_owed_share),
    pauseWhenShort: row.pause_when_short,
  };
}

/**
 * Saves a network's wallet and settings (audited, old → new). A new address
 * forgets the old one's balances: they were another wallet's, and the next read
 * comes at once.
 */
export async function saveTreasuryNetwork(
  db: Kysely<DB>,
  actor: Actor,
  network: NetworkId,
  settings: TreasurySettings,
  ipAddress: string | undefined,
) {
  await db.transaction().execute(async (trx) => {
    const before = await findRow(trx, network);
    const isNewWallet = before.wallet_address !== settings.walletAddress;
    const after = {
      wallet_address: settings.walletAddress,
      fee_per_payout: settings.feePerPayout,
      alert_owed_share: settings.alertOwedShare,
      pause_when_short: settings.pauseWhenShort,
    };
    await trx
      .updateTable("treasury_networks")
      .set({
        ...after,
        ...(isNewWallet && {
          usdt_balance: null,
          fee_balance: null,
          balance_read_at: null,
          balance_error: null,
          balance_error_at: null,
          next_read_at: null,
        }),
        updated_at: sql<Date>`now()`,
      })
      .where("network", "=", network)
      .execute();
    await recordAudit(trx, {
      actor,
      action:
        settings.walletAddress === null && before.wallet_address !== null
          ? "treasury.wallet_removed"
          : "treasury.network_saved",
      target: { type: "treasury_network", id: network },
      details: { before: auditedSettings(before), after: auditedSettings(after) },
      ipAddress,
    });
  });
}

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

/**
 * Whether the network's pause refuses `adding` more USDT now: owed (the fold's
 * total, and the order changes not folded yet: the last second's orders) plus the
 * USDT of the open payment offers shown for it (a customer shown one may be paying
 * now) would pass what its wallet is known to hold. `exceptOffersOf` leaves out
 * one customer's offers: the one they ask for now replaces theirs.
 */
async function isNetworkShort(
  db: Kysely<DB>,
  network: NetworkId,
  { adding, exceptOffersOf }: { adding: string; exceptOffersOf?: string },
): Promise<boolean> {
  const row = await db
    .selectFrom("treasury_networks as network")
    .select(
      sql<boolean>`network.pause_when_short AND network.wallet_address IS NOT NULL
        AND network.owed_usdt
          + coalesce((SELECT sum(change.usdt) FROM order_total_changes AS change
              WHERE change.network = network.network
                AND change.status IN ('pending', 'processing')), 0)
          + coalesce((SELECT sum(offer.usdt_amount) FROM receiving_account_offers AS offer
              WHERE offer.network = network.network AND offer.order_id IS NULL
                AND offer.expires_at > now()
                AND offer.user_id IS DISTINCT FROM ${exceptOffersOf ?? null}), 0)
          + ${adding}::numeric
        > ${trustedUsdtOnHand("network")}`.as("short"),
    )
    .where("network.network", "=", network)
    .executeTakeFirst();
  return row?.short === true;
}

/**
 * Refuses a payment offer whose USDT would take what the network has promised
 * past what its wallet holds, while its pause is on: the customer hears it before
 * paying. A first look, before an account is chosen; `reserveNetworkUsdt` decides.
 */
export async function checkNetworkRoom(
  db: Kysely<DB>,
  { network, usdt, customerId }: { network: NetworkId; usdt: string; customerId: string },
) {
  if (await isNetworkShort(db, network, { adding: usdt, exceptOffersOf: customerId })) {
    throw networkPaused(network);
  }
}

/**
 * Records on the offer the network it is shown for and the USDT it reserves there
 * (null: none named), so that the order paid after it is not refused for the
 * network (docs/decisions/037). The reservation is written first and checked after,
 * with every other open offer: of customers asking at once, those who would pass
 * the wallet together are refused, never all let through. An offer the customer
 * was shown before for this network keeps its promise: they may have paid.
 */
export async function reserveNetworkUsdt(
  db: Kysely<DB>,
  offer: { offerId: string; isShownBefore: boolean },
  claim: { network: NetworkId; usdt: string } | null,
) {
  const before = await db
    .selectFrom("receiving_account_offers")
    .select(["network", "usdt_amount"])
    .where("id", "=", offer.offerId)
    .executeTakeFirstOrThrow();
  const record = (values: { network: string | null; usdt_amount: string | null }) =>
    db
      .updateTable("receiving_account_offers")
      .set(values)
      .where("id", "=", offer.offerId)
      .execute();
  await record({ network: claim?.network ?? null, usdt_amount: claim?.usdt ?? null });
  if (!claim || !(await isNetworkShort(db, claim.network, { adding: "0" }))) return;
  if (offer.isShownBefore && before.network === claim.network) {
    await record({ network: before.network, usdt_amount: before.usdt_amount });
    return;
  }
  if (offer.isShownBefore) await record(before);
  // Nobody saw this offer: it must not hold the account's room either.
  else await db.deleteFrom("receiving_account_offers").where("id", "=", offer.offerId).execute();
  throw networkPaused(claim.network);
}

/** The refusal of an order or offer on a network whose wallet cannot pay it now. */
export function networkPaused(network: NetworkId) {
  const name = networkOf(network).name;
  return new AppError(
    409,
    "NETWORK_PAUSED",
    `New orders paid out on ${name} are paused for now: the desk cannot pay this amount on ${name} at the moment. Choose another network or a smaller amount, or try again later.`,
    { network: name },
  );
}

/**
 * Tells the operators, once per crossing, when a network's owed passes its alert
 * share of on hand, or its fee coin no longer covers the owed payouts. The flags
 * flip in the same statement that decides, so two processes judging at once send
 * one message: the second's update finds the flag already set.
 */
export async function tellOperatorsOfTreasury(db: Kysely<DB>, targets: NotificationTargets) {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      network: NetworkId;
      owed_usdt: string;
      owed_orders: string;
      usdt_balance: string | null;
      alert_owed_share: string | null;
      fee_balance: string | null;
      fee_needed: string | null;
      owed_crossed: boolean;
      fee_crossed: boolean;
    }>`
      WITH judged AS (
        SELECT network, owed_alert_sent AS owed_was, fee_alert_sent AS fee_was,
          coalesce(wallet_address IS NOT NULL
            AND owed_usdt > usdt_balance * alert_owed_share, false) AS owed_high,
          coalesce(wallet_address IS NOT NULL
            AND fee_balance < owed_orders * fee_per_payout, false) AS fee_low
        FROM treasury_networks
      )
      UPDATE treasury_networks AS t
      SET owed_alert_sent = judged.owed_high, fee_alert_sent = judged.fee_low
      FROM judged
      WHERE t.network = judged.network
        AND (t.owed_alert_sent <> judged.owed_high OR t.fee_alert_sent <> judged.fee_low)
      RETURNING t.network, t.owed_usdt::text, t.owed_orders::text, t.usdt_balance::text,
        t.alert_owed_share::text, t.fee_balance::text,
        (t.owed_orders * t.fee_per_payout)::text AS fee_needed,
        judged.owed_high AND NOT judged.owed_was AS owed_crossed,
        judged.fee_low AND NOT judged.fee_was AS fee_crossed`.execute(trx);
    const link = `${targets.publicUrl}/admin/treasury`;
    for (const row of rows) {
      const name = networkOf(row.network).name;
      const coin = FEE_COINS[row.network].symbol;
      if (row.owed_crossed) {
        const percent = new Decimal(row.alert_owed_share ?? 0).times(100).toFixed();
        await enqueue(
          trx,
          operatorMessages(targets, {
            topic: "treasury.owed_high",
            subject: `${name}: USDT owed passed ${percent} % of the payout wallet`,
            text: `${name}: ${plainDecimal(row.owed_usdt)} USDT is owed on ${row.owed_orders} open orders, more than ${percent} % of the ${plainDecimal(row.usdt_balance ?? "0")} USDT in the payout wallet. Top the wallet up: ${link}`,
            link,
          }),
        );
      }
      if (row.fee_crossed) {
        await enqueue(
          trx,
          operatorMessages(targets, {
            topic: "treasury.fee_low",
            subject: `${name}: ${coin} for fees is running low`,
            text: `${name}: the payout wallet holds ${plainDecimal(row.fee_balance ?? "0")} ${coin}, less than the ${plainDecimal(row.fee_needed ?? "0")} ${coin} that ${row.owed_orders} open payouts cost. Add ${coin}: ${link}`,
            link,
          }),
        );
      }
    }
  });
}
