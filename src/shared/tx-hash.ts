import { base58 } from "@scure/base";
import { type ChainFamily, type NetworkId, networkOf } from "./catalog";

/*
 * Transaction hashes (domain-reference §4). Apart from the catalog: the base58 check
 * brings @scure/base's tables, which the exchange screen does not need.
 */

const BASE58_SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;
const TX_HASH_RULES: Record<ChainFamily, (hash: string) => boolean> = {
  tron: (hash) => /^[0-9a-fA-F]{64}$/.test(hash),
  evm: (hash) => /^0x[0-9a-fA-F]{64}$/.test(hash),
  solana: (hash) => BASE58_SIGNATURE.test(hash) && base58.decode(hash).length === 64,
};

function familyOf(network: NetworkId): ChainFamily {
  return networkOf(network).family;
}

export function isValidTxHash(network: NetworkId, hash: string): boolean {
  return TX_HASH_RULES[familyOf(network)](hash);
}

/**
 * The form of a transaction hash to store and compare: trimmed, and lowercase for
 * hex hashes (base58 signatures are case-sensitive and stay as they are).
 */
export function normalizeTxHash(network: NetworkId, hash: string): string {
  const trimmed = hash.trim();
  return familyOf(network) === "solana" ? trimmed : trimmed.toLowerCase();
}
