import { describe, expect, it } from "vitest";
import { type PlaceOrderFormValues, placeOrderInputSchema } from "./order-input";

const valid: PlaceOrderFormValues = {
  sendCurrency: "upi_inr",
  receiveCurrency: "usdt",
  network: "trc20",
  amount: "8600",
  walletAddress: "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6",
  paymentReference: "100412324589",
  payerName: "Rahul Kumar",
  quotedRate: "86",
  receivingOfferId: "4b7e1d2c-5a3f-4e8b-9c1d-2e3f4a5b6c7d",
};

/** The issues of a parse, as { path: message }. */
function issuesOf(input: unknown): Record<string, string> {
  const result = placeOrderInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("the order form schema", () => {
  it("accepts a valid order unchanged", () => {
    expect(placeOrderInputSchema.parse(valid)).toEqual(valid);
  });

  it("gives the stored forms: checksummed wallet, compact reference, canonical decimals", () => {
    const parsed = placeOrderInputSchema.parse({
      ...valid,
      sendCurrency: "bank_inr",
      network: "erc20",
      amount: " 08600.50 ",
      walletAddress: " 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed ",
      paymentReference: "hdfc n520 2206 2432",
      payerName: "  R.  K. D'Souza ",
      quotedRate: "86.0000",
    });
    expect(parsed).toEqual({
      sendCurrency: "bank_inr",
      receiveCurrency: "usdt",
      network: "erc20",
      amount: "8600.5",
      walletAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      paymentReference: "HDFCN52022062432",
      payerName: "R. K. D'Souza",
      quotedRate: "86",
      receivingOfferId: valid.receivingOfferId,
    });
    // Parsing the stored form again changes nothing.
    expect(placeOrderInputSchema.parse(parsed)).toEqual(parsed);
  });

  it.each([
    ["missing", undefined],
    ["one letter", "R"],
    ["digits", "Rahul 123"],
    ["a formula", "=HYPERLINK(1)"],
    ["too long", "A".repeat(101)],
  ])("refuses a payer name that is %s, saying what is expected", (_, payerName) => {
    expect(issuesOf({ ...valid, payerName }).payerName).toMatch(
      /name on the bank or UPI account you paid from|expected string/i,
    );
  });

  it("accepts an e-wallet order without a network", () => {
    const parsed = placeOrderInputSchema.parse({
      ...valid,
      receiveCurrency: "payeer_usd",
      network: null,
      walletAddress: "P1000000",
    });
    expect(parsed.network).toBeNull();
  });

  it.each(["", "0", "-1", "1e5", "100.001", "abc"])(
    "refuses the amount %j with an English sentence",
    (amount) => {
      expect(issuesOf({ ...valid, amount })).toEqual({
        amount: "Enter the amount you paid in rupees, like 2000 or 2000.50 (at most 2 decimals).",
      });
    },
  );

  it("refuses a missing rate", () => {
    expect(Object.keys(issuesOf({ ...valid, quotedRate: "" }))).toEqual(["quotedRate"]);
  });

  it("answers the wallet validator's message on walletAddress", () => {
    expect(issuesOf({ ...valid, walletAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u" })).toEqual({
      walletAddress:
        "This is not a valid TRC20 address: the checksum does not match. Copy it again from your wallet.",
    });
  });

  it("answers the payment reference validator's message on paymentReference", () => {
    expect(issuesOf({ ...valid, paymentReference: "12345" })).toEqual({
      paymentReference:
        "A UPI transaction ID (UTR) is the 12-digit number in your UPI app's payment details. Check it and enter all 12 digits.",
    });
  });

  it("requires a network for USDT, and none for other currencies", () => {
    expect(Object.keys(issuesOf({ ...valid, network: null }))).toEqual(["network"]);
    expect(
      Object.keys(issuesOf({ ...valid, receiveCurrency: "payeer_usd", walletAddress: "P1000000" })),
    ).toEqual(["network"]);
  });

  it("checks the wallet against the chosen network", () => {
    expect(Object.keys(issuesOf({ ...valid, network: "erc20" }))).toEqual(["walletAddress"]);
  });

  it("reports wallet, reference and amount problems together", () => {
    expect(
      Object.keys(
        issuesOf({ ...valid, amount: "x", walletAddress: "", paymentReference: "" }),
      ).sort(),
    ).toEqual(["amount", "paymentReference", "walletAddress"]);
  });

  it("refuses unknown currencies and networks", () => {
    expect(Object.keys(issuesOf({ ...valid, sendCurrency: "btc" }))).toEqual(["sendCurrency"]);
    expect(Object.keys(issuesOf({ ...valid, receiveCurrency: "eth" }))).toEqual([
      "receiveCurrency",
    ]);
    expect(Object.keys(issuesOf({ ...valid, network: "TRC20" }))).toEqual(["network"]);
  });

  it("refuses non-string fields", () => {
    expect(Object.keys(issuesOf({ ...valid, amount: 8600 }))).toEqual(["amount"]);
    expect(Object.keys(issuesOf({ ...valid, walletAddress: undefined }))).toContain(
      "walletAddress",
    );
  });
});
