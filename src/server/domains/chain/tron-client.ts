import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check, hex } from "@scure/base";
import { z } from "zod";
import type { ChainEndpoint } from "../../platform/config/chain-config";
import { ChainEndpointError, type ChainLookup, postJson, readTransferEvent } from "./chain-answer";

const tronBase58check = createBase58check(sha256);

/**
 * A 20-byte address as an event writes it (hex, no prefix) in its base58 form, as
 * orders and the token setting hold it: the 0x41 TRON prefix, then base58check.
 */
export function tronAddressFromEvent(addressHex: string): string {
  return tronBase58check.encode(hex.decode(`41${addressHex.toLowerCase()}`));
}

/** A base58 address as an event writes it: its 20 bytes in lowercase hex, without 0x41. */
export function tronAddressToEvent(address: string): string {
  return hex.encode(tronBase58check.decode(address)).slice(2);
}

/** What a full node tells of a transaction in a block: its result and its events. */
export const tronTransactionInfo = z.object({
  id: z.string().regex(/^[0-9a-fA-F]{64}$/),
  blockNumber: z.number().int().nonnegative(),
  /** When its block was made, in ms; the watcher needs it, a payout's lookup does not. */
  blockTimeStamp: z.number().int().nonnegative().optional(),
  /** TRX burnt for energy and bandwidth, in sun; left out when nothing was burnt. */
  fee: z.number().int().nonnegative().optional(),
  /** "FAILED" when the transaction failed; left out when it succeeded. */
  result: z.string().optional(),
  /** `result`: how the contract call ended ("SUCCESS", "REVERT", "OUT_OF_ENERGY" …). */
  receipt: z.object({ result: z.string().optional() }).optional(),
  /** The events the contracts emitted; the address is the emitting contract's 20 bytes. */
  log: z
    .array(
      z.object({
        address: z.string().regex(/^[0-9a-fA-F]{40}$/),
        topics: z.array(z.string().regex(/^[0-9a-fA-F]{64}$/)),
        data: z
          .string()
          .regex(/^[0-9a-fA-F]*$/)
          .optional(),
      }),
    )
    .default([]),
});
export type TronTransactionInfo = z.infer<typeof tronTransactionInfo>;

const infoSchema = z.union([
  // A hash the node does not know, or not yet in a block: an empty object.
  z.strictObject({}),
  tronTransactionInfo,
]);
const blockHeaderSchema = z.object({
  block_header: z.object({
    raw_data: z.object({
      number: z.number().int().nonnegative(),
      /** When the block was produced, in ms. */
      timestamp: z.number().int().nonnegative(),
    }),
  }),
});

/** The newest block's number and time (ms), from the full node, or its newest solidified one. */
export async function fetchTronNowBlock(
  endpoint: ChainEndpoint,
  { solidified = false } = {},
): Promise<{ number: number; timestamp: number }> {
  const path = `/${solidified ? "walletsolidity" : "wallet"}/getnowblock`;
  const now = await postJson(endpoint, path, {}, blockHeaderSchema);
  return now.block_header.raw_data;
}

/** The newest block's number, from the full node. */
export async function fetchTronHead(endpoint: ChainEndpoint): Promise<number> {
  return (await fetchTronNowBlock(endpoint)).number;
}

/**
 * A block's number and time (ms), from the full node; undefined when the node does not
 * have it (java-tron answers `{}`). A block it answers with another number is refused.
 */
export async function fetchTronBlockHeader(endpoint: ChainEndpoint, block: bigint) {
  const answer = await postJson(
    endpoint,
    "/wallet/getblockbynum",
    { num: Number(block) },
    blockHeaderSchema.or(z.object({}).strict()),
  );
  if (!("block_header" in answer)) return undefined;
  const { raw_data } = answer.block_header;
  if (BigInt(raw_data.number) !== block) {
    throw new ChainEndpointError(
      "CHAIN_BAD_ANSWER",
      `The chain endpoint answered block ${block} with block ${raw_data.number}.`,
    );
  }
  return raw_data;
}

/** When a block was produced (ms), from the full node; a block it does not have is refused. */
export async function fetchTronBlockTime(endpoint: ChainEndpoint, block: bigint): Promise<number> {
  const header = await fetchTronBlockHeader(endpoint, block);
  if (!header) throw blockUnknown(block);
  return header.timestamp;
}

/** A block the node does not have yet: one behind the node that gave the head. */
export const blockUnknown = (block: bigint) =>
  new ChainEndpointError(
    "CHAIN_BAD_ANSWER",
    `The chain endpoint does not have block ${block} yet: it is read again on the next pass.`,
  );

/**
 * A transaction's info (its block, result and events); undefined when the node does not
 * know it. `solidified`: from the node's solidified view (/walletsolidity), where only
 * blocks no reorganisation can take away are.
 */
export async function fetchTronTransactionInfo(
  endpoint: ChainEndpoint,
  hash: string,
  { solidified = false } = {},
): Promise<TronTransactionInfo | undefined> {
  const info = await postJson(
    endpoint,
    `/${solidified ? "walletsolidity" : "wallet"}/gettransactioninfobyid`,
    { value: hash },
    infoSchema,
  );
  return "id" in info ? (info as TronTransactionInfo) : undefined;
}

/**
 * Whether the transaction's contract call ran to its end: "FAILED" as a whole, or a
 * call that reverted or ran out of energy, did not. Only then do its events count.
 */
export function hasTronCallSucceeded(info: TronTransactionInfo): boolean {
  return info.result !== "FAILED" && info.receipt?.result === "SUCCESS";
}

/**
 * Looks a transaction up on a TRON full node's HTTP API (TRC20): what it moved is read
 * from the Transfer events it emitted, never from its call data, so a payout through a
 * contract wallet or a batch contract counts and a call that moved nothing does not
 * (docs/decisions/020).
 */
export async function lookUpTronTransaction(
  endpoint: ChainEndpoint,
  hash: string,
): Promise<ChainLookup> {
  const info = await fetchTronTransactionInfo(endpoint, hash);
  if (!info) return { found: false };
  const ran = info.receipt?.result;
  // A transaction that called no contract (a TRX transfer) has no receipt result and
  // no events: it succeeded, but moved no USDT.
  if (info.result === "FAILED" || (ran !== undefined && ran !== "SUCCESS")) {
    return { found: true, succeeded: false };
  }
  const confirmations = (await fetchTronHead(endpoint)) - info.blockNumber + 1;
  const transfers = (ran === "SUCCESS" ? info.log : []).flatMap((log, logIndex) => {
    const transfer = readTransferEvent(log);
    return transfer
      ? [
          {
            token: tronAddressFromEvent(log.address),
            to: tronAddressFromEvent(transfer.to),
            baseUnits: transfer.baseUnits,
            logIndex,
          },
        ]
      : [];
  });
  return {
    found: true,
    succeeded: true,
    transfers,
    confirmed: confirmations >= endpoint.confirmations,
    fee: BigInt(info.fee ?? 0),
  };
}
