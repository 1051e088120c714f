import { describe, expect, it } from "vitest";
import { serverClockOffset, timeLeft } from "./time-left";

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
  it("counts on the server's clock on a phone whose clock is minutes off either way", () => {
    const expiresAt = start + 30 * 60_000;
    const serverNow = new Date(start).toISOString();
    for (const phoneOff of [-7 * 60_000, 9 * 60_000]) {
      // Asked at the phone's 11:59:59.9 (+ what it is off), answered 200 ms later.
      const sentAt = start - 100 + phoneOff;
      const offset = serverClockOffset(serverNow, sentAt, sentAt + 200);
      expect(timeLeft(expiresAt, sentAt + 200 + offset)).toBe("30:00");
      // Ten seconds later on the phone's clock.
      expect(timeLeft(expiresAt, sentAt + 10_200 + offset)).toBe("29:50");
    }
  });
});
