import { Decimal } from "../../../shared/money";

/*
 * The dates and amounts of Indian bank statements, as the banks print them:
 * day first (24/11/2026, 24-11-26, 24-Nov-26, 24 Nov 2026), and rupees grouped
 * the Indian way (1,23,456.78) or the western way (123,456.78).
 */

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const DAY_FIRST_DATE =
  /^(\d{1,2})[/\-. ]([a-z]{3,9}|\d{1,2})[/\-. ,]+(\d{4}|\d{2})(?:\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]m)?)?$/;
/** What an XLSX date cell is read as (see statement-rows.ts). */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A statement date as YYYY-MM-DD, or null when the text is not a real calendar date. */
export function parseStatementDate(text: string): string | null {
  const value = text.trim().toLowerCase();
  const iso = ISO_DATE.exec(value);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const parts = DAY_FIRST_DATE.exec(value);
  if (!parts) return null;
  const [, day, monthText = "", yearText = ""] = parts;
  const month = /^\d+$/.test(monthText)
    ? Number(monthText)
    : MONTHS.indexOf(monthText.slice(0, 3)) + 1;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  return calendarDate(year, month, Number(day));
}

function calendarDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  const isReal = month >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1;
  return isReal && date.getUTCDate() === day ? date.toISOString().slice(0, 10) : null;
}

/** Rupees and up to 2 decimals of paise; grouped in lakhs (1,23,456) or thousands (123,456) or not. */
const AMOUNT = /^(?:\d{1,2}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/;
/** Currency marks some banks print beside the figure. */
const CURRENCY_MARKS = /^(?:inr|rs\.?|₹)\s*|\s*(?:inr)$/gi;
/** How a bank prints "nothing" in the debit or credit column it does not use. */
const NO_AMOUNT = /^(?:-|0+(?:\.0+)?)?$/;

/** The largest amount a statement line holds (its column is numeric(14, 2)). */
export const MAX_STATEMENT_AMOUNT = new Decimal("999999999999.99");

export type StatementAmount =
  | { ok: true; value: Decimal | null }
  | { ok: false; isTooLarge?: boolean };

/** The amount of a debit or credit cell: a positive Decimal, null for an empty cell, or not an amount. */
export function parseStatementAmount(text: string): StatementAmount {
  const value = text.trim().replace(CURRENCY_MARKS, "").trim();
  if (NO_AMOUNT.test(value)) return { ok: true, value: null };
  if (!AMOUNT.test(value)) return { ok: false };
  const amount = new Decimal(value.replaceAll(",", ""));
  return amount.gt(MAX_STATEMENT_AMOUNT)
    ? { ok: false, isTooLarge: true }
    : { ok: true, value: amount };
}
