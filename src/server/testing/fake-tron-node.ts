import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
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

/** A transfer as TronGrid's index lists it. */
export type FakeIndexEntry = {
  transaction_id: string;
  token_info: { address: string; decimals: number; symbol: string; name: string };
  block_timestamp: number;
  from: string;
  to: string;
  type: "Transfer";
  value: string;
};

const TRANSFER = "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
/** Block 0's time, unless a node is given another; then one block every 3 s. */
const GENESIS_MS = 1_764_000_000_000;
const BLOCK_MS = 3_000;
/** When a block was produced on a node of the default genesis, in ms. */
export const blockTime = (block: number) => GENESIS_MS + block * BLOCK_MS;
/** TronGrid's largest page. */
const INDEX_PAGE_LIMIT = 200;
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
 * the HTTP API as java-tron does: /wallet/getnowblock, /wallet/getblockbynum (its header),
 * /wallet/gettransactioninfobyblocknum (every transaction info of a block with its
 * events) and /wallet/gettransactioninfobyid.
 * Tests move the head, send transfers, reorganise blocks away; `others` fills each
 * block with other people's transfers (the benchmark's day of blocks). With
 * `servesIndex` it is TronGrid too: `/v1/accounts/{a}/transactions/trc20` lists the
 * wallet's transfers (and `indexLies`, what the index says that the chain does not),
 * refusing with 401 a call without `apiKey` when one is set; a plain node answers 404.
 */
export class FakeTronNode {
  head: number;
  transfers: FakeTronTransfer[] = [];
  /** Every call, in order: its path and, for a block, its number. */
  calls: { call: string; block?: number }[] = [];
  /** False: the calls are not kept (a benchmark's day of blocks). */
  keepsCalls = true;
  servesIndex = false;
  /** The key TronGrid's index wants in TRON-PRO-API-KEY; none: it wants none. */
  apiKey: string | undefined;
  /** Entries the index lists besides the chain's own transfers. */
  indexLies: FakeIndexEntry[] = [];
  /** The API key each index call carried, in order. */
  indexKeys: (string | undefined)[] = [];

  /**
   * Blocks behind the head that the solidified view (/walletsolidity) ends at: TRON's
   * blocks are solidified once two thirds of its 27 producers built on them.
   */
  solidifiedBehind = 19;

  readonly #others: (block: number) => FakeTronTransfer[];
  /** Block 0's time, in ms; then one block every 3 s. */
  readonly genesisMs: number;

  constructor({
    head = 1_000,
    others = () => [],
    genesisMs = GENESIS_MS,
  }: {
    head?: number;
    others?: (block: number) => FakeTronTransfer[];
    genesisMs?: number;
  } = {}) {
    this.head = head;
    this.#others = others;
    this.genesisMs = genesisMs;
  }

  /** When a block was produced, in ms. */
  timeOf(block: number) {
    return this.genesisMs + block * BLOCK_MS;
  }

  get solidifiedHead() {
    return this.head - this.solidifiedBehind;
  }

  /**
   * Puts a transfer in a block: by default a new one, the head moving to it (a block
   * already produced does not change but by a reorganisation). Answers its transaction id.
   */
  send(transfer: Omit<FakeTronTransfer, "txId" | "block"> & Partial<FakeTronTransfer>) {
    const txId = transfer.txId ?? randomBytes(32).toString("hex");
    if (transfer.block === undefined) this.head += 1;
    this.transfers.push({ ...transfer, block: transfer.block ?? this.head, txId });
    return txId;
  }

  /** A reorganisation: the blocks from `block` on are produced again without their transfers. */
  reorganiseFrom(block: number) {
    this.transfers = this.transfers.filter((transfer) => transfer.block < block);
  }

  respond = (call: string, params: unknown, headers: IncomingHttpHeaders = {}): FakeChainAnswer => {
    const { num, value } = params as { num?: number; value?: string };
    if (this.keepsCalls) this.calls.push(num === undefined ? { call } : { call, block: num });
    if (call.startsWith("/v1/")) return this.#index(call, headers);
    if (call === "/wallet/getnowblock") return { json: this.#header(this.head) };
    if (call === "/walletsolidity/getnowblock") return { json: this.#header(this.solidifiedHead) };
    if (call === "/wallet/getblockbynum") {
      return { json: num === undefined || num > this.head ? {} : this.#header(num) };
    }
    if (call === "/wallet/gettransactioninfobyblocknum") {
      if (num === undefined || num > this.head) return { json: [] };
      const inBlock = [
        ...this.#others(num),
        ...this.transfers.filter((transfer) => transfer.block === num),
      ];
      const txIds = [...new Set(inBlock.map((transfer) => transfer.txId))];
      return { json: txIds.map((txId) => this.#infoOf(inBlock.filter((t) => t.txId === txId))) };
    }
    if (
      call === "/wallet/gettransactioninfobyid" ||
      call === "/walletsolidity/gettransactioninfobyid"
    ) {
      const last = call.startsWith("/walletsolidity/") ? this.solidifiedHead : this.head;
      const ofTx = this.transfers.filter(
        (transfer) => transfer.txId === value && transfer.block <= last,
      );
      return { json: ofTx.length > 0 ? this.#infoOf(ofTx) : {} };
    }
    return { garbage: `${call} is not served here` };
  };

  /** A transfer as the index lists it, whether or not the chain holds it. */
  indexEntryOf(transfer: FakeTronTransfer): FakeIndexEntry {
    return {
      transaction_id: transfer.txId,
      token_info: { address: transfer.token, decimals: 6, symbol: "USDT", name: "Tether USD" },
      block_timestamp: this.timeOf(transfer.block),
      from: transfer.from,
      to: transfer.to,
      type: "Transfer",
      value: transfer.baseUnits.toString(),
    };
  }

  /** TronGrid's index: the wallet's transfers of a token, oldest first, paged by fingerprint. */
  #index(call: string, headers: IncomingHttpHeaders): FakeChainAnswer {
    if (!this.servesIndex) return { status: 404, body: "Not Found" };
    const key = headers["tron-pro-api-key"];
    if (this.keepsCalls) this.indexKeys.push(typeof key === "string" ? key : undefined);
    if (this.apiKey !== undefined && key !== this.apiKey) {
      return { status: 401, body: JSON.stringify({ success: false, error: "ApiKey not exists" }) };
    }
    const url = new URL(call, "http://index");
    const wallet = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(url.pathname)?.[1];
    if (wallet === undefined) return { status: 404, body: "Not Found" };
    const query = url.searchParams;
    const token = query.get("contract_address");
    const since = Number(query.get("min_timestamp") ?? 0);
    const limit = Math.min(Number(query.get("limit") ?? 20), INDEX_PAGE_LIMIT);
    const offset = Number(Buffer.from(query.get("fingerprint") ?? "", "base64url").toString() || 0);
    const listed = [
      ...this.transfers
        .filter((transfer) => transfer.block <= this.head)
        .filter((transfer) => transfer.from === wallet || transfer.to === wallet)
        .map((transfer) => this.indexEntryOf(transfer)),
      ...this.indexLies,
    ]
      .filter((entry) => token === null || entry.token_info.address === token)
      .filter((entry) => entry.block_timestamp >= since)
      .sort(
        (a, b) =>
          a.block_timestamp - b.block_timestamp || a.transaction_id.localeCompare(b.transaction_id),
      );
    const page = listed.slice(offset, offset + limit);
    const next = offset + limit < listed.length ? String(offset + limit) : undefined;
    return {
      json: {
        data: page,
        success: true,
        meta: {
          at: this.timeOf(this.head),
          page_size: page.length,
          ...(next === undefined ? {} : { fingerprint: Buffer.from(next).toString("base64url") }),
        },
      },
    };
  }

  /** A block's header as getnowblock and getblockbynum answer it. */
  #header(block: number) {
    return {
      blockID: blockId(block),
      block_header: { raw_data: { number: block, timestamp: this.timeOf(block) } },
    };
  }

  /** A transaction's info as java-tron writes it, with one event per transfer. */
  #infoOf(transfers: FakeTronTransfer[]) {
    const [first] = transfers as [FakeTronTransfer];
    return {
      id: first.txId,
      fee: 13_844_850,
      blockNumber: first.block,
      blockTimeStamp: this.timeOf(first.block),
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
}

/** A TRON block id: the block's number in its first 8 bytes. */
export const blockId = (block: number) =>
  `${block.toString(16).padStart(16, "0")}${"cd".repeat(24)}`;

/** A TRON address no other test uses: 0x41 and 20 random bytes, in base58check. */
export const randomTronAddress = () => tronAddress(randomBytes(20).toString("hex"));
