import { z } from "zod";
import type { ChainEndpoint } from "../../platform/config/chain-config";
import {
  ChainEndpointError,
  callJsonRpc,
  hexToBigInt,
  JsonRpcError,
  readTransferEvent,
  TRANSFER_TOPIC,
} from "./chain-answer";
import { hexQuantity } from "./evm-client";

const hexWord = z.string().regex(/^0x[0-9a-fA-F]{64}$/);
const logSchema = z.object({
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  topics: z.array(z.string()),
  data: z.string().regex(/^0x[0-9a-fA-F]*$/),
  blockNumber: hexQuantity,
  blockHash: hexWord,
  transactionHash: hexWord,
  logIndex: hexQuantity,
  /** True when a reorganisation took the log's block back. */
  removed: z.boolean().optional(),
});

/** One USDT transfer out of or into the wallet, as a log read it. */
export type TransferLog = {
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  /** Both 0x-prefixed lowercase hex. */
  from: string;
  to: string;
  baseUnits: bigint;
  removed: boolean;
};

/*
 * How nodes and providers say a range asks too much: geth's and Erigon's "query
 * returned more than 10000 results", Infura's -32005 "limit exceeded", Alchemy's "Log
 * response size exceeded", BSC's "exceed maximum block range: 5000", QuickNode's "is
 * limited to a 10,000 range", Polygon's "block range is too wide".
 */
const LIMIT_EXCEEDED = -32005;
const RANGE_REFUSED =
  /more than \d+ results|too many (results|logs|blocks)|limit exceeded|response size|(block )?range|too (large|wide|big)|timeout/i;

/** Whether the node refused the call for the size of its range (a smaller one may pass). */
export function isRangeRefused(error: unknown): boolean {
  return (
    error instanceof JsonRpcError &&
    (error.rpcCode === LIMIT_EXCEEDED || RANGE_REFUSED.test(error.rpcMessage))
  );
}

const blockTag = (block: bigint) => `0x${block.toString(16)}`;
const walletTopic = (wallet: string) => `0x${wallet.slice(2).toLowerCase().padStart(64, "0")}`;

/**
 * The token's Transfer logs from and to the wallet in blocks [from, to]: two calls,
 * the wallet as the sender's topic, then as the recipient's. When the node refuses a
 * range as too large, the range is halved and asked again; the answer says how far it
 * read. Only the token's own contract counts (a look-alike's events are dropped, also
 * when a node ignores the filter), and so does only a log of the asked range naming
 * the wallet where it was asked for.
 */
export async function readTransferLogs(
  endpoint: ChainEndpoint,
  query: { token: string; wallet: string; from: bigint; to: bigint },
): Promise<{ logs: TransferLog[]; to: bigint }> {
  const { token, wallet, from } = query;
  let to = query.to;
  for (;;) {
    try {
      const range = { fromBlock: blockTag(from), toBlock: blockTag(to), address: token };
      const getLogs = (topics: (string | null)[]) =>
        callJsonRpc(endpoint, "eth_getLogs", [{ ...range, topics }], z.array(logSchema));
      const transfer = `0x${TRANSFER_TOPIC}`;
      const sent = await getLogs([transfer, walletTopic(wallet)]);
      const received = await getLogs([transfer, null, walletTopic(wallet)]);
      const logs = [...sent, ...received].flatMap((log) => {
        const transfer = readTransferEvent(log);
        const blockNumber = hexToBigInt(log.blockNumber);
        const isOurs =
          transfer !== undefined &&
          log.address.toLowerCase() === token.toLowerCase() &&
          blockNumber >= from &&
          blockNumber <= to &&
          [transfer.from, transfer.to].includes(wallet.slice(2).toLowerCase());
        if (!isOurs) return [];
        return [
          {
            txHash: log.transactionHash.toLowerCase(),
            logIndex: Number(hexToBigInt(log.logIndex)),
            blockNumber,
            blockHash: log.blockHash.toLowerCase(),
            from: `0x${transfer.from}`,
            to: `0x${transfer.to}`,
            baseUnits: transfer.baseUnits,
            removed: log.removed === true,
          },
        ];
      });
      return { logs, to };
    } catch (error) {
      if (!isRangeRefused(error)) throw error;
      if (to === from) {
        throw new ChainEndpointError(
          "CHAIN_BAD_ANSWER",
          `The chain endpoint refuses even one block's logs (block ${from}).`,
        );
      }
      to = from + (to - from) / 2n;
    }
  }
}
