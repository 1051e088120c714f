import { describe, expect, it } from "vitest";
import {
  depositDueOn,
  financialYearLabel,
  financialYearMonths,
  financialYearOfMonth,
  monthDeposit,
  quarterMonths,
  quarterOfMonth,
} from "./tds-calendar";

describe("the TDS calendar", () => {
  it("runs financial years April to March, in four return quarters", () => {
    expect(financialYearOfMonth("2026-04")).toBe(2026);
    expect(financialYearOfMonth("2027-03")).toBe(2026);
    expect(financialYearLabel(2026)).toBe("2026-27");
    expect(financialYearLabel(2099)).toBe("2099-00");
    expect(financialYearMonths(2026)).toEqual([
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
      "2026-12",
      "2027-01",
      "2027-02",
      "2027-03",
    ]);
    expect(["2026-04", "2026-09", "2026-10", "2027-01", "2027-03"].map(quarterOfMonth)).toEqual([
      "Q1",
      "Q2",
      "Q3",
      "Q4",
      "Q4",
    ]);
    expect(quarterMonths(2026, "Q4")).toEqual(["2027-01", "2027-02", "2027-03"]);
  });

  it("has a TAN holder deposit by the 7th of the next month, and March's by 30 April", () => {
    expect(depositDueOn("2026-11", "tan_holder")).toBe("2026-12-07");
    expect(depositDueOn("2026-12", "tan_holder")).toBe("2027-01-07");
    expect(depositDueOn("2027-02", "tan_holder")).toBe("2027-03-07");
    expect(depositDueOn("2027-03", "tan_holder")).toBe("2027-04-30");
  });

  it("has a specified person deposit within thirty days of the month's end", () => {
    expect(depositDueOn("2026-06", "specified_person")).toBe("2026-07-30");
    expect(depositDueOn("2027-02", "specified_person")).toBe("2027-03-30");
    expect(depositDueOn("2027-03", "specified_person")).toBe("2027-04-30");
  });

  it("says a month is due with its days left, warned of from three days, then overdue", () => {
    expect(monthDeposit("2026-12-07", "2026-12-03", false)).toEqual({
      state: "due",
      daysLeft: 4,
      daysLate: null,
      isDueSoon: false,
    });
    expect(monthDeposit("2026-12-07", "2026-12-04", false)).toMatchObject({
      daysLeft: 3,
      isDueSoon: true,
    });
    expect(monthDeposit("2026-12-07", "2026-12-07", false)).toMatchObject({
      state: "due",
      daysLeft: 0,
      isDueSoon: true,
    });
    expect(monthDeposit("2026-12-07", "2026-12-08", false)).toEqual({
      state: "overdue",
      daysLeft: null,
      daysLate: 1,
      isDueSoon: false,
    });
    expect(monthDeposit("2026-12-07", "2027-01-20", true)).toEqual({
      state: "deposited",
      daysLeft: null,
      daysLate: null,
      isDueSoon: false,
    });
  });
});
