import { randomBytes } from "node:crypto";
import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check, hex } from "@scure/base";
import { type FakeChainAnswer, tronHex } from "./fake-chain";

/** One token transfer the stand-in TRON chain holds, in a block of its own numbering. */
export type FakeTronTransfer = {
  /** Base58, as the desk writes TRON addresses. */
  token: string;
  from: string;
  to: string;
  baseUnits: bigint;
  block: number;
  /** 64 hex digits, no 0x. */
  txId: string;
  /** A reverted call (a node should list no events of it; this one does). */
  failed?: boolean;
};

const TRANSFER = "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const word = (hexText: string) => hexText.padStart(64, "0");
const tronAddress = (twentyBytesHex: string) =>
  createBase58check(sha256).encode(hex.decode(`41${twentyBytesHex}`));
const eventAddresses = new Map<string, string>();
/** An event names addresses by their 20 bytes, without TRON's 0x41 (kept: a benchmark asks often). */
function eventAddress(address: string) {
  let inHex = eventAddresses.get(address);
  if (inHex === undefined) {
    inHex = tronHex(address).slice(2);
    eventAddresses.set(address, inHex);
  }
  return inHex;
}

/**
 * A stand-in TRON full node over a chain of blocks with TRC-20 transfers, answering
 * the HTTP API as java-tron does: /wallet/getnowblock, /wallet/gettransactioninfobyblocknum
 * (every transaction info of a block with its events) and /wallet/gettransactioninfobyid.
 * Tests move the head, send transfers, reorganise blocks away; `others` fills each
 * block with other people's transfers (the benchmark's day of blocks).
 */
export class FakeTronNode {
  head: number;
  transfers: FakeTronTransfer[] = [];
  /** Every call, in order: its path and, for a block, its number. */
  calls: { call: string; block?: number }[] = [];
  /** False: the calls are not kept (a benchmark's day of blocks). */
  keepsCalls = true;

  readonly #others: (block: number) => FakeTronTransfer[];

  constructor({
    head = 1_000,
    others = () => [],
  }: { head?: number; others?: (block: number) => FakeTronTransfer[] } = {}) {
    this.head = head;
    this.#others = others;
  }

  /**
   * Puts a transfer in a block: by default a new one, the head moving to it (a block
   * already produced does not change but by a reorganisation). Answers its transaction id.
   */
  send(transfer: Omit<FakeTronTransfer, "txId" | "block"> & Partial<FakeTronTransfer>) {
    const txId = transfer.txId ?? randomBytes(32).toString("hex");
    if (transfer.block === undefined) this.head += 1;
    this.transfers.push({ block: this.head, ...transfer, txId });
    return txId;
  }

  /** A reorganisation: the blocks from `block` on are produced again without their transfers. */
  reorganiseFrom(block: number) {
    this.transfers = this.transfers.filter((transfer) => transfer.block < block);
  }

  respond = (call: string, params: unknown): FakeChainAnswer => {
    const { num, value } = params as { num?: number; value?: string };
    if (this.keepsCalls) this.calls.push(num === undefined ? { call } : { call, block: num });
    if (call === "/wallet/getnowblock") {
      return {
        json: {
          blockID: blockId(this.head),
          block_header: { raw_data: { number: this.head, timestamp: 1_764_000_000_000 } },
        },
      };
    }
    if (call === "/wallet/gettransactioninfobyblocknum") {
      if (num === undefined || num > this.head) return { json: [] };
      const inBlock = [
        ...this.#others(num),
        ...this.transfers.filter((transfer) => transfer.block === num),
      ];
      const txIds = [...new Set(inBlock.map((transfer) => transfer.txId))];
      return { json: txIds.map((txId) => infoOf(inBlock.filter((t) => t.txId === txId))) };
    }
    if (call === "/wallet/gettransactioninfobyid") {
      const ofTx = this.transfers.filter((transfer) => transfer.txId === value);
      return { json: ofTx.length > 0 ? infoOf(ofTx) : {} };
    }
    return { garbage: `${call} is not served here` };
  };
}

/** A TRON block id: the block's number in its first 8 bytes. */
const blockId = (block: number) => `${block.toString(16).padStart(16, "0")}${"cd".repeat(24)}`;

/** A transaction's info as java-tron writes it, with one event per transfer. */
function infoOf(transfers: FakeTronTransfer[]) {
  const [first] = transfers as [FakeTronTransfer];
  return {
    id: first.txId,
    fee: 13_844_850,
    blockNumber: first.block,
    blockTimeStamp: 1_764_000_000_000,
    contractResult: [first.failed ? "" : word("1")],
    contract_address: tronHex(first.token),
    receipt: {
      energy_usage_total: 130_285,
      net_fee: 345_000,
      result: first.failed ? "REVERT" : "SUCCESS",
    },
    log: transfers.map((transfer) => ({
      address: eventAddress(transfer.token),
      topics: [TRANSFER, word(eventAddress(transfer.from)), word(eventAddress(transfer.to))],
      data: word(transfer.baseUnits.toString(16)),
    })),
    ...(first.failed ? { result: "FAILED" } : {}),
  };
}

/** A TRON address no other test uses: 0x41 and 20 random bytes, in base58check. */
export const randomTronAddress = () => tronAddress(randomBytes(20).toString("hex"));
