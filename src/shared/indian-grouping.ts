/**
 * A decimal amount as the server wrote it ("100000.00"), grouped the Indian way
 * ("1,00,000.00") with its decimals kept; Latin digits in both languages, as en-IN
 * and hi-IN write them. Grouped as text, so every digit is exact (never a binary
 * float), and without Intl: the first Intl.NumberFormat of a page loads ICU's number
 * data, 60 ms of a phone's main thread while the first screen comes alive.
 * Anything that is not a plain decimal is shown as it came. Apart from money.ts, so
 * that the first screen does not load decimal.js for it.
 */
export function groupIndian(amount: string): string {
  const match = /^(\d+)(\.\d+)?$/.exec(amount);
  if (!match) return amount;
  const [, whole = "", decimals = ""] = match;
  // The last three digits, then pairs: 1,23,45,678.
  const grouped = whole.replace(/(\d)(?=(\d\d)*\d{3}$)/g, "$1,");
  return grouped + decimals;
}
