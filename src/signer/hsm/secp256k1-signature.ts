import { secp256k1 } from "@noble/curves/secp256k1.js";
import type { HsmKey } from "./pkcs11-keys";

/** A recoverable secp256k1 signature, as EVM and TRON transactions carry it. */
export type RecoverableSignature = { r: bigint; s: bigint; yParity: 0 | 1 };

/**
 * The HSM's ECDSA signature of a 32-byte digest, made recoverable: s brought into the
 * lower half of the curve's order (EIP-2; TRON's nodes ask the same), and the recovery
 * bit found by recovering the key's own public key from it. A token answers r‖s only.
 */
export function signDigest(key: HsmKey, digest: Uint8Array): RecoverableSignature {
  if (key.curve !== "secp256k1") throw new Error(`the key ${key.label} is not a secp256k1 key`);
  if (digest.length !== 32) throw new Error("a secp256k1 signature is of a 32-byte digest");
  let signature = secp256k1.Signature.fromBytes(key.sign(digest), "compact");
  if (signature.hasHighS()) {
    signature = new secp256k1.Signature(signature.r, secp256k1.Point.Fn.ORDER - signature.s);
  }
  const expected = secp256k1.Point.fromBytes(key.publicKey);
  for (const yParity of [0, 1] as const) {
    const recovered = signature.addRecoveryBit(yParity).recoverPublicKey(digest);
    if (recovered.equals(expected)) return { r: signature.r, s: signature.s, yParity };
  }
  throw new Error(`the HSM's signature does not verify against the key ${key.label}`);
}
