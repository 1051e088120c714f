import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema";
import {
  deepenSeenTransfers,
  type ReadTransfer,
  recordTransfers,
  removeVanishedTransfers,
} from "./chain-transfers";
import { advanceCursor, type HeldCursor, holdCursor } from "./watch-cursor";

export type WatchLimits = {
  /** The widest range one pass reads. */
  maxBlocks: bigint;
  /** How far behind the head a wallet's first pass starts. */
  startBehind: bigint;
};

/** What one pass did: nothing when another process held the wallet. */
export type WatchPass =
  | { scanned: false }
  | { scanned: true; from: bigint; to: bigint; nextBlock: bigint; transfers: number };

/** What a pass read and where the cursor goes next. */
export type PassOutcome = {
  from: bigint;
  to: bigint;
  nextBlock: bigint;
  head: bigint;
  /** The ranges read again in full: a seen transfer there not read again has vanished. */
  reread: { from: bigint; to: bigint }[];
  /** Why a pass that got part of the way stopped there. */
  error?: string;
  /** TRON through TronGrid's index: the block time (ms) to list from next. */
  indexFromMs?: bigint;
};

/**
 * Writes a pass's transfers, marks removed the seen ones its re-read ranges no longer
 * hold (on `readsToRemove` passes in a row), and moves the cursor, in one transaction,
 * unless the lease was lost meanwhile.
 */
export async function settlePass(
  db: Kysely<DB>,
  cursor: HeldCursor,
  pass: PassOutcome,
  transfers: ReadTransfer[],
  readsToRemove = 1,
): Promise<WatchPass> {
  const isHeld = await db.transaction().execute(async (trx) => {
    if (!(await holdCursor(trx, cursor))) return false;
    await recordTransfers(trx, cursor, transfers);
    const stillThere = transfers.filter((transfer) => transfer.state !== "removed");
    await removeVanishedTransfers(trx, cursor, pass.reread, stillThere, readsToRemove);
    await deepenSeenTransfers(trx, cursor, pass.head);
    await advanceCursor(trx, cursor, pass);
    return true;
  });
  const { from, to, nextBlock } = pass;
  return isHeld
    ? { scanned: true, from, to, nextBlock, transfers: transfers.length }
    : { scanned: false };
}

export const minBlock = (a: bigint, b: bigint) => (a < b ? a : b);
export const maxBlock = (a: bigint, b: bigint) => (a > b ? a : b);
