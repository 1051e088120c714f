import { BinaryReader, WireType } from "@bufbuild/protobuf/wire";
import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check, hex } from "@scure/base";
import { utils as tronUtils } from "tronweb";
import { toFunctionSelector } from "viem";
import type { FakeChainAnswer } from "../../server/testing/fake-chain";
import { blockId, FakeTronNode } from "../../server/testing/fake-tron-node";

/** A transaction's raw data as java-tron writes it in JSON (visible: false, addresses in hex). */
export type TronRawJson = {
  contract: {
    parameter: {
      value: {
        data: string;
        owner_address: string;
        contract_address: string;
        call_value?: number;
      };
      type_url: string;
    };
    type: string;
    Permission_id?: number;
  }[];
  ref_block_bytes: string;
  ref_block_hash: string;
  /** A memo, in hex. */
  data?: string;
  expiration: number;
  fee_limit: number;
  timestamp: number;
};

type Built = { txID: string; raw_data: TronRawJson; raw_data_hex: string; visible: false };

/** What a broadcast carried and what the node answered. */
export type FakeBroadcast = { txId: string; code: string };

/** What java-tron burns for a USDT transfer to a wallet that holds USDT, in sun. */
const TRANSFER_FEE_SUN = 13_844_850n;
const base58check = createBase58check(sha256);
const base58Of = (hex41: string) => base58check.encode(hex.decode(hex41.toLowerCase()));
const textHex = (text: string) => Buffer.from(text).toString("hex");

/**
 * A stand-in TRON full node that takes payouts as java-tron does: it builds a TRC-20
 * transfer (/wallet/triggersmartcontract), encoding it with TronWeb's protobuf, and
 * takes it signed (/wallet/broadcasthex) only with a signature that recovers the
 * sender from its txID, before its expiration, once; then mines it in the next block,
 * failed if the sender lacks the USDT. It answers an account's TRX (/wallet/getaccount)
 * and USDT (balanceOf by /wallet/triggerconstantcontract). `alter` makes it lie: it
 * changes the transaction it builds, and with `hidesAlteration` answers the JSON of
 * the one asked beside the altered bytes. `mines` false: what it takes never reaches
 * a block (lost from every pool).
 */
export class FakeTronPayoutNode extends FakeTronNode {
  /** Each account's TRX in sun, by base58 address; an address not here has no account. */
  trx = new Map<string, bigint>();
  /** USDT given to an address besides the chain's transfers, in base units. */
  usdtGiven = new Map<string, bigint>();
  alter: ((raw: TronRawJson) => TronRawJson) | undefined;
  hidesAlteration = false;
  mines = true;
  broadcasts: FakeBroadcast[] = [];
  /** Transactions built, by txID: a broadcast's bytes are read against them. */
  readonly #built = new Map<string, TronRawJson>();
  readonly #taken = new Set<string>();

  constructor(
    readonly token: string,
    options: ConstructorParameters<typeof FakeTronNode>[0] = {},
  ) {
    super(options);
    const plain = this.respond;
    this.respond = (call, params, headers) =>
      this.#payoutCall(call, params as Record<string, string | number | undefined>) ??
      plain(call, params, headers);
  }

  #payoutCall(
    call: string,
    body: Record<string, string | number | undefined>,
  ): FakeChainAnswer | undefined {
    if (call === "/wallet/triggersmartcontract") {
      return { json: { result: { result: true }, transaction: this.#build(body) } };
    }
    if (call === "/wallet/broadcasthex") return { json: this.#broadcast(String(body.transaction)) };
    if (call === "/wallet/getaccount") {
      const address = base58Of(String(body.address));
      const balance = this.trx.get(address);
      return {
        json: balance === undefined ? {} : { address: body.address, balance: Number(balance) },
      };
    }
    if (call === "/wallet/triggerconstantcontract") {
      const owner = base58Of(`41${String(body.parameter).slice(24)}`);
      const balance = this.usdtOf(owner).toString(16).padStart(64, "0");
      return { json: { result: { result: true }, constant_result: [balance] } };
    }
    return undefined;
  }

  /** USDT of an address: what it was given, and the transfers that did not fail in and out. */
  usdtOf(address: string) {
    let balance = this.usdtGiven.get(address) ?? 0n;
    for (const transfer of this.transfers) {
      if (transfer.token !== this.token || transfer.failed || transfer.block > this.head) continue;
      if (transfer.to === address) balance += transfer.baseUnits;
      if (transfer.from === address) balance -= transfer.baseUnits;
    }
    return balance;
  }

  #build(body: Record<string, string | number | undefined>): Built {
    const selector = toFunctionSelector(String(body.function_selector)).slice(2);
    const id = blockId(this.head);
    const asked: TronRawJson = {
      contract: [
        {
          parameter: {
            value: {
              data: `${selector}${body.parameter}`,
              owner_address: String(body.owner_address),
              contract_address: String(body.contract_address),
              ...(Number(body.call_value ?? 0) > 0 ? { call_value: Number(body.call_value) } : {}),
            },
            type_url: "type.googleapis.com/protocol.TriggerSmartContract",
          },
          type: "TriggerSmartContract",
        },
      ],
      ref_block_bytes: id.slice(12, 16),
      ref_block_hash: id.slice(16, 32),
      // java-tron's default: a minute after its head block.
      expiration: this.timeOf(this.head) + 60_000,
      fee_limit: Number(body.fee_limit ?? 0),
      timestamp: this.timeOf(this.head),
    };
    const raw = this.alter ? this.alter(structuredClone(asked)) : asked;
    const pb = tronUtils.transaction.txJsonToPb({ raw_data: raw, visible: false });
    const txID = tronUtils.transaction.txPbToTxID(pb).replace(/^0x/, "");
    this.#built.set(txID, raw);
    return {
      txID,
      raw_data: this.hidesAlteration ? asked : raw,
      raw_data_hex: tronUtils.transaction.txPbToRawDataHex(pb).toLowerCase(),
      visible: false,
    };
  }

  /** java-tron's answer to a broadcast: `result` true, or a code and a message in hex. */
  #broadcast(transactionHex: string) {
    const { raw, signatures } = readSigned(transactionHex);
    const txId = hex.encode(sha256(raw));
    const refuse = (code: string, message: string) => {
      this.broadcasts.push({ txId, code });
      return { result: false, code, txid: txId, message: textHex(message) };
    };
    const built = this.#built.get(txId);
    if (!built) return refuse("OTHER_ERROR", "this stand-in reads only the transactions it built");
    const call = built.contract[0]?.parameter.value;
    if (!call) return refuse("CONTRACT_VALIDATE_ERROR", "no contract");
    const [signature, ...more] = signatures;
    if (!signature || more.length > 0) return refuse("SIGERROR", "one signature is needed");
    const signer = tronUtils.crypto.ecRecover(txId, hex.encode(signature)).toLowerCase();
    if (signer !== call.owner_address.toLowerCase()) {
      return refuse("SIGERROR", `Validate signature error: ${signer} is signed by another key`);
    }
    // java-tron checks the expiration before the duplicate.
    if (built.expiration <= this.timeOf(this.head)) {
      return refuse("TRANSACTION_EXPIRATION_ERROR", "Transaction expired");
    }
    if (this.#taken.has(txId)) return refuse("DUP_TRANSACTION_ERROR", "Dup transaction.");
    this.#taken.add(txId);
    this.broadcasts.push({ txId, code: "SUCCESS" });
    if (this.mines) this.#mine(txId, call);
    return { result: true, txid: txId };
  }

  #mine(txId: string, call: { data: string; owner_address: string; contract_address: string }) {
    const from = base58Of(call.owner_address);
    const baseUnits = BigInt(`0x${call.data.slice(72, 136)}`);
    this.send({
      token: base58Of(call.contract_address),
      from,
      to: base58Of(`41${call.data.slice(32, 72)}`),
      baseUnits,
      txId,
      failed: this.usdtOf(from) < baseUnits,
    });
    this.trx.set(from, (this.trx.get(from) ?? 0n) - TRANSFER_FEE_SUN);
  }
}

/** A signed transaction's protobuf: its raw data (field 1) and signatures (field 2). */
function readSigned(transactionHex: string) {
  const reader = new BinaryReader(hex.decode(transactionHex.toLowerCase()));
  let raw: Uint8Array = new Uint8Array();
  const signatures: Uint8Array[] = [];
  while (reader.pos < reader.len) {
    const [number, wireType] = reader.tag();
    if (number === 1 && wireType === WireType.LengthDelimited) raw = reader.bytes();
    else if (number === 2 && wireType === WireType.LengthDelimited) signatures.push(reader.bytes());
    else reader.skip(wireType);
  }
  return { raw, signatures };
}
