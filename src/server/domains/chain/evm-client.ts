import { z } from "zod";
import type { ChainEndpoint } from "../../platform/config/chain-config";
import { type ChainLookup, callJsonRpc, hexToBigInt, readTransferEvent } from "./chain-answer";

const hexQuantity = z.string().regex(/^0x[0-9a-fA-F]+$/);
const receiptSchema = z
  .object({
    status: hexQuantity,
    blockNumber: hexQuantity,
    gasUsed: hexQuantity,
    /** The price per gas paid, in wei; nodes from before EIP-1559 may leave it out. */
    effectiveGasPrice: hexQuantity.optional(),
    logs: z.array(
      z.object({
        address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
        topics: z.array(z.string()),
        data: z.string().regex(/^0x[0-9a-fA-F]*$/),
      }),
    ),
  })
  .nullable();

/** Looks a transaction up on an Ethereum-style node (BEP20, ERC20, Polygon). */
export async function lookUpEvmTransaction(
  endpoint: ChainEndpoint,
  hash: string,
): Promise<ChainLookup> {
  const receipt = await callJsonRpc(endpoint, "eth_getTransactionReceipt", [hash], receiptSchema);
  // A null receipt: the node has never seen the hash, or it is not yet in a block.
  if (!receipt) return { found: false };
  if (hexToBigInt(receipt.status) !== 1n) return { found: true, succeeded: false };
  const head = await callJsonRpc(endpoint, "eth_blockNumber", [], hexQuantity);
  const confirmations = hexToBigInt(head) - hexToBigInt(receipt.blockNumber) + 1n;
  const transfers = receipt.logs.flatMap((log) => {
    const transfer = readTransferEvent(log);
    return transfer
      ? [
          {
            token: log.address.toLowerCase(),
            to: `0x${transfer.to}`,
            baseUnits: transfer.baseUnits,
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
