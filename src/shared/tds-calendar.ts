import type { DeductorKind } from "./tax-settings-input";

/*
 * The TDS calendar (issue 53, decisions 060 and 061): financial years (April–March),
 * their return quarters, and when a month's deductions must be deposited. Months are
 * India months written YYYY-MM, days YYYY-MM-DD; nothing here reads a clock.
 */

/** Form 26Q's quarters: Q1 April–June, Q2 July–September, Q3 October–December, Q4 January–March. */
export const RETURN_QUARTERS = ["Q1", "Q2", "Q3", "Q4"] as const;
export type ReturnQuarter = (typeof RETURN_QUARTERS)[number];

/** A month left this many days or fewer before its deposit is due is warned of. */
export const DUE_SOON_DAYS = 3;

/** The first day TDS under section 194S applied: 1 July 2022. */
export const FIRST_TDS_FINANCIAL_YEAR = 2022;

const MONTH = /^(\d{4})-(\d{2})$/;

function monthParts(month: string): { year: number; month: number } {
  const match = MONTH.exec(month);
  if (!match) throw new Error(`Not a month: ${month}`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

const pad = (value: number) => String(value).padStart(2, "0");

/** The financial year a month belongs to, by its first calendar year: 2027-03 → 2026. */
export function financialYearOfMonth(month: string): number {
  const parts = monthParts(month);
  return parts.month >= 4 ? parts.year : parts.year - 1;
}

/** A financial year as it is written: 2026 → "2026-27". */
export function financialYearLabel(year: number): string {
  return `${year}-${pad((year + 1) % 100)}`;
}

/** The financial year of an India day (YYYY-MM-DD). */
export function financialYearOfDay(day: string): number {
  return financialYearOfMonth(day.slice(0, 7));
}

/** The return quarter a month falls in. */
export function quarterOfMonth(month: string): ReturnQuarter {
  const fiscalIndex = (monthParts(month).month + 8) % 12; // April 0 … March 11
  return RETURN_QUARTERS[Math.floor(fiscalIndex / 3)] as ReturnQuarter;
}

/** The twelve months of a financial year, April first. */
export function financialYearMonths(year: number): string[] {
  return Array.from({ length: 12 }, (_, index) => {
    const calendarMonth = ((index + 3) % 12) + 1;
    return `${calendarMonth >= 4 ? year : year + 1}-${pad(calendarMonth)}`;
  });
}

/** The three months of a financial year's quarter. */
export function quarterMonths(year: number, quarter: ReturnQuarter): string[] {
  const index = RETURN_QUARTERS.indexOf(quarter);
  return financialYearMonths(year).slice(index * 3, index * 3 + 3);
}

function utcDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

const dayText = (date: Date) => date.toISOString().slice(0, 10);

/** Days from `from` to `to` (YYYY-MM-DD both): 0 on the same day, negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDay(to).getTime() - utcDay(from).getTime()) / 86_400_000);
}

/**
 * The last day to deposit a month's deductions. A TAN holder deposits by the 7th of the
 * next month, and March's by 30 April (Rule 30(2)); a specified person within thirty
 * days of the month's end, with Form 26QE (Rule 30(2B)).
 */
export function depositDueOn(month: string, kind: DeductorKind): string {
  const { year, month: calendarMonth } = monthParts(month);
  if (kind === "specified_person") {
    const monthEnd = new Date(Date.UTC(year, calendarMonth, 0));
    return dayText(new Date(monthEnd.getTime() + 30 * 86_400_000));
  }
  if (calendarMonth === 3) return `${year}-04-30`;
  const next = new Date(Date.UTC(year, calendarMonth, 7));
  return dayText(next);
}

export type DepositState = "deposited" | "due" | "overdue";

export interface MonthDeposit {
  state: DepositState;
  /** Days left to the due date, the due day itself 0; null unless due. */
  daysLeft: number | null;
  /** Days past the due date; null unless overdue. */
  daysLate: number | null;
  /** Due within DUE_SOON_DAYS days: warned of. */
  isDueSoon: boolean;
}

/** Where a month's deposit stands on `today`: all its tax deposited, due by `dueOn`, or past it. */
export function monthDeposit(dueOn: string, today: string, isDeposited: boolean): MonthDeposit {
  if (isDeposited) return { state: "deposited", daysLeft: null, daysLate: null, isDueSoon: false };
  const daysLeft = daysBetween(today, dueOn);
  if (daysLeft < 0)
    return { state: "overdue", daysLeft: null, daysLate: -daysLeft, isDueSoon: false };
  return { state: "due", daysLeft, daysLate: null, isDueSoon: daysLeft <= DUE_SOON_DAYS };
}
