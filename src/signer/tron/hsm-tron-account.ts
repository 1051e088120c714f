import { hex } from "@scure/base";
import { toHex } from "viem";
import { publicKeyToAddress } from "viem/accounts";
import { tronAddressFromEvent } from "../../server/domains/chain/tron-client";
import type { HsmKey } from "../hsm/pkcs11-keys";
import { signDigest } from "../hsm/secp256k1-signature";

/** The desk's TRON payout key in the HSM: its address, and signatures of txIDs only. */
export type TronAccount = {
  /** Base58, as orders and the watcher write TRON addresses. */
  address: string;
  /** Its 21 bytes in hex, 0x41 first, as a transaction holds it. */
  hexAddress: string;
  /** The token's signature of a transaction's txID: r‖s‖v, v 27 or 28 as TronWeb writes it. */
  signTxId(txId: Uint8Array): Uint8Array;
};

/**
 * A TRON account whose key is in the HSM. Its address is the EVM one's 20 bytes (the
 * last of keccak256 of the public key) behind TRON's 0x41.
 */
export function hsmTronAccount(key: HsmKey): TronAccount {
  const twentyBytes = publicKeyToAddress(toHex(key.publicKey)).slice(2).toLowerCase();
  return {
    address: tronAddressFromEvent(twentyBytes),
    hexAddress: `41${twentyBytes}`,
    signTxId(txId) {
      const { r, s, yParity } = signDigest(key, txId);
      const word = (value: bigint) => hex.decode(value.toString(16).padStart(64, "0"));
      return new Uint8Array([...word(r), ...word(s), 27 + yParity]);
    },
  };
}
