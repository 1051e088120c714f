import { z } from "zod";
import type { ChainEndpoint } from "../../platform/config/chain-config";
import { ChainEndpointError, postJson, readTransferEvent } from "./chain-answer";
import {
  blockUnknown,
  fetchTronBlockHeader,
  hasTronCallSucceeded,
  type TronTransactionInfo,
  tronAddressFromEvent,
  tronAddressToEvent,
  tronTransactionInfo,
} from "./tron-client";

/** One USDT transfer out of or into the wallet, as its block's transaction infos tell it. */
export type TronBlockTransfer = {
  txHash: string;
  /** The event's place among its transaction's events. */
  logIndex: number;
  blockNumber: bigint;
  /** When its block was made. */
  blockTime: Date;
  /** Both base58, as orders and the treasury hold TRON addresses. */
  from: string;
  to: string;
  baseUnits: bigint;
  succeeded: boolean;
};

// A block without transactions: an empty list, or an empty object from some nodes.
const blockInfos = z.union([z.array(tronTransactionInfo), z.strictObject({}).transform(() => [])]);

/**
 * The token's transfers from and to the wallet in one block: all of the block's
 * transaction infos with their events in one call. An info of another block means the
 * node answered something else than asked: the block is not read.
 */
export async function readTronBlock(
  endpoint: ChainEndpoint,
  query: { token: string; wallet: string; block: bigint },
): Promise<TronBlockTransfer[]> {
  const infos = await postJson(
    endpoint,
    "/wallet/gettransactioninfobyblocknum",
    { num: Number(query.block) },
    blockInfos,
  );
  // A node that lacks the block (behind the one that gave the head) answers it as
  // empty too: an empty block is read as such only once the node shows its header.
  if (infos.length === 0 && !(await fetchTronBlockHeader(endpoint, query.block))) {
    throw blockUnknown(query.block);
  }
  const asInEvents = eventForms(query);
  return infos.flatMap((info) => {
    if (BigInt(info.blockNumber) !== query.block) {
      throw new ChainEndpointError(
        "CHAIN_BAD_ANSWER",
        `The chain endpoint answered block ${query.block} with a transaction of block ${info.blockNumber}.`,
      );
    }
    return walletTransfersIn(info, asInEvents);
  });
}

/**
 * The token's transfers from and to the wallet in one transaction's info, as its
 * events tell them: only the token's own contract counts (a look-alike's events are
 * dropped) and only a Transfer naming the wallet as sender or recipient. The token
 * and the wallet as events write them (`eventForms`). An info with such a transfer
 * but no block time is not read.
 */
export function walletTransfersIn(
  info: TronTransactionInfo,
  { token, wallet }: { token: string; wallet: string },
): TronBlockTransfer[] {
  const succeeded = hasTronCallSucceeded(info);
  return info.log.flatMap((log, logIndex) => {
    const transfer = readTransferEvent(log);
    const isOurs =
      transfer !== undefined &&
      log.address.toLowerCase() === token &&
      (transfer.from === wallet || transfer.to === wallet);
    if (!isOurs) return [];
    if (info.blockTimeStamp === undefined) {
      throw new ChainEndpointError(
        "CHAIN_BAD_ANSWER",
        `The chain endpoint gave transaction ${info.id} no block time.`,
      );
    }
    return [
      {
        txHash: info.id.toLowerCase(),
        logIndex,
        blockNumber: BigInt(info.blockNumber),
        blockTime: new Date(info.blockTimeStamp),
        from: tronAddressFromEvent(transfer.from),
        to: tronAddressFromEvent(transfer.to),
        baseUnits: transfer.baseUnits,
        succeeded,
      },
    ];
  });
}

/** The token and the wallet as events write them, converted once for many transactions. */
export const eventForms = (query: { token: string; wallet: string }) => ({
  token: tronAddressToEvent(query.token),
  wallet: tronAddressToEvent(query.wallet),
});

/**
 * Reads blocks [from, to] in order, `concurrency` at a time, and keeps the unbroken run
 * from `from`: a block that fails stops the reading there (no later block counts, so
 * the cursor never passes a gap), and so does the deadline, no block being asked after it.
 */
export async function readBlockRun<Read>(
  range: { from: bigint; to: bigint },
  options: { concurrency: number; deadline: number },
  read: (block: bigint) => Promise<Read>,
): Promise<{ reads: Read[]; error?: unknown }> {
  const count = Number(range.to - range.from + 1n);
  const reads: Read[] = [];
  let stopAt = count;
  let error: unknown;
  let next = 0;
  const worker = async () => {
    while (next < stopAt && Date.now() < options.deadline) {
      const index = next++;
      try {
        reads[index] = await read(range.from + BigInt(index));
      } catch (failure) {
        if (index < stopAt) {
          stopAt = index;
          error = failure;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, count) }, worker));
  // Every block asked below the first failure was read: the run has no hole.
  return { reads: reads.slice(0, stopAt), error };
}
