import { describe, expect, it } from "vitest";
import {
  adminPlaceOrderInputSchema,
  changeOrderStatusInputSchema,
  validatePayoutReference,
} from "./admin-order-input";

const TRON_TX = "01b4cde4197b9d1a1ff09ef5d2b1d939d3ec2401b3f002ebd0802c0f30a6e4ca";
const SOLANA_SIG =
  "2iBvoWnk18wtp8Jd6tp4CPbx5FTCAcGsnM1bjVTnTZmKEKDkTuZYC9wqMzkuJYhFyrt2SvHqZbaycadus8gSj6EZ";
const usdt = (network: string) => ({ receiveCurrency: "usdt", network });

describe("validatePayoutReference", () => {
  it.each([
    [usdt("trc20"), ` ${TRON_TX.toUpperCase()} `, TRON_TX],
    [usdt("bep20"), `0x${"AB".repeat(32)}`, `0x${"ab".repeat(32)}`],
    [usdt("polygon"), `0x${"0".repeat(64)}`, `0x${"0".repeat(64)}`],
    [usdt("solana"), SOLANA_SIG, SOLANA_SIG],
    [{ receiveCurrency: "binance_pay_usdt", network: null }, "BP-123_x", "BP-123_x"],
  ])("accepts and normalizes %j %s", (order, text, normalized) => {
    expect(validatePayoutReference(order, text)).toEqual({ ok: true, normalized });
  });

  it.each([
    [usdt("trc20"), `0x${TRON_TX}`],
    [usdt("trc20"), TRON_TX.slice(2)],
    [usdt("erc20"), TRON_TX],
    [usdt("solana"), TRON_TX],
    [usdt("solana"), "z".repeat(88)],
    [{ receiveCurrency: "payeer_usd", network: null }, ""],
    [{ receiveCurrency: "payeer_usd", network: null }, "has space"],
    [{ receiveCurrency: "advcash_usd", network: null }, "x".repeat(101)],
  ])("refuses %j %s", (order, text) => {
    expect(validatePayoutReference(order, text).ok).toBe(false);
  });
});

describe("changeOrderStatusInputSchema", () => {
  it("drops an empty hash and note", () => {
    expect(
      changeOrderStatusInputSchema.parse({ status: "completed", payoutTxHash: "  ", note: " " }),
    ).toEqual({ status: "completed" });
  });

  it("refuses a hash with any status but completed", () => {
    const result = changeOrderStatusInputSchema.safeParse({
      status: "cancelled",
      payoutTxHash: TRON_TX,
    });
    expect(result.success).toBe(false);
  });
});

describe("adminPlaceOrderInputSchema", () => {
  const valid = {
    userEmail: " Someone@Example.com ",
    sendAmount: "010000.50",
    receiveAmount: "116.2800",
    walletAddress: "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
    network: "erc20",
  };

  it("fills the INR → USDT defaults and normalizes every field", () => {
    expect(adminPlaceOrderInputSchema.parse(valid)).toEqual({
      userEmail: "someone@example.com",
      sendCurrency: "upi_inr",
      receiveCurrency: "usdt",
      network: "erc20",
      sendAmount: "10000.5",
      receiveAmount: "116.28",
      walletAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      paymentReference: undefined,
      note: undefined,
    });
  });

  it.each([
    [{ sendAmount: "0" }, "sendAmount"],
    [{ sendAmount: "1.234" }, "sendAmount"],
    [{ sendAmount: "1000000000000" }, "sendAmount"],
    [{ receiveAmount: "-1" }, "receiveAmount"],
    [{ receiveAmount: "1.00001" }, "receiveAmount"],
    [{ userEmail: "someone" }, "userEmail"],
    [{ network: null }, "network"],
    [{ walletAddress: "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6" }, "walletAddress"],
    [{ paymentReference: "ABC" }, "paymentReference"],
  ])("refuses %j at %s", (change, field) => {
    const result = adminPlaceOrderInputSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});
