import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import { walletKeyOf } from "../../../shared/blocklist-keys";
import type { ChainTransferState, ChainTransfersTable, DB } from "../../platform/db/schema";
import type { WatchKey } from "./watch-cursor";

/**
 * The wallet as the network's transfers write addresses, which is walletKeyOf's rule:
 * EVM hex in lower case; TRON's and Solana's base58 as it is, its case being part of it.
 */
function walletAsWritten(key: WatchKey): string {
  return walletKeyOf(key.wallet);
}

/** A transfer as one pass read it, with what the pass concluded of it. */
export type ReadTransfer = {
  txHash: string;
  logIndex: number;
  /** Out of the watched wallet, or into it. */
  direction: "out" | "in";
  from: string;
  to: string;
  /** Tokens, an exact decimal string. */
  amount: string;
  /** The block, or Solana's slot. */
  blockNumber: bigint;
  /** Null where the node's answer names no block id: Solana's signatures, TRON's transaction infos. */
  blockHash: string | null;
  /** When the block was made, as the chain says: a deposit is judged by it against a sale's window. */
  blockTime: Date;
  state: ChainTransferState;
  confirmations: number;
  /** Set when the transaction cannot be read as a plain transfer: recorded unmatched, with this note. */
  unmatchedBecause?: string;
};

/** Why a transfer the node itself reports removed (an EVM log's `removed: true`) is. */
const REPORTED_REMOVED =
  "The node reports it removed before it was final: a reorganisation took it back. Recorded again should the transaction come back.";

/**
 * Writes a pass's transfers, each once by (network, transaction, log index). A seen or
 * removed row takes the new reading (a reorganisation may move a transaction to
 * another block, or bring it back) and, found again, counts no absent reading; a final
 * or failed one never changes again. A removed row's note says why; one that comes
 * back takes the new reading's note.
 */
export async function recordTransfers(
  trx: Transaction<DB>,
  key: WatchKey,
  transfers: ReadTransfer[],
) {
  if (transfers.length === 0) return;
  await trx
    .insertInto("chain_transfers")
    .values(
      transfers.map((transfer) => {
        const { direction } = transfer;
        return {
          network: key.network,
          tx_hash: transfer.txHash,
          log_index: transfer.logIndex,
          direction,
          from_address: transfer.from,
          to_address: transfer.to,
          amount: transfer.amount,
          block_number: transfer.blockNumber,
          block_hash: transfer.blockHash,
          block_time: transfer.blockTime,
          state: transfer.state,
          confirmations: transfer.confirmations,
          // Both directions wait to be matched: a payout to an order, a deposit to a sell
          // order; one that cannot be read as a transfer is an operator's from the start.
          match_state: transfer.unmatchedBecause === undefined ? "waiting" : "unmatched",
          note:
            transfer.unmatchedBecause ?? (transfer.state === "removed" ? REPORTED_REMOVED : null),
        };
      }),
    )
    .onConflict((oc) =>
      oc
        .columns(["network", "tx_hash", "log_index"])
        .doUpdateSet((eb) => ({
          block_number: eb.ref("excluded.block_number"),
          block_hash: eb.ref("excluded.block_hash"),
          block_time: eb.ref("excluded.block_time"),
          state: eb.ref("excluded.state"),
          confirmations: eb.ref("excluded.confirmations"),
          absent_reads: 0,
          note: sql<string | null>`CASE WHEN excluded.state = 'removed'
            OR chain_transfers.state = 'removed' THEN excluded.note ELSE chain_transfers.note END`,
          updated_at: sql<Date>`now()`,
        }))
        .where("chain_transfers.state", "in", ["seen", "removed"]),
    )
    .execute();
}

/**
 * Counts an absent reading for each of the wallet's seen transfers in the block ranges a
 * pass read again in full that no longer hold it, and marks removed those read so on
 * `readsToRemove` passes in a row: a reorganisation took them back before they were
 * final. One update a pass, so each pass counts once. A node that lags (it answers a
 * block it lacks as empty) thus removes nothing where more than one reading is asked.
 */
export async function removeVanishedTransfers(
  trx: Transaction<DB>,
  key: WatchKey,
  ranges: { from: bigint; to: bigint }[],
  stillThere: { txHash: string; logIndex: number }[],
  readsToRemove: number,
) {
  if (ranges.length === 0) return;
  await markSeenRemoved(trx, key, {
    readsToRemove,
    why: `Gone from its block when read again before it was final${readsToRemove > 1 ? `, on ${readsToRemove} passes in a row` : ""}: a reorganisation took it back. Recorded again should the transaction come back.`,
  })
    .where((eb) =>
      eb.or(
        ranges.map((range) =>
          eb.and([
            eb("block_number", ">=", range.from.toString()),
            eb("block_number", "<=", range.to.toString()),
          ]),
        ),
      ),
    )
    .$if(stillThere.length > 0, (query) =>
      query.where(
        sql<boolean>`(tx_hash, log_index) NOT IN (${sql.join(
          stillThere.map((log) => sql`(${log.txHash}, ${log.logIndex})`),
        )})`,
      ),
    )
    .execute();
}

/**
 * Solana: marks removed the wallet's seen transfers that a pass no longer finds: their
 * signature is gone from the wallet's token accounts (the fork that held it was
 * abandoned), or their transaction, read again, no longer moves that amount. Those
 * still listed but left for a later pass keep their reading.
 */
export async function removeVanishedSignatures(
  trx: Transaction<DB>,
  key: WatchKey,
  stillThere: { read: { txHash: string; logIndex: number }[]; unread: string[] },
) {
  await markSeenRemoved(trx, key, {
    readsToRemove: 1,
    why: "No longer listed for the wallet, or no longer moving this amount, before it was finalized: the fork that held it was abandoned. Recorded again should the transaction come back.",
  })
    // One array parameter: a backlog may list more signatures than a query has parameters.
    .$if(stillThere.unread.length > 0, (query) =>
      query.where(sql<boolean>`tx_hash <> ALL(${stillThere.unread}::text[])`),
    )
    .$if(stillThere.read.length > 0, (query) =>
      query.where(
        sql<boolean>`(tx_hash, log_index) NOT IN (${sql.join(
          stillThere.read.map((transfer) => sql`(${transfer.txHash}, ${transfer.logIndex})`),
        )})`,
      ),
    )
    .execute();
}

/**
 * The update that counts an absent reading of a wallet's seen transfers, and marks
 * removed, with why, those read so `readsToRemove` times in a row.
 */
function markSeenRemoved(
  trx: Transaction<DB>,
  key: WatchKey,
  { readsToRemove, why }: { readsToRemove: number; why: string },
) {
  const wallet = walletAsWritten(key);
  const isGone = sql<boolean>`absent_reads + 1 >= ${readsToRemove}`;
  return trx
    .updateTable("chain_transfers")
    .set({
      absent_reads: sql<number>`absent_reads + 1`,
      state: sql<ChainTransferState>`CASE WHEN ${isGone} THEN 'removed' ELSE state END`,
      note: sql<string | null>`CASE WHEN ${isGone} THEN ${why} ELSE note END`,
      updated_at: sql<Date>`CASE WHEN ${isGone} THEN now() ELSE updated_at END`,
    })
    .where("network", "=", key.network)
    .where("state", "=", "seen")
    .where((eb) => eb.or([eb("from_address", "=", wallet), eb("to_address", "=", wallet)]));
}

/**
 * Gives the wallet's seen transfers their depth below the head, also those in blocks
 * the pass did not read again (the TRON watcher reads a block again only once final).
 */
export async function deepenSeenTransfers(trx: Transaction<DB>, key: WatchKey, head: bigint) {
  const wallet = walletAsWritten(key);
  await trx
    .updateTable("chain_transfers")
    .set({ confirmations: sql<number>`${head.toString()}::bigint - block_number + 1` })
    .where("network", "=", key.network)
    .where("state", "=", "seen")
    .where((eb) => eb.or([eb("from_address", "=", wallet), eb("to_address", "=", wallet)]))
    .execute();
}

/** The blocks below `before` holding the wallet's seen transfers, lowest first. */
export async function blocksOfSeenTransfers(
  db: Kysely<DB>,
  key: WatchKey,
  before: bigint,
): Promise<bigint[]> {
  const wallet = walletAsWritten(key);
  const rows = await db
    .selectFrom("chain_transfers")
    .select("block_number")
    .distinct()
    .where("network", "=", key.network)
    .where("state", "=", "seen")
    .where("block_number", "<", before.toString())
    .where((eb) => eb.or([eb("from_address", "=", wallet), eb("to_address", "=", wallet)]))
    .orderBy("block_number")
    .execute();
  return rows.map((row) => BigInt(row.block_number));
}

/** A transaction of the wallet's as recorded: a transfer's state and block. */
export type RecordedTransaction = {
  txHash: string;
  state: ChainTransferState;
  blockNumber: bigint;
};

/**
 * The wallet's recorded transfers (removed ones aside) in the given transactions, and
 * all its seen ones: what a TRON pass through TronGrid's index need not ask again, and
 * what it must once deep.
 */
export async function recordedTransactions(
  db: Kysely<DB>,
  key: WatchKey,
  txHashes: string[],
): Promise<RecordedTransaction[]> {
  const wallet = walletAsWritten(key);
  const rows = await db
    .selectFrom("chain_transfers")
    .select(["tx_hash", "state", "block_number"])
    .distinct()
    .where("network", "=", key.network)
    .where((eb) => eb.or([eb("from_address", "=", wallet), eb("to_address", "=", wallet)]))
    .where("state", "<>", "removed")
    .where((eb) =>
      eb.or([
        eb("state", "=", "seen"),
        // One array parameter: a page lists up to 200 transactions.
        sql<boolean>`tx_hash = ANY(${txHashes}::text[])`,
      ]),
    )
    .execute();
  return rows.map((row) => ({
    txHash: row.tx_hash,
    state: row.state,
    blockNumber: BigInt(row.block_number),
  }));
}

export type ChainTransferRow = Selectable<ChainTransfersTable>;

/**
 * The network's next final transfer of this direction still waiting to be matched (an
 * outgoing one to an order's payout, an incoming one to a sell order's deposit), locked
 * for the transaction (another process takes the one after).
 */
export function nextTransferToMatch(
  trx: Transaction<DB>,
  network: string,
  direction: "out" | "in",
): Promise<ChainTransferRow | undefined> {
  return trx
    .selectFrom("chain_transfers")
    .selectAll()
    .where("network", "=", network)
    .where("direction", "=", direction)
    .where("state", "=", "final")
    .where("match_state", "=", "waiting")
    .orderBy("block_number")
    .orderBy("log_index")
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

/**
 * A final transfer out of (or into) a payout wallet, locked for the transaction: two
 * operators deciding it at once take turns, and the second sees the first one's decision.
 */
export function lockFinalTransfer(
  trx: Transaction<DB>,
  transferId: string,
  direction: "out" | "in",
): Promise<ChainTransferRow | undefined> {
  return trx
    .selectFrom("chain_transfers")
    .selectAll()
    .where("id", "=", transferId)
    .where("direction", "=", direction)
    .where("state", "=", "final")
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Records what became of an outgoing transfer: an order's payout, one for an
 * operator, or (an operator's word) not a payout.
 */
export async function decideTransferMatch(
  trx: Transaction<DB>,
  transferId: string,
  decision: {
    matchState: "matched" | "unmatched" | "dismissed" | "to_refund";
    orderId: string | null;
    note: string;
    decidedBy: string | null;
  },
) {
  await trx
    .updateTable("chain_transfers")
    .set({
      match_state: decision.matchState,
      order_id: decision.orderId,
      note: decision.note,
      decided_by: decision.decidedBy,
      updated_at: sql<Date>`now()`,
    })
    .where("id", "=", transferId)
    .execute();
}
