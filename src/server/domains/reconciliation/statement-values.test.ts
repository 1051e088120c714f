import { describe, expect, it } from "vitest";
import { parseStatementAmount, parseStatementDate } from "./statement-values";

describe("parseStatementDate", () => {
  it.each([
    ["24/11/2026", "2026-11-24"],
    ["24-11-2026", "2026-11-24"],
    ["24.11.2026", "2026-11-24"],
    ["24/11/26", "2026-11-24"],
    ["4/1/26", "2026-01-04"],
    ["24-Nov-26", "2026-11-24"],
    ["24-NOV-2026", "2026-11-24"],
    ["24 Nov 2026", "2026-11-24"],
    ["24 November 2026", "2026-11-24"],
    ["24/11/2026 10:15:30", "2026-11-24"],
    ["24-11-2026 10:15 AM", "2026-11-24"],
    ["2026-11-24", "2026-11-24"],
    ["29/02/2028", "2028-02-29"],
  ])("reads %j as %s", (text, date) => {
    expect(parseStatementDate(text)).toBe(date);
  });

  it.each([
    "31/11/2026",
    "29/02/2026",
    "24/13/2026",
    "24-Nox-26",
    "11/24/2026",
    "Opening Balance",
    "2026-13-01",
    "=TODAY()",
  ])("refuses %j", (text) => {
    expect(parseStatementDate(text)).toBeNull();
  });
});

describe("parseStatementAmount", () => {
  it.each([
    ["1,23,456.78", "123456.78"],
    ["12,34,56,789.00", "123456789"],
    ["123,456.78", "123456.78"],
    ["1,234", "1234"],
    ["999", "999"],
    ["8600.5", "8600.5"],
    ["INR 8,600.50", "8600.5"],
    ["₹ 8,600.50", "8600.5"],
    ["Rs. 500", "500"],
    [" 0.01 ", "0.01"],
  ])("reads %j as %s", (text, amount) => {
    const parsed = parseStatementAmount(text);
    expect(parsed.ok && parsed.value?.toFixed()).toBe(amount);
  });

  it.each(["", "-", "0", "0.00"])("reads %j as no amount", (text) => {
    expect(parseStatementAmount(text)).toEqual({ ok: true, value: null });
  });

  it.each(["12,34,5", "1,2345.00", "1.234", "-500", "1e5", "abc", "=1+1", "0x10", "12.34.56"])(
    "refuses %j",
    (text) => {
      expect(parseStatementAmount(text)).toEqual({ ok: false });
    },
  );
});
