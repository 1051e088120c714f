import { type Kysely, sql } from "kysely";
import { type NetworkId, networkOf } from "../../../shared/catalog";
import type { ChainConfig } from "../../platform/config/chain-config";
import type { DB } from "../../platform/db/schema";
import {
  type NotificationTargets,
  operatorMessages,
} from "../../platform/notifications/operator-messages";
import { enqueue } from "../../platform/notifications/outbox";

/**
 * A watcher whose cursor has not moved for this long is stalled: the operators are
 * told, and the dashboard shows it. Blocks come every 2 to 12 seconds, so a cursor
 * that stands still this long has a node that fails, hangs or stopped following the
 * chain. A constant, not a setting: it is the alert's meaning, not a preference.
 */
export const WATCHER_STALL_MINUTES = 10;

/** One watched wallet's lag, as the dashboard and /metrics show it. */
export type WatcherLag = {
  network: NetworkId;
  wallet: string;
  /** Final blocks not yet read (0: caught up); null before the first good pass. */
  blocksBehind: number | null;
  lastAdvancedAt: string | null;
  /** Since the cursor last moved, or since it was made when it never has. */
  secondsSinceAdvance: number;
  stalled: boolean;
  lastError: string | null;
};

/** The networks whose payout wallet is watched now: those with an endpoint. */
function watchedNetworks(chains: ChainConfig): NetworkId[] {
  return Object.keys(chains.networks) as NetworkId[];
}

/**
 * The cursors of the wallets watched now: a wallet replaced in Treasury, or a network
 * whose endpoint was removed, is no longer judged.
 */
function watchedCursors(db: Kysely<DB>, networks: NetworkId[]) {
  return db
    .selectFrom("chain_watch_cursors as cursor")
    .innerJoin("treasury_networks as treasury", (join) =>
      join
        .onRef("treasury.network", "=", "cursor.network")
        .onRef("treasury.wallet_address", "=", "cursor.wallet_address"),
    )
    .where("cursor.network", "in", networks);
}

/** Seconds since the cursor last moved (or was made). */
const SECONDS_STILL = sql<string>`extract(epoch FROM now() - coalesce(cursor.advanced_at, cursor.created_at))`;
const IS_STALLED = sql<boolean>`coalesce(cursor.advanced_at, cursor.created_at)
  < now() - make_interval(mins => ${WATCHER_STALL_MINUTES})`;

/** Each watched wallet's lag behind its chain's final blocks, in the catalog's network order. */
export async function readWatcherLag(db: Kysely<DB>, chains: ChainConfig): Promise<WatcherLag[]> {
  const networks = watchedNetworks(chains);
  if (networks.length === 0) return [];
  const rows = await watchedCursors(db, networks)
    .select([
      "cursor.network",
      "cursor.wallet_address",
      sql<string | null>`cursor.head_block::text`.as("head_block"),
      sql<string | null>`cursor.next_block::text`.as("next_block"),
      "cursor.advanced_at",
      SECONDS_STILL.as("seconds_still"),
      IS_STALLED.as("stalled"),
      "cursor.last_error",
    ])
    .orderBy("cursor.network")
    .execute();
  return rows.map((row) => ({
    network: row.network as NetworkId,
    wallet: row.wallet_address,
    blocksBehind: blocksBehind(row, chains.networks[row.network as NetworkId]?.endpoint),
    lastAdvancedAt: row.advanced_at?.toISOString() ?? null,
    secondsSinceAdvance: Math.floor(Number(row.seconds_still)),
    stalled: row.stalled,
    lastError: row.last_error,
  }));
}

/** The last block the head makes final, less the last one read to finality; 0 when caught up. */
function blocksBehind(
  cursor: { head_block: string | null; next_block: string | null },
  endpoint: { confirmations: number } | undefined,
): number | null {
  if (cursor.head_block === null || cursor.next_block === null || !endpoint) return null;
  const lastFinal = BigInt(cursor.head_block) - BigInt(endpoint.confirmations) + 1n;
  const lastRead = BigInt(cursor.next_block) - 1n;
  return lastFinal > lastRead ? Number(lastFinal - lastRead) : 0;
}

/**
 * Tells the operators once when a watched wallet's watcher stalls (its cursor has not
 * moved for WATCHER_STALL_MINUTES, whatever the reason: a node that keeps failing
 * moves no cursor), and once when it moves again. The flag flips in the statement
 * that decides, so two processes, or one restarted, tell them once: the second's
 * update finds the flag already set.
 */
export async function tellOperatorsOfStalledWatchers(
  db: Kysely<DB>,
  chains: ChainConfig,
  targets: NotificationTargets,
) {
  const networks = watchedNetworks(chains);
  if (networks.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const judged = watchedCursors(trx, networks).select([
      "cursor.network",
      "cursor.wallet_address",
      IS_STALLED.as("stalled"),
      SECONDS_STILL.as("seconds_still"),
    ]);
    const { rows } = await sql<{
      network: NetworkId;
      wallet_address: string;
      stalled: boolean;
      seconds_still: string;
      last_error: string | null;
    }>`
      WITH judged AS (${judged})
      UPDATE chain_watch_cursors AS cursor
      SET stall_alert_sent = judged.stalled
      FROM judged
      WHERE cursor.network = judged.network AND cursor.wallet_address = judged.wallet_address
        AND cursor.stall_alert_sent <> judged.stalled
      RETURNING cursor.network, cursor.wallet_address, judged.stalled,
        judged.seconds_still::text, cursor.last_error`.execute(trx);
    const link = `${targets.publicUrl}/admin`;
    for (const row of rows) {
      const name = networkOf(row.network).name;
      const minutes = Math.floor(Number(row.seconds_still) / 60);
      const notice = row.stalled
        ? {
            topic: "chain.watcher_stalled",
            subject: `${name}: the payout watcher has not advanced for ${minutes} minutes`,
            text: `${name}: the payout watcher of ${row.wallet_address} has not advanced for ${minutes} minutes${row.last_error ? `; the node's last error: ${row.last_error}` : ""}. Payouts on ${name} are not found on chain until it does: check CHAIN_RPC_${row.network.toUpperCase()}. ${link}`,
          }
        : {
            topic: "chain.watcher_recovered",
            subject: `${name}: the payout watcher advances again`,
            text: `${name}: the payout watcher of ${row.wallet_address} advances again; payouts sent meanwhile are found from where it stopped. ${link}`,
          };
      await enqueue(trx, operatorMessages(targets, { ...notice, link }));
    }
  });
}
