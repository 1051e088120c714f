import type { Kysely } from "kysely";
import type { NetworkChain } from "../../platform/config/chain-config";
import type { DB } from "../../platform/db/schema";
import { ChainEndpointError, formatBaseUnits, hexToBigInt } from "./chain-answer";
import type { ReadTransfer } from "./chain-transfers";
import { fetchEvmBlock, fetchEvmHead, fetchEvmReceipt } from "./evm-client";
import { readTransferLogs, type TransferLog } from "./evm-transfer-logs";
import { passUnderLease, type WatchKey } from "./watch-cursor";
import { maxBlock, minBlock, settlePass, type WatchLimits, type WatchPass } from "./watch-pass";

/** Nodes commonly refuse an eth_getLogs range above 1,000–10,000 blocks. */
export const EVM_WATCH_LIMITS: WatchLimits = { maxBlocks: 2_000n, startBehind: 5_000n };

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
  const leaseSeconds = Math.ceil((endpoint.timeoutMs * 20) / 1000);
  const pass = await passUnderLease(db, key, leaseSeconds, async (cursor) => {
    const head = await fetchEvmHead(endpoint);
    const from = cursor.nextBlock ?? maxBlock(0n, head - limits.startBehind);
    if (from > head)
      return await settlePass(
        db,
        cursor,
        { from, to: from - 1n, nextBlock: from, head, reread: [] },
        [],
      );
    const read = await readTransferLogs(endpoint, {
      token: chain.token,
      wallet: key.wallet,
      from,
      to: minBlock(head, from + limits.maxBlocks - 1n),
    });
    // Blocks up to here have the confirmations the payout check asks for.
    const lastFinal = head - BigInt(endpoint.confirmations) + 1n;
    const transfers = await judgeTransfers(chain, key.wallet, read.logs, head, lastFinal);
    const nextBlock = maxBlock(from, minBlock(read.to, lastFinal) + 1n);
    const outcome = { from, to: read.to, nextBlock, head, reread: [{ from, to: read.to }] };
    return await settlePass(db, cursor, outcome, transfers);
  });
  return pass ?? { scanned: false };
}

/**
 * Decides each log's state: removed when the node says so; seen while its block is
 * shallower than the confirmations; then final, or failed when its receipt says the
 * transaction did not succeed. Each log takes its block's time, its block read once a
 * pass. A receipt or a block the node cannot give, or one in another block than the
 * log, stops the pass: the node changed under it, the next pass asks again.
 */
async function judgeTransfers(
  chain: NetworkChain,
  wallet: string,
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
  const blockTimes = new Map<bigint, Date>();
  const transfers: ReadTransfer[] = [];
  for (const log of byKey.values()) {
    const isDeep = log.blockNumber <= lastFinal;
    if (isDeep && !log.removed && !succeeded.has(log.txHash)) {
      succeeded.set(log.txHash, await hasSucceeded(chain, log));
    }
    const blockTime = blockTimes.get(log.blockNumber) ?? (await blockTimeOf(chain, log));
    blockTimes.set(log.blockNumber, blockTime);
    transfers.push({
      txHash: log.txHash,
      logIndex: log.logIndex,
      direction: log.from === wallet.toLowerCase() ? "out" : "in",
      from: log.from,
      to: log.to,
      amount: formatBaseUnits(log.baseUnits, chain.decimals),
      blockNumber: log.blockNumber,
      blockHash: log.blockHash,
      blockTime,
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

/**
 * When the log's block was made. A removed log's block is gone: the block now at its
 * height, made about then, says the time.
 */
async function blockTimeOf(chain: NetworkChain, log: TransferLog): Promise<Date> {
  const block = await fetchEvmBlock(chain.endpoint, log.blockNumber);
  if (!block || (!log.removed && block.hash !== log.blockHash)) {
    throw new ChainEndpointError(
      "CHAIN_BAD_ANSWER",
      `The chain endpoint has no block ${log.blockNumber} with hash ${log.blockHash}.`,
    );
  }
  return block.time;
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
