import { describe, expect, it } from "vitest";
import { isOperatorOnline } from "./operator-hours";

describe("isOperatorOnline", () => {
  it.each([
    ["2026-11-21T03:29:00Z", false], // 08:59 IST
    ["2026-11-21T03:30:00Z", true], // 09:00 IST
    ["2026-11-21T16:29:00Z", true], // 21:59 IST
    ["2026-11-21T16:30:00Z", false], // 22:00 IST
    ["2026-11-21T20:00:00Z", false], // 01:30 IST next day
    ["2026-11-21T19:00:00Z", false], // 00:30 IST
  ])("at %s is %s", (instant, expected) => {
    expect(isOperatorOnline(new Date(instant))).toBe(expected);
  });
});
