import { describe, expect, it } from "vitest";
import { SHIPPED_ORDER_LIMITS_INPUT } from "../server/testing/order-limits";
import { type SiteSettingsInput, siteSettingsInputSchema } from "./site-settings-input";

const VALID: SiteSettingsInput = {
  exchangeRate: "86",
  minInrAmount: "0",
  maxInrAmount: "100000",
  paymentUpiId: "",
  payeeName: "RupeeDesk",
  maintenanceMode: false,
  bankName: "",
  accountHolderName: "",
  accountNumber: "",
  ifscCode: "",
  supportWhatsappUrl: "",
  supportTelegramUrl: "",
  supportEmail: "",
  offerHoldNewCustomerInr: "10000",
  offerHoldCapPercent: "50",
  offerAlertMultiple: "3",
  offersPerCustomerPerHour: "60",
  offersPerAddressPerHour: "200",
  ...SHIPPED_ORDER_LIMITS_INPUT,
};

function issuesOf(change: Partial<Record<keyof SiteSettingsInput, unknown>>) {
  const result = siteSettingsInputSchema.safeParse({ ...VALID, ...change });
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
}

describe("the site settings input", () => {
  it("accepts the defaults of a fresh database", () => {
    expect(issuesOf({})).toEqual([]);
  });

  it.each(["KKBK0000261", "SBIN0003853", "IBKL0070T16"])("accepts the IFSC %s", (ifscCode) => {
    expect(issuesOf({ ifscCode })).toEqual([]);
  });

  it.each(["SBIN1003853", "SBI0003853", "sbin0003853", "SBIN00038531"])(
    "refuses the IFSC %s",
    (ifscCode) => {
      expect(issuesOf({ ifscCode })).toEqual(["ifscCode"]);
    },
  );

  it.each(["name@okhdfcbank", "9876543210@ybl"])("accepts the UPI ID %s", (paymentUpiId) => {
    expect(issuesOf({ paymentUpiId })).toEqual([]);
  });

  it.each(["name@", "na me@upi", "a@upi"])("refuses the UPI ID %s", (paymentUpiId) => {
    expect(issuesOf({ paymentUpiId })).toEqual(["paymentUpiId"]);
  });

  it.each([
    ["123456789", true],
    ["123456789012345678", true],
    ["12345678", false],
    ["1234567890123456789", false],
    ["12345678A", false],
  ])("account number %s valid: %s", (accountNumber, isValid) => {
    expect(issuesOf({ accountNumber })).toEqual(isValid ? [] : ["accountNumber"]);
  });

  it.each([
    ["90.5", true],
    ["90.1234", true],
    ["90.12345", false],
    ["0", false],
    ["0.0001", true],
    [".5", false],
    ["1,000", false],
    ["99999999.9999", true],
    ["100000000", false],
  ])("exchange rate %s valid: %s", (exchangeRate, isValid) => {
    expect(issuesOf({ exchangeRate })).toEqual(isValid ? [] : ["exchangeRate"]);
  });

  it("reports min > max on the minimum, even while another field is wrong", () => {
    expect(issuesOf({ minInrAmount: "5000", maxInrAmount: "4000", ifscCode: "x" })).toEqual([
      "ifscCode",
      "minInrAmount",
    ]);
    expect(issuesOf({ minInrAmount: "5000", maxInrAmount: "5000" })).toEqual([]);
  });

  it("gives one message per bad field, naming it", () => {
    const result = siteSettingsInputSchema.safeParse({ ...VALID, exchangeRate: "abc" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Exchange Rate must be a number greater than 0 with at most 4 decimals, like 90.5.",
    ]);
  });

  it("takes only https links for support, and an empty one for the default", () => {
    expect(issuesOf({ supportWhatsappUrl: "https://wa.me/919876543210" })).toEqual([]);
    expect(issuesOf({ supportTelegramUrl: "http://t.me/x" })).toEqual(["supportTelegramUrl"]);
    expect(issuesOf({ supportTelegramUrl: "https://localhost/x" })).toEqual(["supportTelegramUrl"]);
    expect(issuesOf({ supportEmail: "help@example.com" })).toEqual([]);
    expect(issuesOf({ supportEmail: "help" })).toEqual(["supportEmail"]);
  });

  it("refuses a rate so low that the largest order could not be stored, on the rate", () => {
    expect(issuesOf({ exchangeRate: "0.0001", maxInrAmount: "999999999999.99" })).toEqual([
      "exchangeRate",
    ]);
    expect(issuesOf({ exchangeRate: "86", maxInrAmount: "999999999999.99" })).toEqual([]);
    expect(issuesOf({ exchangeRate: "0.0001", maxInrAmount: "100000" })).toEqual([]);
  });

  it.each(["payeeName", "bankName", "accountHolderName", "supportWhatsappUrl", "supportEmail"])(
    "refuses control characters in %s, naming the field",
    (field) => {
      const value = field.startsWith("support") ? "https://wa.me/91\u00009" : "Rupee\u0000Desk";
      const result = siteSettingsInputSchema.safeParse({ ...VALID, [field]: value });
      expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual([field]);
      expect(result.error?.issues[0]?.message).toMatch(/^[A-Z][a-zA-Z ]+ (must|cannot)/);
    },
  );

  it("trims text before checking it", () => {
    const result = siteSettingsInputSchema.parse({ ...VALID, ifscCode: " SBIN0003853 " });
    expect(result.ifscCode).toBe("SBIN0003853");
  });
});
