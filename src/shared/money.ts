import DecimalJs from "decimal.js";

/*
 * Money is decimal, never a binary float. Amounts travel as strings ("8600.50"),
 * are parsed here into Decimals, computed on, and written back with formatAmount.
 *
 * Decimal is a private clone of decimal.js so that no other code's global
 * configuration can change ours: 100 significant digits (far beyond any amount the
 * desk handles) and ROUND_DOWN for every inexact step, so a computed amount can
 * only ever be truncated, never rounded up.
 */
export const Decimal = DecimalJs.clone({
  precision: 100,
  rounding: DecimalJs.ROUND_DOWN,
  toExpNeg: -100,
  toExpPos: 100,
});
export type Decimal = DecimalJs;

/** Longest amount text we read; anything longer is not a real amount. */
const MAX_AMOUNT_LENGTH = 32;
/** A plain positive decimal: digits, optionally a point and more digits. No sign, exponent or hex. */
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/**
 * Reads an amount typed by a person or sent by a client. Surrounding whitespace is
 * ignored. Answers null for anything that is not a plain decimal greater than zero:
 * "", "-5", "0", "1e3", "0x10", "NaN", "Infinity", "1,000", ".5".
 */
export function parseAmount(text: string): Decimal | null {
  const trimmed = text.trim();
  if (trimmed.length > MAX_AMOUNT_LENGTH || !PLAIN_DECIMAL.test(trimmed)) return null;
  const value = new Decimal(trimmed);
  return value.isZero() ? null : value;
}

/** How many digits a value has after the decimal point, ignoring trailing zeros ("1.50" → 1). */
export function decimalPlaces(value: Decimal): number {
  return value.decimalPlaces();
}

/** Fixed-point text with exactly `places` decimals, rounded down (toward zero). */
export function formatAmount(value: Decimal, places: number): string {
  return value.toFixed(places, Decimal.ROUND_DOWN);
}

/** The canonical text of a decimal: no exponent, no trailing zeros ("086.50" → "86.5"). */
export function canonicalAmount(value: Decimal): string {
  return value.toFixed();
}

/** A decimal column as its shortest exact text: "86.0000" → "86". */
export function plainDecimal(value: string): string {
  return canonicalAmount(new Decimal(value));
}
