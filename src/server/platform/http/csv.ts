/* CSV as every export writes it: spreadsheets open it, so no cell may run as a formula. */

/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"),
 * with their full-width forms, which some spreadsheets take for the same.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV field (RFC 4180): a cell a spreadsheet would run as a formula gets a
 * leading single quote; a field with a quote, comma or line break is quoted, with
 * its quotes doubled.
 */
export function csvField(value: string | null | undefined): string {
  let text = value ?? "";
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: (string | null | undefined)[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A number field: a plain decimal stays as it is, minus sign included (a spreadsheet
 * reads "-500.00" as a number, and nothing after the sign can make it a formula);
 * anything else is written as csvField writes text.
 */
export function csvNumberField(value: string): string {
  return PLAIN_NUMBER.test(value) ? value : csvField(value);
}
