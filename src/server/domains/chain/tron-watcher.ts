import type { Kysely } from "kysely";
import type { NetworkChain } from "../../platform/config/chain-config";
import type { DB } from "../../platform/db/schema";
import { blocksOfSeenTransfers } from "./chain-transfers";
import { readBlockRun, readTronBlock } from "./tron-blocks";
import { fetchTronHead } from "./tron-client";
import { readThroughIndex } from "./tron-index-watcher";
import {
  BLOCK_READS_AT_ONCE,
  judgeTronTransfer,
  messageOf,
  TRON_READS_TO_REMOVE,
  type TronPass,
  type TronRead,
} from "./tron-pass";
import { claimCursor, releaseCursor, type WatchKey } from "./watch-cursor";
import { maxBlock, minBlock, settlePass, type WatchLimits, type WatchPass } from "./watch-pass";

/** A block every 3 seconds: a pass reads at most 50 minutes of them, a new wallet starts an hour back. */
export const TRON_WATCH_LIMITS: WatchLimits = { maxBlocks: 1_000n, startBehind: 1_200n };

/**
 * One pass over a payout wallet on TRON (docs/decisions/048): through TronGrid's index
 * when the endpoint offers it, else block by block. Either way the node's transaction
 * infos decide what a transfer moved and whether it is final.
 */
export async function watchTronWallet(
  db: Kysely<DB>,
  key: WatchKey,
  chain: NetworkChain,
  limits: WatchLimits = TRON_WATCH_LIMITS,
): Promise<WatchPass> {
  const leaseMs = chain.endpoint.timeoutMs * 20;
  const cursor = await claimCursor(db, key, Math.ceil(leaseMs / 1000));
  if (!cursor) return { scanned: false };
  // Reading stops half way through the lease, so the pass writes before it runs out.
  const pass: TronPass = { db, key, chain, limits, cursor, deadline: Date.now() + leaseMs / 2 };
  let read: TronRead;
  let settled: WatchPass;
  try {
    read = (await readThroughIndex(pass)) ?? (await readBlocks(pass));
    settled = await settlePass(db, cursor, read.outcome, read.transfers, TRON_READS_TO_REMOVE);
  } catch (error) {
    await releaseCursor(db, cursor, messageOf(error));
    throw error;
  }
  // What was read before the failure is written; the failure is still the pass's to report.
  if (read.failure !== undefined && settled.scanned) throw read.failure;
  return settled;
}

/**
 * The block path, which any full node serves: each block from the cursor up to the
 * head, a bounded batch, read once with all its transaction infos. Transfers in blocks
 * `confirmations` deep are judged final or failed; newer ones are recorded as seen,
 * and their blocks alone are read again once that deep (a transfer gone then was taken
 * back by a reorganisation). So in steady state a pass asks the head and each new
 * block once. The cursor moves over the unbroken run of blocks read: a block the node
 * fails stops the pass there, and the next starts at it.
 */
async function readBlocks({
  db,
  key,
  chain,
  limits,
  cursor,
  deadline,
}: TronPass): Promise<TronRead> {
  const { endpoint } = chain;
  const head = BigInt(await fetchTronHead(endpoint));
  const lastFinal = head - BigInt(endpoint.confirmations) + 1n;
  const from = cursor.nextBlock ?? maxBlock(0n, head - limits.startBehind);
  const readBlock = (block: bigint) =>
    readTronBlock(endpoint, { token: chain.token, wallet: key.wallet, block });

  // The seen transfers' blocks now deep enough, read again in full or not at all.
  const rechecked = (await blocksOfSeenTransfers(db, key, from)).filter(
    (block) => block <= lastFinal,
  );
  const again = await Promise.all(rechecked.map(readBlock));

  const to = minBlock(head, from + limits.maxBlocks - 1n);
  const run = await readBlockRun(
    { from, to },
    { concurrency: BLOCK_READS_AT_ONCE, deadline },
    readBlock,
  );
  const nextBlock = from + BigInt(run.reads.length);
  const transfers = [...again, ...run.reads]
    .flat()
    .map((transfer) => judgeTronTransfer(chain, key.wallet, transfer, head));
  const reread = [
    ...rechecked.map((block) => ({ from: block, to: block })),
    { from, to: nextBlock - 1n },
  ];
  const error = run.error === undefined ? undefined : messageOf(run.error);
  return {
    outcome: { from, to: nextBlock - 1n, nextBlock, head, reread, error },
    transfers,
    failure: run.error,
  };
}
