import { describe, expect, it } from "vitest";
import type { SendCurrencyId } from "./catalog";
import {
  isValidIfsc,
  isValidUpiId,
  normalizePaymentReference,
  validatePaymentReference,
} from "./payment-reference";

function expectValid(currency: SendCurrencyId, reference: string, normalized: string) {
  expect(validatePaymentReference(currency, reference)).toEqual({ ok: true, normalized });
}
function expectInvalid(currency: SendCurrencyId, reference: string, code = "invalid_format") {
  const result = validatePaymentReference(currency, reference);
  expect(result).toMatchObject({ ok: false, code });
  if (result.ok) throw new Error("unreachable");
  expect(result.message).toMatch(/^[A-Z].*\.$/);
  return result.message;
}

describe("a UPI transaction ID (UTR/RRN)", () => {
  it.each(["100412324589", "033814379298"])("accepts the reference's RRN %s", (rrn) => {
    expectValid("upi_inr", rrn, rrn);
  });

  it("strips spaces a customer copies along", () => {
    expectValid("upi_inr", " 1004 1232 4589 ", "100412324589");
    expectValid("upi_inr", "1004\u00a01232\u200b4589", "100412324589");
  });

  it.each([
    "10041232458A",
    "10041232458",
    "1004123245890",
    "१००४१२३२४५८९", // Devanagari digits
    "ABCD0123456789AB",
  ])("refuses %s with a clear sentence", (reference) => {
    expect(expectInvalid("upi_inr", reference)).toBe(
      "A UPI transaction ID (UTR) is the 12-digit number in your UPI app's payment details. Check it and enter all 12 digits.",
    );
  });

  it("asks for it when empty", () => {
    expectInvalid("upi_inr", "", "required");
    expectInvalid("upi_inr", "   ", "required");
  });
});

describe("a bank transfer reference", () => {
  it("accepts a 12-digit IMPS reference", () => {
    expectValid("bank_inr", "100412324589", "100412324589");
  });

  it("accepts a 16-character NEFT UTR, upper-cased", () => {
    expectValid("bank_inr", "HDFCN52022062432", "HDFCN52022062432");
    expectValid("bank_inr", "sbin n 52 022 062432", "SBINN52022062432");
  });

  it("accepts a 22-character RTGS UTR", () => {
    expectValid("bank_inr", "HDFCR52022062400123456", "HDFCR52022062400123456");
    expectValid("bank_inr", "icicr42022062400123456", "ICICR42022062400123456");
  });

  it.each([
    "10041232458", // 11 digits
    "1234HDFCN5202206", // bank code not first
    "HDFCN5202206243", // 15 characters
    "HDFCN520220624321", // 17 characters
    "HDFCR5202206240012345", // 21 characters
    "ßßßßN52022062432", // upper-cases to ASCII letters, but is not ASCII
  ])("refuses %s", (reference) => {
    expect(expectInvalid("bank_inr", reference)).toContain("IMPS");
  });
});

describe("cash deposit and Digital Rupee references", () => {
  it.each(["cash_inr", "erupee_inr"] as const)(
    "%s takes 4 to 40 letters and digits, grouped by / and - if need be",
    (currency) => {
      expectValid(currency, "slip/2024-0012", "SLIP20240012");
      expectValid(currency, "AB12", "AB12");
      expectValid(currency, "A".repeat(40), "A".repeat(40));
      expectValid(currency, "ab 12", "AB12");
      expectInvalid(currency, "AB1");
      expectInvalid(currency, "A".repeat(41));
      expectInvalid(currency, "AB#12");
      expectInvalid(currency, "ÅB12");
      expectInvalid(currency, "ſlip", "invalid_format"); // "ſ".toUpperCase() is "S"
      expectInvalid(currency, "", "required");
    },
  );
});

describe("the stored form", () => {
  it("is upper case with no whitespace, so uniqueness compares like with like", () => {
    expect(normalizePaymentReference(" hdfc n 520 22062432\t")).toBe("HDFCN52022062432");
    const a = validatePaymentReference("bank_inr", "hdfcn52022062432");
    const b = validatePaymentReference("bank_inr", "HDFC N520 2206 2432");
    expect(a).toEqual(b);
  });

  it("drops the / and - people group digits with, on every method", () => {
    expect(normalizePaymentReference("5123-4567-8901")).toBe("512345678901");
    expect(normalizePaymentReference("5123456/78901")).toBe("512345678901");
    expectValid("upi_inr", "5123-4567-8901", "512345678901");
    expectValid("bank_inr", "HDFC-N520-2206-2432", "HDFCN52022062432");
    expectValid("cash_inr", "5123 4567-8901", "512345678901");
    expectInvalid("cash_inr", "A-B-1"); // 3 characters once the marks are dropped
  });
});

describe("IFSC (domain-reference §2)", () => {
  it.each(["KKBK0000261", "SBIN0003853", "IBKL0070T16", "BOTM0XEEMRA"])("accepts %s", (code) => {
    expect(isValidIfsc(code)).toBe(true);
  });

  it.each(["SBIN1003853", "SBI0003853", "sbin0003853", "SBIN00038534", " SBIN0003853", ""])(
    "refuses %j",
    (code) => {
      expect(isValidIfsc(code)).toBe(false);
    },
  );
});

describe("UPI ID / VPA (domain-reference §2)", () => {
  it.each(["name@okhdfcbank", "9876543210@ybl", "first.last-1_x@upi"])("accepts %s", (vpa) => {
    expect(isValidUpiId(vpa)).toBe(true);
  });

  it.each(["name@", "na me@upi", "a@upi", "@upi", "name@ok1hdfc", "name@@upi", ""])(
    "refuses %j",
    (vpa) => {
      expect(isValidUpiId(vpa)).toBe(false);
    },
  );
});
