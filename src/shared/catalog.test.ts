import { describe, expect, it } from "vitest";
import {
  currencyShortName,
  DEFAULT_NETWORK,
  explorerAddressUrl,
  explorerTxUrl,
  findNetwork,
  findReceiveOption,
  findSendOption,
  NETWORKS,
  type NetworkId,
  needsNetwork,
  networkOf,
  RECEIVE_OPTIONS,
  SEND_OPTIONS,
} from "./catalog";
import { networkIdSchema, receiveCurrencyIdSchema, sendCurrencyIdSchema } from "./catalog-schemas";

describe("the catalog", () => {
  it("offers the four rupee send options, in order", () => {
    expect(SEND_OPTIONS).toEqual([
      { id: "upi_inr", name: "UPI INR", symbol: "INR", method: "upi" },
      { id: "bank_inr", name: "Bank Transfer INR", symbol: "INR", method: "bank" },
      { id: "cash_inr", name: "Cash Deposit INR", symbol: "INR", method: "cash" },
      { id: "erupee_inr", name: "Digital Rupee INR", symbol: "INR", method: "erupee" },
    ]);
  });

  it("offers the four receive options, in order", () => {
    expect(RECEIVE_OPTIONS).toEqual([
      { id: "usdt", name: "Tether USDT", symbol: "USDT" },
      { id: "binance_pay_usdt", name: "Binance Pay USDT", symbol: "USDT" },
      { id: "payeer_usd", name: "Payeer USD", symbol: "USD" },
      { id: "advcash_usd", name: "AdvCash USD", symbol: "USD" },
    ]);
  });

  it("lists the USDT networks with TRC20 first, the default", () => {
    expect(NETWORKS.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: "trc20", name: "TRC20" },
      { id: "bep20", name: "BEP20" },
      { id: "erc20", name: "ERC20" },
      { id: "polygon", name: "Polygon" },
      { id: "solana", name: "Solana" },
    ]);
    expect(DEFAULT_NETWORK).toBe("trc20");
    expect(NETWORKS[0]?.id).toBe(DEFAULT_NETWORK);
  });

  it("has zod enums of exactly the catalog's ids", () => {
    expect(sendCurrencyIdSchema.options).toEqual(SEND_OPTIONS.map((option) => option.id));
    expect(receiveCurrencyIdSchema.options).toEqual(RECEIVE_OPTIONS.map((option) => option.id));
    expect(networkIdSchema.options).toEqual(NETWORKS.map((network) => network.id));
    expect(sendCurrencyIdSchema.safeParse("upi_inr").success).toBe(true);
    expect(sendCurrencyIdSchema.safeParse("usdt").success).toBe(false);
    expect(networkIdSchema.safeParse("TRC20").success).toBe(false);
  });

  it("finds options by id and answers undefined for unknown ids", () => {
    expect(findSendOption("bank_inr")?.name).toBe("Bank Transfer INR");
    expect(findReceiveOption("payeer_usd")?.symbol).toBe("USD");
    expect(findNetwork("polygon")?.name).toBe("Polygon");
    expect(findSendOption("btc")).toBeUndefined();
    expect(findReceiveOption("")).toBeUndefined();
    expect(findNetwork("bitcoin")).toBeUndefined();
    expect(() => networkOf("bitcoin" as NetworkId)).toThrow(RangeError);
  });

  it("asks for a network for plain USDT only", () => {
    expect(RECEIVE_OPTIONS.filter((option) => needsNetwork(option.id)).map((o) => o.id)).toEqual([
      "usdt",
    ]);
  });

  it.each([
    ["Tether USDT", "USDT"],
    ["Binance Pay USDT", "USDT"],
    ["Payeer USD", "USD"],
    ["Bank Transfer INR", "INR"],
    ["USDT", "USDT"],
    ["  Digital Rupee INR ", "INR"],
  ])("shows %s as %s", (name, short) => {
    expect(currencyShortName(name)).toBe(short);
  });
});

describe("explorer links (domain-reference §4)", () => {
  it.each([
    ["trc20", "https://tronscan.org/#/transaction/abc", "https://tronscan.org/#/address/T1"],
    ["erc20", "https://etherscan.io/tx/abc", "https://etherscan.io/address/T1"],
    ["bep20", "https://bscscan.com/tx/abc", "https://bscscan.com/address/T1"],
    ["polygon", "https://polygonscan.com/tx/abc", "https://polygonscan.com/address/T1"],
    ["solana", "https://solscan.io/tx/abc", "https://solscan.io/account/T1"],
  ] as const)("links %s transactions and addresses", (network, txUrl, addressUrl) => {
    expect(explorerTxUrl(network, "abc")).toBe(txUrl);
    expect(explorerAddressUrl(network, "T1")).toBe(addressUrl);
  });

  it("cannot be steered elsewhere by a strange hash", () => {
    expect(explorerTxUrl("erc20", "../../evil?x=1#y")).toBe(
      "https://etherscan.io/tx/..%2F..%2Fevil%3Fx%3D1%23y",
    );
  });
});
