/*
 * Display formatting for the dashboard. Amounts arrive as exact decimal strings and
 * are handed to Intl as strings, which formats them without a trip through floats.
 */

const inrFormat = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const usdtFormat = new Intl.NumberFormat("en-IN", {
  minimumFractionDigits: 4,
  maximumFractionDigits: 4,
});

const compactFormat = new Intl.NumberFormat("en-IN", {
  notation: "compact",
  maximumFractionDigits: 1,
});

/** "3000.75" → "₹3,000.75" (Indian grouping: ₹1,23,456.00). */
export function formatInr(amount: string): string {
  return inrFormat.format(amount as Intl.StringNumericLiteral);
}

/** "34.8924" → "34.8924 USDT", always to the 4 places USDT amounts are stored with. */
export function formatUsdt(amount: string): string {
  return `${usdtFormat.format(amount as Intl.StringNumericLiteral)} USDT`;
}

/** An axis tick: 125000 → "1.3L". */
export function formatCompact(value: number): string {
  return compactFormat.format(value);
}

const units = [
  { unit: "day", ms: 86_400_000 },
  { unit: "hour", ms: 3_600_000 },
  { unit: "minute", ms: 60_000 },
] as const;

const unitFormats = Object.fromEntries(
  units.map(({ unit }) => [
    unit,
    new Intl.NumberFormat("en", { style: "unit", unit, unitDisplay: "short" }),
  ]),
) as Record<(typeof units)[number]["unit"], Intl.NumberFormat>;

/** How long ago `since` was, in its largest whole unit: "12 min", "3 hr", "2 days"; null under a minute. */
export function formatAge(since: string, now: number): string | null {
  const elapsed = Math.max(0, now - Date.parse(since));
  for (const { unit, ms } of units) {
    if (elapsed >= ms) return unitFormats[unit].format(Math.floor(elapsed / ms));
  }
  return null;
}

const dayFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});

/** "2025-03-15" (an India day) → "15 Mar". */
export function formatDay(date: string): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}

/** Today in India, YYYY-MM-DD: the books' days are India days. */
export function indiaToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
}

const monthFormat = new Intl.DateTimeFormat("en-IN", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "2026-11" (an India month) → "November 2026". */
export function formatMonth(month: string): string {
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
}
