import { describe, expect, it } from "vitest";
import { formatAge, formatDay, formatInr, formatUsdt } from "./admin-format";

describe("dashboard formatting", () => {
  it("formats rupees exactly, with Indian grouping", () => {
    expect(formatInr("3000.75")).toBe("₹3,000.75");
    expect(formatInr("123456789.10")).toBe("₹12,34,56,789.10");
    expect(formatInr("0.00")).toBe("₹0.00");
    // More digits than a double holds stay exact.
    expect(formatInr("90071992547409.93")).toBe("₹9,00,71,99,25,47,409.93");
  });

  it("formats USDT to its 4 stored places", () => {
    expect(formatUsdt("34.8924")).toBe("34.8924 USDT");
    expect(formatUsdt("6477.1570")).toBe("6,477.1570 USDT");
    expect(formatUsdt("0.0000")).toBe("0.0000 USDT");
  });

  it("gives an age in its largest whole unit", () => {
    const now = Date.parse("2025-03-15T12:00:00Z");
    expect(formatAge("2025-03-15T11:59:30Z", now)).toBeNull();
    expect(formatAge("2025-03-15T11:48:00Z", now)).toBe("12 min");
    expect(formatAge("2025-03-15T09:00:00Z", now)).toBe("3 hr");
    expect(formatAge("2025-03-13T11:00:00Z", now)).toBe("2 days");
    // A clock a little behind the server's never gives a negative age.
    expect(formatAge("2025-03-15T12:00:05Z", now)).toBeNull();
  });

  it("names an India day without shifting it by the browser's time zone", () => {
    expect(formatDay("2025-03-15")).toBe("15 Mar");
  });
});
