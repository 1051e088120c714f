import { describe, expect, it } from "vitest";
import {
  type BlocklistKind,
  normaliseBlocklistValue,
  orderBlocklistKeys,
  signUpBlocklistKeys,
  statementCreditKeys,
} from "./blocklist-keys";

/* One value in many spellings is one key; what is not a value of its kind is none. */

const SAME: [BlocklistKind, string[]][] = [
  [
    "payer_name",
    [
      "Rahul Kumar",
      "  rahul   KUMAR ",
      "Rahul.Kumar",
      // Cyrillic а and Greek Κ; full-width letters (NFKC).
      "R\u0430hul \u039Aum\u0430r",
      "\uFF32\uFF41\uFF48\uFF55\uFF4C \uFF2B\uFF55\uFF4D\uFF41\uFF52",
    ],
  ],
  ["upi_id", ["rahul.k@okhdfcbank", " Rahul.K@OKHDFCBANK ", "rahul.k@OkHdfcBank"]],
  ["bank_account", ["000405012345", "0004 0501 2345", "0004-0501-2345"]],
  ["phone", ["9876543210", "+91 98765 43210", "919876543210", "09876543210", "98765-43210"]],
  ["email_domain", ["mailinator.com", "@Mailinator.COM", "mailinator.com."]],
  // An internationalised domain and its punycode are one domain.
  ["email_domain", ["xn--bcher-kva.de", "Bücher.de", "@BÜCHER.DE"]],
  [
    "wallet",
    [
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
      " 0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED ",
    ],
  ],
];

describe("normalised blocklist values", () => {
  it.each(SAME)("gives one %s key for every spelling", (kind, spellings) => {
    const keys = new Set(spellings.map((value) => normaliseBlocklistValue(kind, value)));
    expect(keys.size).toBe(1);
    expect([...keys][0]).not.toBeNull();
  });

  it("keeps a TRON address as it is: base58 is case-sensitive", () => {
    const address = "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6";
    expect(normaliseBlocklistValue("wallet", ` ${address} `)).toBe(address);
    expect(normaliseBlocklistValue("wallet", address.toLowerCase())).toBeNull();
  });

  it("tells different names apart, Hindi ones too", () => {
    const key = (name: string) => normaliseBlocklistValue("payer_name", name);
    expect(key("Rahul Kumar")).not.toBe(key("Rahul Kumari"));
    expect(key("राहुल कुमार")).toBe(key(" राहुल  कुमार "));
    expect(key("राहुल कुमार")).not.toBe(key("राहुल कुमारी"));
  });

  it.each([
    ["payer_name", " .-. "],
    ["payer_name", "0"],
    ["payer_name", "<script>"],
    ["payer_name", "=cmd|' /C calc'!A0"],
    ["payer_name", "Rahul Kumar 2"],
    ["upi_id", "rahul@"],
    ["upi_id", "rahul.okhdfcbank"],
    ["bank_account", "12345678"],
    ["phone", "12345"],
    ["phone", "5876543210"],
    ["email_domain", "localhost"],
    ["email_domain", ""],
    ["email_domain", "+evil.com"],
    ["email_domain", "evil..com"],
    ["email_domain", "-evil.com"],
    ["email_domain", "evil.com:25"],
    ["email_domain", "evil.com/path"],
    ["email_domain", "user@evil.com"],
    ["email_domain", "evil com"],
    ["wallet", "0x123"],
    ["wallet", "not a wallet"],
  ] as [BlocklistKind, string][])("refuses %s %j", (kind, value) => {
    expect(normaliseBlocklistValue(kind, value)).toBeNull();
  });

  it("checks an order by the same keys as the entries", () => {
    const keys = orderBlocklistKeys({
      wallet_address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      payer_name: "R\u0430HUL kumar",
    });
    expect(keys).toEqual({
      wallet: `wallet:${normaliseBlocklistValue("wallet", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed")}`,
      payerName: `payer_name:${normaliseBlocklistValue("payer_name", "Rahul Kumar")}`,
    });
    expect(orderBlocklistKeys({ wallet_address: "T1", payer_name: null }).payerName).toBeNull();
  });

  it("checks a statement's credit by its payer and every UPI ID in its narration", () => {
    expect(
      statementCreditKeys({
        payerName: "RAHUL KUMAR",
        narration: "UPI/CR/412345678901/RAHUL KUMAR/HDFC/Rahul.K@OkHdfcBank/Payment",
      }),
    ).toEqual([
      `payer_name:${normaliseBlocklistValue("payer_name", "Rahul Kumar")}`,
      "upi_id:rahul.k@okhdfcbank",
    ]);
    expect(statementCreditKeys({ payerName: null, narration: "NEFT CR 123" })).toEqual([]);
  });

  it("checks a sign-up's phone and its e-mail's domain with every domain above it", () => {
    expect(signUpBlocklistKeys({ email: "a@Mail.Throwaway.io", phone: "+919876543210" })).toEqual([
      "phone:9876543210",
      "email_domain:mail.throwaway.io",
      "email_domain:throwaway.io",
    ]);
  });
});
