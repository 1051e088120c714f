/* CSV as every export writes it: spreadsheets open it, so no cell may run as a formula. */

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
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
