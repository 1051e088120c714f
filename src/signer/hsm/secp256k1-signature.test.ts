import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak256, recoverPublicKey, toHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSoftHsmToken } from "../testing/soft-hsm";
import { type HsmKeys, openHsm } from "./pkcs11-keys";
import { signDigest } from "./secp256k1-signature";

let hsm: HsmKeys;
beforeAll(() => {
  hsm = openHsm(newSoftHsmToken().config);
});
afterAll(() => hsm?.close());

const HALF_ORDER = secp256k1.Point.Fn.ORDER / 2n;

describe("a recoverable signature from the HSM", () => {
  it("is low-s and recovers to the key, whichever half of the order the token's s fell in", async () => {
    const key = hsm.key("digests", "secp256k1");
    let highFromToken = 0;
    for (let index = 0; index < 32; index += 1) {
      const digest = keccak256(toHex(`payout ${index}`), "bytes");
      const raw = secp256k1.Signature.fromBytes(key.sign(digest), "compact");
      if (raw.s > HALF_ORDER) highFromToken += 1;
      const { r, s, yParity } = signDigest(key, digest);
      expect(s <= HALF_ORDER).toBe(true);
      const recovered = await recoverPublicKey({
        hash: digest,
        signature: { r: toHex(r, { size: 32 }), s: toHex(s, { size: 32 }), yParity },
      });
      expect(recovered).toBe(toHex(key.publicKey));
    }
    // ECDSA's s is uniform: 32 signatures with none high would be a one-in-4-billion draw.
    expect(highFromToken).toBeGreaterThan(0);
  });

  it("is refused for an Ed25519 key and for anything but a 32-byte digest", () => {
    expect(() => signDigest(hsm.key("ed", "ed25519"), new Uint8Array(32))).toThrow(
      /not a secp256k1/,
    );
    expect(() => signDigest(hsm.key("digests", "secp256k1"), new Uint8Array(31))).toThrow(
      /32-byte/,
    );
  });
});
