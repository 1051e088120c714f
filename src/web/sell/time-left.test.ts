import { describe, expect, it } from "vitest";
import { timeLeft } from "./time-left";

describe("the deposit's time left", () => {
  const start = Date.UTC(2026, 10, 28, 12, 0, 0);
  it("reads 30:00 for a fresh sale and counts down by the second, rounding up", () => {
    expect(timeLeft(start + 30 * 60_000, start)).toBe("30:00");
    expect(timeLeft(start + 30 * 60_000, start + 1)).toBe("30:00");
    expect(timeLeft(start + 30 * 60_000, start + 1000)).toBe("29:59");
    expect(timeLeft(start + 65_000, start)).toBe("1:05");
  });
  it("stops at 0:00 once the time is up, however late the clock", () => {
    expect(timeLeft(start, start)).toBe("0:00");
    expect(timeLeft(start, start + 5 * 60_000)).toBe("0:00");
  });
});
