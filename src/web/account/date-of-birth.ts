/*
 * A date of birth as Indians write it (day, month, year: 09-07-1988), typed in three
 * fields and held by the form as the shared schema reads it (YYYY-MM-DD), which judges
 * it: a real date, 18 or older.
 */

export interface DateParts {
  day: string;
  month: string;
  year: string;
}

const DEVANAGARI_ZERO = 0x0966;

/** What a part keeps of what was typed: its digits, Devanagari ones (०-९) as 0-9. */
export function dateDigits(typed: string, length: number): string {
  return typed
    .replace(/[०-९]/g, (digit) =>
      String((digit.codePointAt(0) ?? DEVANAGARI_ZERO) - DEVANAGARI_ZERO),
    )
    .replace(/\D/g, "")
    .slice(0, length);
}

/** The parts as the form holds them: "" when none is typed, else YYYY-MM-DD (to be judged). */
export function isoDateOf({ day, month, year }: DateParts): string {
  if (!day && !month && !year) return "";
  return `${year.padStart(4, "0")}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}

/** The parts of a YYYY-MM-DD date, as the fields show them. */
export function datePartsOf(isoDate: string): DateParts {
  const [year = "", month = "", day = ""] = /^\d{4}-\d{2}-\d{2}$/.test(isoDate)
    ? isoDate.split("-")
    : [];
  return { day, month, year };
}

/** A YYYY-MM-DD date as the page writes it: 09-07-1988. */
export function indianDate(isoDate: string): string {
  const { day, month, year } = datePartsOf(isoDate);
  return day ? `${day}-${month}-${year}` : isoDate;
}
