import type { Kysely } from "kysely";
import type { NetworkChain } from "../../platform/config/chain-config";
import type { DB } from "../../platform/db/schema";
import { ChainEndpointError, formatBaseUnits, hexToBigInt } from "./chain-answer";
import { type ReadTransfer, recordTransfers, removeVanishedTransfers } from "./chain-transfers";
import { fetchEvmHead, fetchEvmReceipt } from "./evm-client";
import { readTransferLogs, type TransferLog } from "./evm-transfer-logs";
import {
  advanceCursor,
  claimCursor,
  type HeldCursor,
  holdCursor,
  releaseCursor,
  type WatchKey,
} from "./watch-cursor";

export type WatchLimits = {
  /** The widest range one pass asks for (nodes commonly refuse above 1,000–10,000). */
  maxBlocks: bigint;
  /** How far behind the head a wallet's first pass starts. */
  startBehind: bigint;
};

export const EVM_WATCH_LIMITS: WatchLimits = { maxBlocks: 2_000n, startBehind: 5_000n };

/** What one pass did: nothing when another process held the wallet. */
export type WatchPass =
  | { scanned: false }
  | { scanned: true; from: bigint; to: bigint; nextBlock: bigint; transfers: number };

/**
 * One pass over a payout wallet on an EVM network (docs/decisions/048): from the
 * cursor, a bounded range of the token's transfers from and to the wallet up to the
 * head. Transfers in blocks `confirmations` deep are final once their receipt says
 * the transaction succeeded; the newer ones are recorded as seen and read again next
 * pass, because the cursor only passes final blocks. The rows and the cursor are
 * written in one transaction, so a pass cut short writes nothing and the next reads
 * the same range again.
 */
export async function watchEvmWallet(
  db: Kysely<DB>,
  key: WatchKey,
  chain: NetworkChain,
  limits: WatchLimits = EVM_WATCH_LIMITS,
): Promise<WatchPass> {
  const { endpoint } = chain;
  // Every call of a pass may take the timeout, and a pass makes a few per transfer.
  const cursor = await claimCursor(db, key, Math.ceil((endpoint.timeoutMs * 20) / 1000));
  if (!cursor) return { scanned: false };
  try {
    const head = await fetchEvmHead(endpoint);
    const from = cursor.nextBlock ?? max(0n, head - limits.startBehind);
    if (from > head) {
      return await settle(db, cursor, { from, to: from - 1n, nextBlock: from, head }, []);
    }
    const read = await readTransferLogs(endpoint, {
      token: chain.token,
      wallet: key.wallet,
      from,
      to: min(head, from + limits.maxBlocks - 1n),
    });
    // Blocks up to here have the confirmations the payout check asks for.
    const lastFinal = head - BigInt(endpoint.confirmations) + 1n;
    const transfers = await judgeTransfers(chain, read.logs, head, lastFinal);
    const nextBlock = max(from, min(read.to, lastFinal) + 1n);
    return await settle(db, cursor, { from, to: read.to, nextBlock, head }, transfers);
  } catch (error) {
    const message = error instanceof ChainEndpointError ? error.message : String(error);
    await releaseCursor(db, cursor, message);
    throw error;
  }
}

/** Writes the pass's transfers and moves the cursor, unless the lease was lost meanwhile. */
async function settle(
  db: Kysely<DB>,
  cursor: HeldCursor,
  { head, ...pass }: { from: bigint; to: bigint; nextBlock: bigint; head: bigint },
  transfers: ReadTransfer[],
): Promise<WatchPass> {
  const isHeld = await db.transaction().execute(async (trx) => {
    if (!(await holdCursor(trx, cursor))) return false;
    await recordTransfers(trx, cursor, transfers);
    await removeVanishedTransfers(
      trx,
      cursor,
      pass,
      transfers.filter((transfer) => transfer.state !== "removed"),
    );
    await advanceCursor(trx, cursor, { nextBlock: pass.nextBlock, head });
    return true;
  });
  return isHeld ? { scanned: true, ...pass, transfers: transfers.length } : { scanned: false };
}

/**
 * Decides each log's state: removed when the node says so; seen while its block is
 * shallower than the confirmations; then final, or failed when its receipt says the
 * transaction did not succeed. A receipt the node cannot give, or one in another
 * block than the log, stops the pass: the node changed under it, the next pass asks again.
 */
async function judgeTransfers(
  chain: NetworkChain,
  logs: TransferLog[],
  head: bigint,
  lastFinal: bigint,
): Promise<ReadTransfer[]> {
  const byKey = new Map<string, TransferLog>();
  for (const log of logs) {
    const key = `${log.txHash}:${log.logIndex}`;
    // The same log twice (a self-transfer answers both calls): removed wins.
    if (!byKey.get(key)?.removed) byKey.set(key, log);
  }
  const succeeded = new Map<string, boolean>();
  const transfers: ReadTransfer[] = [];
  for (const log of byKey.values()) {
    const isDeep = log.blockNumber <= lastFinal;
    if (isDeep && !log.removed && !succeeded.has(log.txHash)) {
      succeeded.set(log.txHash, await hasSucceeded(chain, log));
    }
    transfers.push({
      txHash: log.txHash,
      logIndex: log.logIndex,
      from: log.from,
      to: log.to,
      amount: formatBaseUnits(log.baseUnits, chain.decimals),
      blockNumber: log.blockNumber,
      blockHash: log.blockHash,
      state: stateOf(log, isDeep, succeeded.get(log.txHash)),
      confirmations: Number(head - log.blockNumber + 1n),
    });
  }
  return transfers;
}

function stateOf(log: TransferLog, isDeep: boolean, succeeded: boolean | undefined) {
  if (log.removed) return "removed";
  if (!isDeep) return "seen";
  return succeeded ? "final" : "failed";
}

async function hasSucceeded(chain: NetworkChain, log: TransferLog): Promise<boolean> {
  const receipt = await fetchEvmReceipt(chain.endpoint, log.txHash);
  const isSameBlock =
    receipt !== null &&
    hexToBigInt(receipt.blockNumber) === log.blockNumber &&
    (receipt.blockHash === undefined || receipt.blockHash.toLowerCase() === log.blockHash);
  if (!isSameBlock) {
    throw new ChainEndpointError(
      "CHAIN_BAD_ANSWER",
      `The chain endpoint has no receipt of ${log.txHash} in block ${log.blockNumber}.`,
    );
  }
  return hexToBigInt(receipt.status) === 1n;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);
const max = (a: bigint, b: bigint) => (a > b ? a : b);
