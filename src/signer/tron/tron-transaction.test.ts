import { BinaryReader, BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { hex } from "@scure/base";
import { utils as tronUtils } from "tronweb";
import { describe, expect, it } from "vitest";
import {
  checkTronPayout,
  MOST_EXPIRATION_MS,
  type TronPayout,
  transferCallData,
} from "./tron-transaction";

/*
 * The signer's reading of a node's TRON transaction, against transactions TronWeb
 * encodes (its protobuf is java-tron's own), not against the signer's own encoding.
 */

const NOW = 1_780_000_000_000;
const PAYOUT: TronPayout = {
  owner: `41${"22".repeat(20)}`,
  token: "41a614f803b6fd780986a42c78ec9c7f77e6ded13c",
  recipient: `41${"11".repeat(20)}`,
  amount: 100_000_000n,
  feeLimitSun: 30_000_000n,
};

/** The payout as TronWeb encodes it: its raw_data_hex and txID. */
function encoded(payout = PAYOUT, expiration = NOW + 60_000) {
  const pb = tronUtils.transaction.txJsonToPb({
    visible: false,
    raw_data: {
      contract: [
        {
          parameter: {
            value: {
              data: transferCallData(payout.recipient, payout.amount),
              owner_address: payout.owner,
              contract_address: payout.token,
            },
            type_url: "type.googleapis.com/protocol.TriggerSmartContract",
          },
          type: "TriggerSmartContract",
        },
      ],
      ref_block_bytes: "0a1b",
      ref_block_hash: "0102030405060708",
      expiration,
      fee_limit: Number(payout.feeLimitSun),
      timestamp: NOW,
    },
  });
  return {
    rawHex: tronUtils.transaction.txPbToRawDataHex(pb).toLowerCase(),
    txId: tronUtils.transaction.txPbToTxID(pb).replace(/^0x/, ""),
  };
}

describe("reading a node's TRON transaction before signing it", () => {
  it("answers the txID TronWeb computes, and the expiration, for the payout asked", () => {
    const { rawHex, txId } = encoded();
    const checked = checkTronPayout(rawHex, PAYOUT, NOW);
    expect(hex.encode(checked.txId)).toBe(txId);
    expect(checked.expiresAt).toEqual(new Date(NOW + 60_000));
  });

  it("refuses a transaction with a second call after the payout's", () => {
    const raw = hex.decode(encoded().rawHex);
    const reader = new BinaryReader(raw);
    let call: Uint8Array | undefined;
    while (reader.pos < reader.len) {
      const [number, wireType] = reader.tag();
      if (number === 11) call = reader.bytes();
      else reader.skip(wireType);
    }
    const twice = new BinaryWriter()
      .raw(raw)
      .tag(11, WireType.LengthDelimited)
      .bytes(call as Uint8Array);
    expect(() => checkTronPayout(hex.encode(twice.finish()), PAYOUT, NOW)).toThrow(
      "the node's transaction does not make exactly one call",
    );
  });

  it("refuses an expired transaction, or one expiring later than the signer signs", () => {
    expect(() => checkTronPayout(encoded(PAYOUT, NOW).rawHex, PAYOUT, NOW)).toThrow(/expires at/);
    const late = encoded(PAYOUT, NOW + MOST_EXPIRATION_MS + 1);
    expect(() => checkTronPayout(late.rawHex, PAYOUT, NOW)).toThrow(/not within 10 minutes/);
  });

  it("refuses what is not a transaction: odd hex, a cut-off message", () => {
    expect(() => checkTronPayout("0a0", PAYOUT, NOW)).toThrow("the node's transaction is not hex");
    const { rawHex } = encoded();
    expect(() => checkTronPayout(rawHex.slice(0, 80), PAYOUT, NOW)).toThrow(
      /the node's transaction cannot be read/,
    );
  });
});
