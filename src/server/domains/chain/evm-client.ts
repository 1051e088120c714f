import { z } from "zod";
import type { ChainEndpoint } from "../../platform/config/chain-config";
import { type ChainLookup, callJsonRpc, hexToBigInt, readTransferEvent } from "./chain-answer";

export const hexQuantity = z.string().regex(/^0x[0-9a-fA-F]+$/);
const receiptSchema = z
  .object({
    status: hexQuantity,
    blockNumber: hexQuantity,
    /** The block the node has it in; a watcher compares it with its log's. */
    blockHash: z.string().optional(),
    gasUsed: hexQuantity,
    /** The price per gas paid, in wei; nodes from before EIP-1559 may leave it out. */
    effectiveGasPrice: hexQuantity.optional(),
    logs: z.array(
      z.object({
        address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
        topics: z.array(z.string()),
        data: z.string().regex(/^0x[0-9a-fA-F]*$/),
        logIndex: hexQuantity,
      }),
    ),
  })
  .nullable();

/** A transaction's receipt; null when the node has never seen it or it is not yet in a block. */
export function fetchEvmReceipt(endpoint: ChainEndpoint, hash: string) {
  return callJsonRpc(endpoint, "eth_getTransactionReceipt", [hash], receiptSchema);
}

const blockSchema = z
  .object({ hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/), timestamp: hexQuantity })
  .nullable();

/** A block's hash and when it was made (its header's seconds); null when the node has no such block. */
export async function fetchEvmBlock(endpoint: ChainEndpoint, block: bigint) {
  const header = await callJsonRpc(
    endpoint,
    "eth_getBlockByNumber",
    [`0x${block.toString(16)}`, false],
    blockSchema,
  );
  return (
    header && {
      hash: header.hash.toLowerCase(),
      time: new Date(Number(hexToBigInt(header.timestamp)) * 1000),
    }
  );
}

/** The newest block's number. */
export async function fetchEvmHead(endpoint: ChainEndpoint): Promise<bigint> {
  return hexToBigInt(await callJsonRpc(endpoint, "eth_blockNumber", [], hexQuantity));
}

/** Looks a transaction up on an Ethereum-style node (BEP20, ERC20, Polygon). */
export async function lookUpEvmTransaction(
  endpoint: ChainEndpoint,
  hash: string,
): Promise<ChainLookup> {
  const receipt = await fetchEvmReceipt(endpoint, hash);
  // A null receipt: the node has never seen the hash, or it is not yet in a block.
  if (!receipt) return { found: false };
  if (hexToBigInt(receipt.status) !== 1n) return { found: true, succeeded: false };
  const confirmations = (await fetchEvmHead(endpoint)) - hexToBigInt(receipt.blockNumber) + 1n;
  const transfers = receipt.logs.flatMap((log) => {
    const transfer = readTransferEvent(log);
    return transfer
      ? [
          {
            token: log.address.toLowerCase(),
            to: `0x${transfer.to}`,
            baseUnits: transfer.baseUnits,
            logIndex: Number(hexToBigInt(log.logIndex)),
          },
        ]
      : [];
  });
  return {
    found: true,
    succeeded: true,
    transfers,
    confirmed: confirmations >= BigInt(endpoint.confirmations),
    fee: receipt.effectiveGasPrice
      ? hexToBigInt(receipt.gasUsed) * hexToBigInt(receipt.effectiveGasPrice)
      : null,
  };
}
