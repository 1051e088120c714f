import type { Kysely } from "kysely";
import type { NetworkChain } from "../../platform/config/chain-config";
import type { DB } from "../../platform/db/schema";
import { ChainEndpointError, formatBaseUnits } from "./chain-answer";
import { blocksOfSeenTransfers, type ReadTransfer } from "./chain-transfers";
import { readBlockRun, readTronBlock, type TronBlockTransfer } from "./tron-blocks";
import { fetchTronHead } from "./tron-client";
import { claimCursor, releaseCursor, type WatchKey } from "./watch-cursor";
import { maxBlock, minBlock, settlePass, type WatchLimits, type WatchPass } from "./watch-pass";

/** A block every 3 seconds: a pass reads at most 50 minutes of them, a new wallet starts an hour back. */
export const TRON_WATCH_LIMITS: WatchLimits = { maxBlocks: 1_000n, startBehind: 1_200n };

/** Blocks asked at once: catching up is quick, a node is not flooded. */
export const BLOCK_READS_AT_ONCE = 8;

/**
 * One pass over a payout wallet on TRON (docs/decisions/048): each block from the
 * cursor up to the head, a bounded batch, read once with all its transaction infos.
 * Transfers in blocks `confirmations` deep whose call succeeded are final; newer ones
 * are recorded as seen, and their blocks alone are read again once that deep (a
 * transfer gone then was taken back by a reorganisation). So in steady state a pass
 * asks the head and each new block once. The cursor moves over the unbroken run of
 * blocks read: a block the node fails stops the pass there, and the next starts at it.
 */
export async function watchTronWallet(
  db: Kysely<DB>,
  key: WatchKey,
  chain: NetworkChain,
  limits: WatchLimits = TRON_WATCH_LIMITS,
): Promise<WatchPass> {
  const { endpoint } = chain;
  const leaseMs = endpoint.timeoutMs * 20;
  const cursor = await claimCursor(db, key, Math.ceil(leaseMs / 1000));
  if (!cursor) return { scanned: false };
  // Reading stops half way through the lease, so the pass writes before it runs out.
  const deadline = Date.now() + leaseMs / 2;
  let pass: WatchPass;
  let failure: unknown;
  try {
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
    failure = run.error;
    const nextBlock = from + BigInt(run.reads.length);
    const transfers = [...again, ...run.reads]
      .flat()
      .map((transfer) => judge(chain, key.wallet, transfer, head, lastFinal));
    const reread = [
      ...rechecked.map((block) => ({ from: block, to: block })),
      { from, to: nextBlock - 1n },
    ];
    const error = failure === undefined ? undefined : messageOf(failure);
    pass = await settlePass(
      db,
      cursor,
      { from, to: nextBlock - 1n, nextBlock, head, reread, error },
      transfers,
    );
  } catch (error) {
    await releaseCursor(db, cursor, messageOf(error));
    throw error;
  }
  // The run before the failed block is written; the failure is still the pass's to report.
  if (failure !== undefined && pass.scanned) throw failure;
  return pass;
}

function judge(
  chain: NetworkChain,
  wallet: string,
  transfer: TronBlockTransfer,
  head: bigint,
  lastFinal: bigint,
): ReadTransfer {
  const isDeep = transfer.blockNumber <= lastFinal;
  return {
    txHash: transfer.txHash,
    logIndex: transfer.logIndex,
    // Base58 as it is: its case is part of the address.
    direction: transfer.from === wallet ? "out" : "in",
    from: transfer.from,
    to: transfer.to,
    amount: formatBaseUnits(transfer.baseUnits, chain.decimals),
    blockNumber: transfer.blockNumber,
    blockHash: null,
    state: !isDeep ? "seen" : transfer.succeeded ? "final" : "failed",
    confirmations: Number(head - transfer.blockNumber + 1n),
  };
}

const messageOf = (error: unknown) =>
  error instanceof ChainEndpointError ? error.message : String(error);
