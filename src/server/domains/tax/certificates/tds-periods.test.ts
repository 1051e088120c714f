import { describe, expect, it } from "vitest";
import { financialYearDays, hasEnded, parsePeriodId, periodOfDay } from "./tds-periods";

/* The periods a TDS certificate covers (decision 062): quarters of the financial year, or months. */

describe("a certificate's period", () => {
  it("puts a day in its quarter of the financial year, January to March in the year before's fourth", () => {
    expect(periodOfDay("2026-04-01", "quarter")).toEqual({
      id: "2026-27-Q1",
      kind: "quarter",
      financialYear: 2026,
      number: 1,
      firstDay: "2026-04-01",
      lastDay: "2026-06-30",
    });
    expect(periodOfDay("2026-09-30", "quarter").id).toBe("2026-27-Q2");
    expect(periodOfDay("2026-12-31", "quarter")).toMatchObject({
      id: "2026-27-Q3",
      firstDay: "2026-10-01",
      lastDay: "2026-12-31",
    });
    expect(periodOfDay("2028-02-29", "quarter")).toMatchObject({
      id: "2027-28-Q4",
      financialYear: 2027,
      number: 4,
      firstDay: "2028-01-01",
      lastDay: "2028-03-31",
    });
  });

  it("puts a day in its month, of the financial year it belongs to", () => {
    expect(periodOfDay("2027-02-14", "month")).toEqual({
      id: "2027-02",
      kind: "month",
      financialYear: 2026,
      number: 2,
      firstDay: "2027-02-01",
      lastDay: "2027-02-28",
    });
    expect(periodOfDay("2026-04-30", "month")).toMatchObject({ financialYear: 2026, number: 4 });
  });

  it("reads back the ids it writes, of its own kind only", () => {
    for (const day of ["2026-05-01", "2026-08-01", "2026-11-01", "2027-03-01"]) {
      const quarter = periodOfDay(day, "quarter");
      expect(parsePeriodId(quarter.id, "quarter")).toEqual(quarter);
      const month = periodOfDay(day, "month");
      expect(parsePeriodId(month.id, "month")).toEqual(month);
      expect(parsePeriodId(month.id, "quarter")).toBeNull();
      expect(parsePeriodId(quarter.id, "month")).toBeNull();
    }
    for (const id of ["2026-28-Q1", "2026-27-Q0", "2026-27-Q5", "2026-13", "2026-00", "Q1", ""]) {
      expect(parsePeriodId(id, "quarter") ?? parsePeriodId(id, "month"), id).toBeNull();
    }
  });

  it("is over once its last day has passed in India", () => {
    const quarter = periodOfDay("2026-08-15", "quarter");
    expect([hasEnded(quarter, "2026-09-30"), hasEnded(quarter, "2026-10-01")]).toEqual([
      false,
      true,
    ]);
  });

  it("knows a financial year's first and last day", () => {
    expect(financialYearDays(2027)).toEqual({ firstDay: "2027-04-01", lastDay: "2028-03-31" });
  });
});
