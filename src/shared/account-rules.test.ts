import { describe, expect, it } from "vitest";
import {
  indianMobilePattern,
  normalizeMobileInput,
  signUpFormSchema,
  storedWhatsappPattern,
  toStoredWhatsapp,
} from "./account-rules";

describe("the WhatsApp number", () => {
  it.each([
    ["9876543210", "9876543210"],
    ["98a76-5432109999", "9876543210"],
    ["+91 98765 43210", "9876543210"],
    ["09876543210", "9876543210"],
    ["abc", ""],
  ])("keeps %s as %s", (raw, expected) => {
    expect(normalizeMobileInput(raw)).toBe(expected);
  });

  it("accepts Indian mobile numbers only (domain-reference vectors)", () => {
    expect(indianMobilePattern.test("9876543210")).toBe(true);
    expect(indianMobilePattern.test("6000000000")).toBe(true);
    expect(indianMobilePattern.test("5876543210")).toBe(false);
    expect(indianMobilePattern.test("987654321")).toBe(false);
  });

  it("is stored as +91 and the 10 digits", () => {
    expect(toStoredWhatsapp("9876543210")).toBe("+919876543210");
    expect(storedWhatsappPattern.test(toStoredWhatsapp("9876543210"))).toBe(true);
  });
});

describe("the sign-up form", () => {
  const valid = {
    email: "a@example.com",
    whatsapp: "9876543210",
    password: "secret1",
    confirmPassword: "secret1",
  };

  it("accepts a complete form", () => {
    expect(signUpFormSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    [{ password: "12345", confirmPassword: "12345" }, "validation.passwordTooShort"],
    [{ confirmPassword: "other1" }, "validation.passwordsDoNotMatch"],
    [{ email: "not-an-email" }, "validation.emailInvalid"],
    [{ whatsapp: "12345" }, "validation.whatsappInvalid"],
  ])("refuses %o with %s", (change, message) => {
    const result = signUpFormSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});
