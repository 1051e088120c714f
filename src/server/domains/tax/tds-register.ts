import { Decimal } from "../../../shared/money";
import type { DeductorKind } from "../../../shared/tax-settings-input";
import {
  depositDueOn,
  financialYearLabel,
  financialYearMonths,
  financialYearOfDay,
  type MonthDeposit,
  monthDeposit,
} from "../../../shared/tds-calendar";
import type { Database } from "../../platform/db/database";
import {
  type Deduction,
  readDeductions,
  readDeductionYears,
  readDeductorKind,
} from "./tds-deductions";

/*
 * The TDS register (issue 53, decision 061): a financial year's deductions grouped by
 * the India month they were paid in, each month with its totals, the day its tax must
 * be deposited by and where that stands today.
 */

export interface DeductionTotals {
  deductions: number;
  grossInr: string;
  tdsInr: string;
  /** TDS of the deductions a challan covers. */
  depositedInr: string;
  /** TDS of those no challan covers yet. */
  outstandingInr: string;
}

export interface RegisterMonth extends MonthDeposit {
  /** YYYY-MM, India time. */
  month: string;
  dueOn: string;
  /** A challan covering some of its deductions was deposited after the due date (interest is owed). */
  depositedLate: boolean;
  totals: DeductionTotals;
  deductions: Deduction[];
}

export interface TdsRegister {
  financialYear: number;
  /** "2026-27". */
  label: string;
  deductorKind: DeductorKind;
  /** Form 26Q (quarterly) for a TAN holder, 26QE (monthly) for a specified person. */
  form: "26Q" | "26QE";
  /** India's today, which the states are of. */
  today: string;
  /** The financial years with deductions, and this one, newest first. */
  financialYears: number[];
  /** The months with deductions, newest first. */
  months: RegisterMonth[];
  totals: DeductionTotals;
}

/** A deduction still to deposit: no challan covers it, and it has tax (one rounded to ₹0 has none). */
export const isOutstanding = (deduction: Deduction) =>
  deduction.challan === null && !new Decimal(deduction.tdsInr).isZero();

/** The totals of some deductions. */
export function deductionTotals(deductions: Deduction[]): DeductionTotals {
  const sum = (chosen: Deduction[], pick: (deduction: Deduction) => string) =>
    chosen.reduce((total, deduction) => total.plus(pick(deduction)), new Decimal(0)).toFixed(2);
  const covered = deductions.filter((deduction) => deduction.challan !== null);
  const uncovered = deductions.filter((deduction) => deduction.challan === null);
  return {
    deductions: deductions.length,
    grossInr: sum(deductions, (deduction) => deduction.grossInr),
    tdsInr: sum(deductions, (deduction) => deduction.tdsInr),
    depositedInr: sum(covered, (deduction) => deduction.tdsInr),
    outstandingInr: sum(uncovered, (deduction) => deduction.tdsInr),
  };
}

/** One month of the register: its deductions, the due date by the deductor kind, and its state on `today`. */
export function registerMonth(
  month: string,
  deductions: Deduction[],
  kind: DeductorKind,
  today: string,
): RegisterMonth {
  const dueOn = depositDueOn(month, kind);
  return {
    month,
    dueOn,
    ...monthDeposit(dueOn, today, !deductions.some(isOutstanding)),
    depositedLate: deductions.some(
      (deduction) => deduction.challan !== null && deduction.challan.depositedOn > dueOn,
    ),
    totals: deductionTotals(deductions),
    deductions,
  };
}

/** The deductions grouped by month, newest month first (months without any left out). */
export function groupByMonth(
  deductions: Deduction[],
  kind: DeductorKind,
  today: string,
): RegisterMonth[] {
  const byMonth = new Map<string, Deduction[]>();
  for (const deduction of deductions) {
    const inMonth = byMonth.get(deduction.month);
    if (inMonth) inMonth.push(deduction);
    else byMonth.set(deduction.month, [deduction]);
  }
  return [...byMonth.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([month, inMonth]) => registerMonth(month, inMonth, kind, today));
}

/** The register of a financial year (by its first calendar year), as it stands on `today`. */
export async function readTdsRegister(
  db: Database,
  { financialYear, today }: { financialYear: number; today: string },
): Promise<TdsRegister> {
  const months = financialYearMonths(financialYear);
  const deductions = await readDeductions(db, {
    first: months[0] as string,
    last: months[11] as string,
  });
  const { kind } = await readDeductorKind(db);
  const years = new Set([financialYearOfDay(today), ...(await readDeductionYears(db))]);
  return {
    financialYear,
    label: financialYearLabel(financialYear),
    deductorKind: kind,
    form: kind === "specified_person" ? "26QE" : "26Q",
    today,
    financialYears: [...years].sort((a, b) => b - a),
    months: groupByMonth(deductions, kind, today),
    totals: deductionTotals(deductions),
  };
}
