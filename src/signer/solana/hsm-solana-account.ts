import { base58 } from "@scure/base";
import { type Address, address } from "@solana/kit";
import type { HsmKey } from "../hsm/pkcs11-keys";

/** The desk's Solana payout key in the HSM: its address, and signatures of transaction messages. */
export type SolanaAccount = {
  /** The Ed25519 public key in base58: the fee payer and the owner of the desk's USDT account. */
  address: Address;
  /** The token's Ed25519 signature of a compiled transaction message (64 bytes). */
  signMessage(message: Uint8Array): Uint8Array;
};

/** A Solana account whose Ed25519 key is in the HSM. */
export function hsmSolanaAccount(key: HsmKey): SolanaAccount {
  if (key.curve !== "ed25519") throw new Error(`the key ${key.label} is not an Ed25519 key`);
  return {
    address: address(base58.encode(key.publicKey)),
    signMessage: (message) => key.sign(message),
  };
}
