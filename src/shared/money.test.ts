import DecimalJs from "decimal.js";
import { describe, expect, it } from "vitest";
import { canonicalAmount, Decimal, decimalPlaces, formatAmount, parseAmount } from "./money";

describe("parseAmount", () => {
  it.each([
    ["8600", "8600"],
    ["8600.50", "8600.5"],
    ["0.01", "0.01"],
    ["007", "7"],
    ["  2000 ", "2000"],
    ["123456789012.123456", "123456789012.123456"],
  ])("reads %j as %s", (text, expected) => {
    expect(parseAmount(text)?.toFixed()).toBe(expected);
  });

  it.each([
    "",
    " ",
    "0",
    "0.00",
    "-5",
    "+5",
    "1e3",
    "1E3",
    "0x10",
    "0b1",
    "NaN",
    "Infinity",
    "-Infinity",
    "1,000",
    "1 000",
    ".5",
    "5.",
    "5..0",
    "₹100",
    "١٢٣",
    "1".repeat(33),
  ])("refuses %j", (text) => {
    expect(parseAmount(text)).toBeNull();
  });
});

describe("decimalPlaces", () => {
  it("counts significant decimals", () => {
    expect(decimalPlaces(new Decimal("100"))).toBe(0);
    expect(decimalPlaces(new Decimal("100.5"))).toBe(1);
    expect(decimalPlaces(new Decimal("100.50"))).toBe(1);
    expect(decimalPlaces(new Decimal("100.005"))).toBe(3);
  });
});

describe("formatAmount", () => {
  it("writes exactly the given decimals, rounding down", () => {
    expect(formatAmount(new Decimal("1.16279"), 4)).toBe("1.1627");
    expect(formatAmount(new Decimal("1.99999999"), 2)).toBe("1.99");
    expect(formatAmount(new Decimal("100"), 4)).toBe("100.0000");
    expect(formatAmount(new Decimal("0"), 4)).toBe("0.0000");
    expect(formatAmount(new Decimal("123456789012345678901234567890"), 2)).toBe(
      "123456789012345678901234567890.00",
    );
  });
});

describe("the Decimal clone", () => {
  it("truncates inexact results and ignores the global decimal.js configuration", () => {
    const before = DecimalJs.precision;
    DecimalJs.set({ precision: 5, rounding: DecimalJs.ROUND_UP });
    try {
      expect(new Decimal(2).div(3).toFixed(20)).toBe("0.66666666666666666666");
      expect(canonicalAmount(new Decimal("086.500"))).toBe("86.5");
    } finally {
      DecimalJs.set({ precision: before, rounding: DecimalJs.ROUND_HALF_UP });
    }
  });
});
