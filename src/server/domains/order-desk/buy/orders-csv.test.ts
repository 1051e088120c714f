import { describe, expect, it } from "vitest";
import { csvField, csvLine, csvNumberField } from "../../../platform/http/csv";
import { csvFileName } from "./orders-csv";

describe("csvField", () => {
  it.each([
    ["plain", "plain"],
    ["", ""],
    [null, ""],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["cr\rlf", '"cr\rlf"'],
    ['=HYPERLINK("http://evil","x")', '"\'=HYPERLINK(""http://evil"",""x"")"'],
    ["=1+2", "'=1+2"],
    ["+91 98765", "'+91 98765"],
    ["-2-3", "'-2-3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["a=b", "a=b"],
  ])("writes %j as %j", (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe("csvNumberField", () => {
  it("keeps a plain decimal's minus sign, and writes anything else as text", () => {
    expect(csvNumberField("-500.25")).toBe("-500.25");
    expect(csvNumberField("86000")).toBe("86000");
    expect(csvNumberField("-2+3")).toBe("'-2+3");
    expect(csvNumberField("=1+2")).toBe("'=1+2");
  });
});

describe("csvLine", () => {
  it("joins fields with commas and ends with CRLF", () => {
    expect(csvLine(["a", "b,c", null])).toBe('a,"b,c",\r\n');
  });
});

describe("csvFileName", () => {
  it("is dated by the India calendar", () => {
    // 20:00 UTC on 21 Nov is already 22 Nov in India (UTC+5:30).
    expect(csvFileName(new Date("2026-11-21T20:00:00Z"))).toBe("rupeedesk-orders-2026-11-22.csv");
    expect(csvFileName(new Date("2026-11-21T18:00:00Z"))).toBe("rupeedesk-orders-2026-11-21.csv");
  });
});
