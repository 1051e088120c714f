import type { DeductorKind } from "../../../shared/tax-settings-input";
import {
  financialYearLabel,
  financialYearMonths,
  financialYearOfMonth,
  quarterMonths,
  type ReturnQuarter,
} from "../../../shared/tds-calendar";
import type { Database } from "../../platform/db/database";
import { AppError } from "../../platform/http/errors";
import { type WorkbookSheet, writeWorkbook } from "../../platform/http/workbook";
import { listChallans, type TdsChallanView } from "./tds-challans";
import { type Deduction, readDeductions, readDeductorKind } from "./tds-deductions";

/*
 * The return's data (issue 53, decision 061): a TAN holder's quarter (Form 26Q) or a
 * specified person's month (Form 26QE) as a workbook of two sheets, its challans and
 * its deductees, in the columns and order of Form 26Q's table of challans ([401] to
 * [411]) and its Annexure of deductees, as the return preparation utility takes them.
 * The accountant adds the deductor's particulars, prepares the return in the utility
 * and validates it with the File Validation Utility.
 */

export interface ReturnPeriod {
  form: "26Q" | "26QE";
  financialYear: number;
  /** "Q3" of a quarter's return, "2026-11" of a month's. */
  period: string;
  months: string[];
}

/** The section code the deductions are reported under. */
const SECTION_CODE = "194S";
/** Minor head 200: TDS payable by the deductor (not on regular assessment). */
const MINOR_HEAD = "200";
/** The reason the return gives for a higher deduction: the deductee gave no PAN (s. 206AA). */
const NO_PAN_REASON = "C";
/** What the return's PAN column takes for a deductee who gave none. */
const NO_PAN = "PANNOTAVBL";

/** The period the deductor's return covers: a quarter of the year for Form 26Q, a month of it for 26QE. */
export function returnPeriodOf(
  kind: DeductorKind,
  asked: { financialYear: number; quarter?: ReturnQuarter; month?: string },
): ReturnPeriod {
  const { financialYear } = asked;
  if (kind === "tan_holder") {
    if (!asked.quarter) {
      throw new AppError(
        400,
        "INVALID_INPUT",
        "quarter is required: Form 26Q is filed by quarter (Q1 to Q4).",
        {
          field: "quarter",
        },
      );
    }
    return {
      form: "26Q",
      financialYear,
      period: asked.quarter,
      months: quarterMonths(financialYear, asked.quarter),
    };
  }
  if (!asked.month || !financialYearMonths(financialYear).includes(asked.month)) {
    throw new AppError(
      400,
      "INVALID_INPUT",
      `month is required, within ${financialYearLabel(financialYear)}: a specified person files Form 26QE by month.`,
      { field: "month" },
    );
  }
  return { form: "26QE", financialYear, period: asked.month, months: [asked.month] };
}

/** "2026-12-05" → "05/12/2026", as the utility takes dates. */
const returnDay = (day: string) => day.split("-").reverse().join("/");

/** 01 for a company (a PAN whose fourth letter is C), 02 for every other deductee. */
const deducteeCode = (pan: string | null) => (pan?.[3] === "C" ? "01" : "02");

type ChallanRow = TdsChallanView & { serial: number };
type DeducteeRow = Deduction & { number: number; challanSerial: number | null };

function challanSheet(challans: ChallanRow[]): WorkbookSheet<ChallanRow> {
  return {
    sheet: "Challans",
    rows: challans,
    columns: [
      { header: "Sr. No. [401]", kind: "count", value: (row) => row.serial },
      { header: "Tax (₹) [402]", kind: "inr", value: (row) => row.taxInr },
      { header: "Interest (₹) [403]", kind: "inr", value: (row) => row.interestInr },
      { header: "Fee (₹) [404]", kind: "inr", value: (row) => row.feeInr },
      { header: "Penalty / Others (₹) [405]", kind: "inr", value: () => "0" },
      { header: "Total Amount Deposited (₹) [406]", kind: "inr", value: (row) => row.totalInr },
      {
        header: "Mode of Deposit: Challan (C) / Book Adjustment (B) [407]",
        kind: "text",
        value: () => "C",
      },
      { header: "BSR Code [408]", kind: "text", value: (row) => row.bsrCode },
      { header: "Challan Serial No. [409]", kind: "text", value: (row) => row.serialNumber },
      {
        header: "Date Deposited (dd/mm/yyyy) [410]",
        kind: "text",
        value: (row) => returnDay(row.depositedOn),
      },
      { header: "Minor Head of Challan [411]", kind: "text", value: () => MINOR_HEAD },
    ],
  };
}

function deducteeSheet(deductions: DeducteeRow[]): WorkbookSheet<DeducteeRow> {
  const deposited = (row: DeducteeRow) => (row.challan ? row.tdsInr : "0");
  return {
    sheet: "Deductees",
    rows: deductions,
    columns: [
      { header: "Sr. No.", kind: "count", value: (row) => row.number },
      {
        header: "Challan Sr. No. (blank: not deposited)",
        kind: "count",
        value: (row) => row.challanSerial,
      },
      { header: "Deductee Reference No.", kind: "text", value: (row) => row.shortId },
      {
        header: "Deductee Code (01 Company, 02 Other)",
        kind: "text",
        value: (row) => deducteeCode(row.sellerPan),
      },
      { header: "PAN of the Deductee", kind: "text", value: (row) => row.sellerPan ?? NO_PAN },
      { header: "Name of the Deductee", kind: "text", value: (row) => row.sellerName },
      { header: "Section Code", kind: "text", value: () => SECTION_CODE },
      {
        header: "Date of Payment / Credit (dd/mm/yyyy)",
        kind: "text",
        value: (row) => returnDay(row.paidOn),
      },
      { header: "Amount Paid / Credited (₹)", kind: "inr", value: (row) => row.grossInr },
      { header: "TDS (₹)", kind: "inr", value: (row) => row.tdsInr },
      { header: "Surcharge (₹)", kind: "inr", value: () => "0" },
      { header: "Education Cess (₹)", kind: "inr", value: () => "0" },
      { header: "Total Tax Deducted (₹)", kind: "inr", value: (row) => row.tdsInr },
      { header: "Total Tax Deposited (₹)", kind: "inr", value: deposited },
      {
        header: "Date of Deduction (dd/mm/yyyy)",
        kind: "text",
        value: (row) => returnDay(row.paidOn),
      },
      { header: "Rate at which Tax Deducted (%)", kind: "number", value: (row) => row.ratePercent },
      {
        header: "Reason for Non-deduction / Lower / Higher Deduction",
        kind: "text",
        value: (row) => (row.sellerPan ? null : NO_PAN_REASON),
      },
      { header: "Certificate No. u/s 197", kind: "text", value: () => null },
      { header: "Sale (RupeeDesk)", kind: "text", value: (row) => row.saleId },
    ],
  };
}

/**
 * The period's challans, numbered by the day deposited, and its deductions under their
 * challan's number, those not deposited yet last (their challan column blank).
 */
export async function readReturn(db: Database, period: ReturnPeriod) {
  const deductions = await readDeductions(db, {
    first: period.months[0] as string,
    last: period.months.at(-1) as string,
  });
  const covering = new Set(deductions.flatMap((deduction) => deduction.challan?.id ?? []));
  const challans = (await listChallans(db, period.financialYear))
    .filter((challan) => covering.has(challan.id))
    .sort(
      (a, b) =>
        a.depositedOn.localeCompare(b.depositedOn) || a.serialNumber.localeCompare(b.serialNumber),
    )
    .map((challan, index) => ({ ...challan, serial: index + 1 }));
  const serialOf = new Map(challans.map((challan) => [challan.id, challan.serial]));
  const deductees = deductions
    .map((deduction) => ({
      ...deduction,
      challanSerial: deduction.challan ? (serialOf.get(deduction.challan.id) ?? null) : null,
    }))
    // A stable sort: by challan, each challan's deductions as they were paid.
    .sort(
      (a, b) =>
        (a.challanSerial ?? Number.MAX_SAFE_INTEGER) - (b.challanSerial ?? Number.MAX_SAFE_INTEGER),
    )
    .map((deduction, index) => ({ ...deduction, number: index + 1 }));
  return { challans, deductees };
}

/** The return's workbook for the deductor kind in force. */
export async function returnWorkbook(
  db: Database,
  asked: { financialYear: number; quarter?: ReturnQuarter; month?: string },
) {
  const { kind } = await readDeductorKind(db);
  const period = returnPeriodOf(kind, asked);
  const { challans, deductees } = await readReturn(db, period);
  const workbook = await writeWorkbook([
    challanSheet(challans) as WorkbookSheet<unknown>,
    deducteeSheet(deductees) as WorkbookSheet<unknown>,
  ]);
  return { workbook, fileName: returnFileName(period) };
}

/** rupeedesk-26Q-2026-27-Q3.xlsx, rupeedesk-26QE-2026-11.xlsx. */
export function returnFileName(period: ReturnPeriod): string {
  const year = financialYearLabel(financialYearOfMonth(period.months[0] as string));
  return period.form === "26Q"
    ? `rupeedesk-26Q-${year}-${period.period}.xlsx`
    : `rupeedesk-26QE-${period.period}.xlsx`;
}
