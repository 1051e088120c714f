import { randomBytes } from "node:crypto";
import type { FakeChainAnswer } from "./fake-chain";

/** One token transfer the stand-in chain holds, in a block of its own numbering. */
export type FakeEvmTransfer = {
  token: string;
  from: string;
  to: string;
  baseUnits: bigint;
  block: number;
  txHash: string;
  logIndex: number;
  /** A reverted transaction (a node should list no logs of it; this one does). */
  failed?: boolean;
  /** The node answers the log with `removed: true`, as after a reorganisation. */
  removed?: boolean;
};

/** A token amount written as a decimal (at most `decimals` places), in the token's base units. */
export function baseUnitsOf(amount: string, decimals: number): bigint {
  const [whole = "0", fraction = ""] = amount.split(".");
  if (fraction.length > decimals) throw new Error(`${amount} has more than ${decimals} places`);
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0"));
}

const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const word = (hex: string) => `0x${hex.replace(/^0x/, "").toLowerCase().padStart(64, "0")}`;
const quantity = (value: number | bigint) => `0x${value.toString(16)}`;

/**
 * A stand-in EVM node (BEP20, ERC20, Polygon) over a chain of blocks with token
 * transfers: eth_blockNumber, eth_getLogs over a block range with the address and
 * topic filters, eth_getTransactionReceipt and eth_getBlockByNumber (a block's time is
 * when its first transfer was sent, or the time a test gives it). Tests move the head, send transfers,
 * reorganise blocks away, refuse ranges wider than `maxRange`, make the node lie
 * (`ignoresAddress`: every token's events whatever the filter) or take it down (`isDown`).
 */
export class FakeEvmNode {
  head = 100;
  transfers: FakeEvmTransfer[] = [];
  maxRange = Number.POSITIVE_INFINITY;
  ignoresAddress = false;
  /** The node is down: every call's connection is dropped. */
  isDown = false;
  /** Every call, in order: the method and, for eth_getLogs, its range. */
  calls: { method: string; from?: number; to?: number }[] = [];
  /** How many times each block was mined again: a block's hash changes with it. */
  #forks = new Map<number, number>();
  /** Each block's time in seconds, as its header's `timestamp`. */
  #blockTimes = new Map<number, number>();

  /**
   * Puts a transfer in a block (the head's by default); answers its transaction hash.
   * `at` is the block's time; without it a block takes the time its first transfer is sent.
   */
  send(
    transfer: Omit<FakeEvmTransfer, "txHash" | "logIndex" | "block"> & Partial<FakeEvmTransfer>,
    { at }: { at?: Date } = {},
  ) {
    const txHash = transfer.txHash ?? `0x${randomBytes(32).toString("hex")}`;
    const block = transfer.block ?? this.head;
    if (at || !this.#blockTimes.has(block)) {
      this.#blockTimes.set(block, Math.floor((at ?? new Date()).getTime() / 1000));
    }
    this.transfers.push({
      block,
      logIndex: this.transfers.filter((other) => other.txHash === txHash).length,
      ...transfer,
      txHash,
    });
    return txHash;
  }

  /** A block's time in seconds: an empty block's is now. */
  blockTime(block: number) {
    return this.#blockTimes.get(block) ?? Math.floor(Date.now() / 1000);
  }

  /** A reorganisation: the blocks from `block` on are mined again without their transfers. */
  reorganiseFrom(block: number) {
    this.transfers = this.transfers.filter((transfer) => transfer.block < block);
    for (let number = block; number <= this.head; number += 1) {
      this.#forks.set(number, (this.#forks.get(number) ?? 0) + 1);
    }
  }

  blockHash(block: number) {
    return word(`${block.toString(16)}f${this.#forks.get(block) ?? 0}`);
  }

  respond = (method: string, params: unknown): FakeChainAnswer => {
    if (this.isDown) return { drop: true };
    if (method === "eth_blockNumber") {
      this.calls.push({ method });
      return { json: quantity(this.head) };
    }
    if (method === "eth_getLogs") {
      const [filter] = params as [
        { fromBlock: string; toBlock: string; address: string; topics: (string | null)[] },
      ];
      const from = Number(filter.fromBlock);
      const to = Number(filter.toBlock);
      this.calls.push({ method, from, to });
      if (to - from + 1 > this.maxRange) {
        return { rpcError: { code: -32005, message: "query returned more than 10000 results" } };
      }
      const logs = this.transfers
        .filter((transfer) => transfer.block >= from && transfer.block <= to)
        .filter((transfer) => this.ignoresAddress || sameHex(transfer.token, filter.address))
        .map((transfer) => this.#logOf(transfer))
        .filter((log) =>
          filter.topics.every((topic, index) => topic === null || topic === log.topics[index]),
        );
      return { json: logs };
    }
    if (method === "eth_getTransactionReceipt") {
      this.calls.push({ method });
      const [hash] = params as [string];
      const ofTx = this.transfers.filter((transfer) => transfer.txHash === hash);
      const [first] = ofTx;
      if (!first) return { json: null };
      return {
        json: {
          status: first.failed ? "0x0" : "0x1",
          blockNumber: quantity(first.block),
          blockHash: this.blockHash(first.block),
          gasUsed: "0xb411",
          effectiveGasPrice: "0x59682f00",
          logs: first.failed ? [] : ofTx.map((transfer) => this.#logOf(transfer)),
        },
      };
    }
    if (method === "eth_getBlockByNumber") {
      this.calls.push({ method });
      const block = Number((params as [string])[0]);
      if (block > this.head) return { json: null };
      return {
        json: {
          number: quantity(block),
          hash: this.blockHash(block),
          timestamp: quantity(this.blockTime(block)),
          transactions: [],
        },
      };
    }
    return { rpcError: { code: -32601, message: "the method does not exist" } };
  };

  #logOf(transfer: FakeEvmTransfer) {
    return {
      address: transfer.token.toLowerCase(),
      topics: [TRANSFER, word(transfer.from), word(transfer.to)],
      data: word(transfer.baseUnits.toString(16)),
      blockNumber: quantity(transfer.block),
      blockHash: this.blockHash(transfer.block),
      transactionHash: transfer.txHash,
      logIndex: quantity(transfer.logIndex),
      removed: transfer.removed === true,
    };
  }
}

const sameHex = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
