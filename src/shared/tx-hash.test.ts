import { describe, expect, it } from "vitest";
import { isValidTxHash, normalizeTxHash } from "./tx-hash";

describe("transaction hashes (domain-reference §4)", () => {
  const TRON_HASH = "01b4cde4197b9d1a1ff09ef5d2b1d939d3ec2401b3f002ebd0802c0f30a6e4ca";
  const EVM_HASH = `0x${TRON_HASH}`;
  const SOLANA_SIGNATURE =
    "2iBvoWnk18wtp8Jd6tp4CPbx5FTCAcGsnM1bjVTnTZmKEKDkTuZYC9wqMzkuJYhFyrt2SvHqZbaycadus8gSj6EZ";

  it("accepts the reference's hashes on their chains", () => {
    expect(isValidTxHash("trc20", TRON_HASH)).toBe(true);
    expect(isValidTxHash("trc20", TRON_HASH.toUpperCase())).toBe(true);
    for (const network of ["erc20", "bep20", "polygon"] as const) {
      expect(isValidTxHash(network, EVM_HASH)).toBe(true);
    }
    expect(isValidTxHash("solana", SOLANA_SIGNATURE)).toBe(true);
  });

  it("refuses a hash of another chain's form", () => {
    expect(isValidTxHash("trc20", EVM_HASH)).toBe(false);
    expect(isValidTxHash("erc20", TRON_HASH)).toBe(false);
    expect(isValidTxHash("solana", TRON_HASH)).toBe(false);
    expect(isValidTxHash("trc20", SOLANA_SIGNATURE)).toBe(false);
  });

  it("refuses malformed hashes", () => {
    expect(isValidTxHash("trc20", TRON_HASH.slice(1))).toBe(false);
    expect(isValidTxHash("trc20", `${TRON_HASH.slice(1)}g`)).toBe(false);
    expect(isValidTxHash("erc20", `0X${TRON_HASH}`)).toBe(false);
    expect(isValidTxHash("erc20", `${EVM_HASH}0`)).toBe(false);
    expect(isValidTxHash("erc20", "")).toBe(false);
    // Base58 of an allowed length that decodes to 47 and to 65 bytes.
    expect(isValidTxHash("solana", "z".repeat(64))).toBe(false);
    expect(isValidTxHash("solana", "z".repeat(88))).toBe(false);
    expect(isValidTxHash("solana", `${SOLANA_SIGNATURE.slice(0, -1)}0`)).toBe(false);
    expect(isValidTxHash("solana", "z".repeat(89))).toBe(false);
  });

  it("lowercases hex hashes before they are compared, not Solana signatures", () => {
    expect(normalizeTxHash("trc20", ` ${TRON_HASH.toUpperCase()} `)).toBe(TRON_HASH);
    expect(normalizeTxHash("erc20", `0x${TRON_HASH.toUpperCase()}`)).toBe(EVM_HASH);
    expect(normalizeTxHash("solana", SOLANA_SIGNATURE)).toBe(SOLANA_SIGNATURE);
  });
});
