import type { DeductorKind } from "../../../../shared/tax-settings-input";
import {
  financialYearLabel,
  financialYearMonths,
  financialYearOfMonth,
  quarterMonths,
  quarterOfMonth,
  RETURN_QUARTERS,
} from "../../../../shared/tds-calendar";

/*
 * The periods a TDS certificate covers (decision 062): a TAN holder's quarter of the
 * financial year (Form 16A, with Form 26Q), a specified person's month (Form 16E, with
 * Form 26QE). Days are India's calendar days, written YYYY-MM-DD, so comparing them as
 * text compares them in time.
 */

export type PeriodKind = "quarter" | "month";

export interface TaxPeriod {
  /** "2026-27-Q3" for a quarter of the financial year 2026-27, "2026-11" for a month. */
  id: string;
  kind: PeriodKind;
  /** The financial year by the year it starts in (April 2026 to March 2027: 2026). */
  financialYear: number;
  /** The quarter of the financial year (1 is April to June), or the calendar month (1 to 12). */
  number: number;
  firstDay: string;
  lastDay: string;
}

export function periodKindOf(deductorKind: DeductorKind): PeriodKind {
  return deductorKind === "specified_person" ? "month" : "quarter";
}

/** The last day of a month (YYYY-MM). */
function lastDayOf(month: string): string {
  const [year, calendarMonth] = month.split("-").map(Number) as [number, number];
  return `${month}-${new Date(Date.UTC(year, calendarMonth, 0)).getUTCDate()}`;
}

/** A period made of these months (YYYY-MM), in order. */
function periodOfMonths(
  months: string[],
  fields: Pick<TaxPeriod, "id" | "kind" | "number">,
): TaxPeriod {
  const first = months[0] ?? "";
  const last = months.at(-1) ?? "";
  return {
    ...fields,
    financialYear: financialYearOfMonth(first),
    firstDay: `${first}-01`,
    lastDay: lastDayOf(last),
  };
}

const monthPeriod = (month: string) =>
  periodOfMonths([month], { id: month, kind: "month", number: Number(month.slice(5, 7)) });

function quarterPeriod(financialYear: number, quarter: (typeof RETURN_QUARTERS)[number]) {
  return periodOfMonths(quarterMonths(financialYear, quarter), {
    id: `${financialYearLabel(financialYear)}-${quarter}`,
    kind: "quarter",
    number: RETURN_QUARTERS.indexOf(quarter) + 1,
  });
}

/** The period of this kind a day (YYYY-MM-DD) falls in. */
export function periodOfDay(day: string, kind: PeriodKind): TaxPeriod {
  const month = day.slice(0, 7);
  if (kind === "month") return monthPeriod(month);
  return quarterPeriod(financialYearOfMonth(month), quarterOfMonth(month));
}

const QUARTER_ID = /^(\d{4})-\d{2}-(Q[1-4])$/;
const MONTH_ID = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A period of this kind by its id; null for anything else, a period of the other kind included. */
export function parsePeriodId(id: string, kind: PeriodKind): TaxPeriod | null {
  if (kind === "month") return MONTH_ID.test(id) ? monthPeriod(id) : null;
  const quarter = QUARTER_ID.exec(id);
  if (!quarter) return null;
  const period = quarterPeriod(Number(quarter[1]), quarter[2] as (typeof RETURN_QUARTERS)[number]);
  // "2026-28-Q1" names no financial year.
  return period.id === id ? period : null;
}

/** The first and last day of a financial year. */
export function financialYearDays(financialYear: number): { firstDay: string; lastDay: string } {
  const months = financialYearMonths(financialYear);
  return { firstDay: `${months[0]}-01`, lastDay: lastDayOf(months.at(-1) ?? "") };
}

/** The period is over on this day: its last day has passed in India. */
export function hasEnded(period: TaxPeriod, today: string): boolean {
  return today > period.lastDay;
}
