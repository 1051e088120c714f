import { BinaryReader, BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { sha256 } from "@noble/hashes/sha2.js";
import { hex } from "@scure/base";
import { PayoutRefused } from "../payout-policy";

/*
 * A TRON transaction as the signer reads and signs it (decision 058). A node builds it
 * (java-tron's /wallet/triggersmartcontract), so its bytes are read field by field
 * against the payout before its txID, sha256 of those bytes, is signed: a node that
 * changed the recipient, the amount, the token, the fee limit or the expiration, or put
 * in anything else, gets nothing signed. The JSON a node sends beside the bytes is never
 * read: it is not what would be signed.
 */

/** TRC-20 transfer(address,uint256)'s selector. */
const TRANSFER_SELECTOR = "a9059cbb";
/** Transaction.Contract.ContractType.TriggerSmartContract. */
const TRIGGER_SMART_CONTRACT = 31n;
const TRIGGER_TYPE_URL = "type.googleapis.com/protocol.TriggerSmartContract";
/**
 * The latest expiration the signer signs: java-tron's nodes give a minute. A later one
 * would only keep the order from being signed again for longer if it is lost.
 */
export const MOST_EXPIRATION_MS = 10 * 60_000;

/** The payout a node's transaction must be: addresses as 21 bytes in hex ("41…"). */
export type TronPayout = {
  owner: string;
  token: string;
  recipient: string;
  amount: bigint;
  feeLimitSun: bigint;
};

/** A node's transaction that is not the payout asked for; nothing is signed. */
export class TronTransactionRefused extends PayoutRefused {}

type Field = bigint | Uint8Array;

/**
 * The fields of one protobuf message, each by its number; a field not in `shape`, or of
 * another wire type than it says, refuses the message (`what` names it).
 */
function readFields(
  bytes: Uint8Array,
  what: string,
  shape: Record<number, WireType.Varint | WireType.LengthDelimited>,
) {
  const reader = new BinaryReader(bytes);
  const fields = new Map<number, Field[]>();
  while (reader.pos < reader.len) {
    const [number, wireType] = reader.tag();
    if (shape[number] !== wireType) {
      throw new TronTransactionRefused(
        `the node's transaction has a field ${number} in its ${what}`,
      );
    }
    const value = wireType === WireType.Varint ? BigInt(reader.uint64()) : reader.bytes();
    fields.set(number, [...(fields.get(number) ?? []), value]);
  }
  if (reader.pos !== reader.len)
    throw new TronTransactionRefused(`the node's ${what} is cut short`);
  return {
    /** The field's one value; a field repeated is refused. */
    one<T extends Field>(number: number, name: string, fallback?: T): T {
      const values = fields.get(number) ?? [];
      if (values.length > 1) throw new TronTransactionRefused(`the node's ${what} has two ${name}`);
      const [value = fallback] = values;
      if (value === undefined)
        throw new TronTransactionRefused(`the node's ${what} has no ${name}`);
      return value as T;
    },
    count: (number: number) => fields.get(number)?.length ?? 0,
  };
}

const V = WireType.Varint;
const BYTES = WireType.LengthDelimited;
const hexOf = (bytes: Uint8Array) => hex.encode(bytes);
const word = (value: string) => value.padStart(64, "0");

/** transfer(recipient, amount)'s call data, as the payout's must be: 68 bytes. */
export function transferCallData(recipient: string, amount: bigint) {
  return `${TRANSFER_SELECTOR}${word(recipient.slice(2))}${word(amount.toString(16))}`;
}

/**
 * Reads the node's raw transaction (`rawHex`, raw_data_hex) and answers its txID and
 * expiration if it is exactly `payout`: one TriggerSmartContract call of the token's
 * transfer to the recipient for the amount, from the owner, with no TRX or other token
 * sent along, under the fee limit asked, expiring within MOST_EXPIRATION_MS of `nowMs`.
 */
export function checkTronPayout(rawHex: string, payout: TronPayout, nowMs: number) {
  try {
    return readPayout(rawHex, payout, nowMs);
  } catch (error) {
    if (error instanceof TronTransactionRefused) throw error;
    // A length or varint past the end: protobuf's reader says which.
    throw new TronTransactionRefused(
      `the node's transaction cannot be read: ${error instanceof Error ? error.message : error}`,
    );
  }
}

function readPayout(rawHex: string, payout: TronPayout, nowMs: number) {
  if (!/^([0-9a-fA-F]{2})+$/.test(rawHex)) {
    throw new TronTransactionRefused("the node's transaction is not hex");
  }
  const raw = hex.decode(rawHex.toLowerCase());
  // ref_block_bytes 1, ref_block_hash 4, expiration 8, contract 11, timestamp 14, fee_limit 18.
  const rawFields = readFields(raw, "transaction", {
    1: BYTES,
    4: BYTES,
    8: V,
    11: BYTES,
    14: V,
    18: V,
  });
  rawFields.one<Uint8Array>(1, "reference block");
  rawFields.one<Uint8Array>(4, "reference block hash");
  if (rawFields.count(11) !== 1) {
    throw new TronTransactionRefused("the node's transaction does not make exactly one call");
  }
  const expiration = rawFields.one<bigint>(8, "expiration");
  const feeLimit = rawFields.one<bigint>(18, "fee limit", 0n);
  // type 1, parameter 2, Permission_id 5 (the owner's own permission, 0, only).
  const contract = readFields(rawFields.one<Uint8Array>(11, "call"), "call", {
    1: V,
    2: BYTES,
    5: V,
  });
  if (contract.one<bigint>(1, "type") !== TRIGGER_SMART_CONTRACT) {
    throw new TronTransactionRefused("the node's transaction is not a contract call");
  }
  if (contract.one<bigint>(5, "permission", 0n) !== 0n) {
    throw new TronTransactionRefused(
      "the node's transaction asks another permission than the owner's",
    );
  }
  const any = readFields(contract.one<Uint8Array>(2, "parameter"), "parameter", {
    1: BYTES,
    2: BYTES,
  });
  if (new TextDecoder().decode(any.one<Uint8Array>(1, "type")) !== TRIGGER_TYPE_URL) {
    throw new TronTransactionRefused("the node's call is not a TriggerSmartContract");
  }
  // owner 1, contract 2, call_value 3, data 4, call_token_value 5, token_id 6.
  const call = readFields(any.one<Uint8Array>(2, "call"), "call", {
    1: BYTES,
    2: BYTES,
    3: V,
    4: BYTES,
    5: V,
    6: V,
  });
  const differs = (name: string, found: string, expected: string) => {
    if (found.toLowerCase() !== expected.toLowerCase()) {
      throw new TronTransactionRefused(
        `the node's transaction has another ${name}: ${found}, not ${expected}`,
      );
    }
  };
  differs("sender", hexOf(call.one<Uint8Array>(1, "sender")), payout.owner);
  differs("token", hexOf(call.one<Uint8Array>(2, "token")), payout.token);
  differs(
    "transfer",
    hexOf(call.one<Uint8Array>(4, "call data")),
    transferCallData(payout.recipient, payout.amount),
  );
  if (
    call.one<bigint>(3, "TRX sent", 0n) !== 0n ||
    call.one<bigint>(5, "token sent", 0n) !== 0n ||
    call.one<bigint>(6, "token id", 0n) !== 0n
  ) {
    throw new TronTransactionRefused("the node's transaction sends TRX or another token along");
  }
  differs("fee limit", feeLimit.toString(), payout.feeLimitSun.toString());
  if (expiration <= BigInt(nowMs) || expiration > BigInt(nowMs + MOST_EXPIRATION_MS)) {
    throw new TronTransactionRefused(
      `the node's transaction expires at ${new Date(Number(expiration)).toISOString()}, not within ${MOST_EXPIRATION_MS / 60_000} minutes`,
    );
  }
  return { raw, txId: sha256(raw), expiresAt: new Date(Number(expiration)) };
}

/** The signed transaction as /wallet/broadcasthex takes it: Transaction { raw_data 1, signature 2 }. */
export function signedTronTransaction(raw: Uint8Array, signature: Uint8Array): string {
  const writer = new BinaryWriter();
  writer.tag(1, BYTES).bytes(raw);
  writer.tag(2, BYTES).bytes(signature);
  return hexOf(writer.finish());
}
