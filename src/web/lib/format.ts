import { localeOf } from "../../shared/languages";
import { pageLanguage } from "../i18n";

/*
 * Dates and amounts as people in India read them, in the language being read: India
 * time, lakh grouping (₹1,00,000.00), Hindi month names in Hindi. Components calling
 * these re-render on a change of language through their useTexts().
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function cached<T extends Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format as T;
}

function dateFormat(style: "date" | "dateTime") {
  const locale = localeOf(pageLanguage());
  return cached(`${locale}:${style}`, () =>
    style === "date"
      ? new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "Asia/Kolkata" })
      : new Intl.DateTimeFormat(locale, {
          dateStyle: "medium",
          timeStyle: "short",
          timeZone: "Asia/Kolkata",
        }),
  );
}

/** A date in India time: "25 Nov 2026", "25 नव॰ 2026". */
export function formatDate(value: Date | string): string {
  return dateFormat("date").format(new Date(value));
}

/** A moment in India time. */
export function formatDateTime(value: Date | string): string {
  return dateFormat("dateTime").format(new Date(value));
}

/** A decimal amount as the server wrote it, grouped the Indian way (shared/indian-grouping.ts). */
export { groupIndian as formatAmount } from "../../shared/indian-grouping";
