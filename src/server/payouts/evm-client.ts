import { z } from "zod";
import { type ChainEndpoint, type ChainLookup, callJsonRpc, hexToBigInt } from "./chain-answer";

/** keccak256("Transfer(address,address,uint256)"): the ERC-20 transfer event. */
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

const hexQuantity = z.string().regex(/^0x[0-9a-fA-F]+$/);
const receiptSchema = z
  .object({
    status: hexQuantity,
    blockNumber: hexQuantity,
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
  const transfers = receipt.logs
    .filter((log) => log.topics[0]?.toLowerCase() === TRANSFER_TOPIC && log.topics[2])
    .map((log) => ({
      token: log.address.toLowerCase(),
      // The recipient is topic 2, the 20-byte address left-padded to 32 bytes.
      to: `0x${(log.topics[2] ?? "").slice(-40).toLowerCase()}`,
      baseUnits: log.data === "0x" ? 0n : hexToBigInt(log.data),
    }));
  return {
    found: true,
    succeeded: true,
    transfers,
    confirmed: confirmations >= BigInt(endpoint.confirmations),
  };
}
