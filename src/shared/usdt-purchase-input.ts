import { z } from "zod";
import { NETWORKS } from "./catalog";
import { hasUnseenControls } from "./plain-text";
import { readDecimal } from "./site-settings-input";

/*
 * One USDT purchase as the Books page's form submits it and the server accepts it
 * (issue 26). Amounts are decimal text, checked exactly; messages name the field so
 * the server can answer them as 400s.
 */

/** USDT's smallest unit on every network the desk pays on is 10^-6. */
export const USDT_DECIMALS = 6;
export const RUPEE_DECIMALS = 2;
export const USD_DECIMALS = 2;
export const USD_INR_RATE_DECIMALS = 6;
/** Tether's first day: an earlier purchase date is a typo. */
export const EARLIEST_PURCHASE_DAY = "2014-10-06";

const SOURCE_MAX = 100;
const NOTE_MAX = 500;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const USDT_PURCHASE_FIELD_LABELS = {
  boughtOn: "Date",
  network: "Network",
  quantityUsdt: "Quantity (USDT)",
  paidCurrency: "Paid In",
  paidAmount: "Amount Paid",
  usdInrRate: "USD/INR Rate",
  source: "Bought At",
  note: "Note",
} as const;

/** A positive decimal with at most `places` decimals, below `limit`. */
function positiveAmount(label: string, places: number, limit: string, example: string) {
  return z
    .string()
    .trim()
    .refine(
      (text) => {
        const value = readDecimal(text);
        return Boolean(value?.gt(0) && value.lt(limit) && value.decimalPlaces() <= places);
      },
      {
        error: `${label} must be a number greater than 0 with at most ${places} decimals, like ${example}.`,
      },
    );
}

/** A real day of the calendar written YYYY-MM-DD ("2026-02-30" is not one). */
export function isCalendarDay(text: string): boolean {
  if (!ISO_DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

export const usdtPurchaseInputSchema = z
  .object({
    boughtOn: z
      .string()
      .trim()
      .refine(isCalendarDay, { error: "Date must be a day, like 2026-11-20.", abort: true })
      .refine((day) => day >= EARLIEST_PURCHASE_DAY, {
        error: `Date must be on or after ${EARLIEST_PURCHASE_DAY}, when USDT began.`,
      }),
    network: z.enum(
      NETWORKS.map((network) => network.id),
      { error: `Network must be one of ${NETWORKS.map((network) => network.id).join(", ")}.` },
    ),
    quantityUsdt: positiveAmount(
      USDT_PURCHASE_FIELD_LABELS.quantityUsdt,
      USDT_DECIMALS,
      "1000000000000",
      "1000.50",
    ),
    paidCurrency: z.enum(["INR", "USD"], { error: "Paid In must be INR or USD." }),
    paidAmount: z.string().trim(),
    usdInrRate: z.string().trim().default(""),
    source: z
      .string()
      .trim()
      .min(1, { error: "Bought At is required (an exchange, a broker, a person).", abort: true })
      .max(SOURCE_MAX, {
        error: `Bought At must be at most ${SOURCE_MAX} characters.`,
        abort: true,
      })
      .refine((value) => !hasUnseenControls(value), {
        error: "Bought At must not contain control characters.",
      }),
    note: z
      .string()
      .trim()
      .max(NOTE_MAX, { error: `Note must be at most ${NOTE_MAX} characters.`, abort: true })
      .refine((value) => !hasUnseenControls(value), {
        error: "Note must not contain control characters.",
      })
      .default(""),
  })
  .superRefine((input, context) => {
    const isUsd = input.paidCurrency === "USD";
    const amount = isUsd
      ? positiveAmount("Amount Paid (USD)", USD_DECIMALS, "1000000000000", "1000.50")
      : positiveAmount("Amount Paid (₹)", RUPEE_DECIMALS, "1000000000000000", "86000.50");
    const paid = amount.safeParse(input.paidAmount);
    if (!paid.success) {
      context.addIssue({
        code: "custom",
        path: ["paidAmount"],
        message: paid.error.issues[0]?.message ?? "Amount Paid is invalid.",
      });
    }
    if (!isUsd && input.usdInrRate !== "") {
      context.addIssue({
        code: "custom",
        path: ["usdInrRate"],
        message: "USD/INR Rate is only for a purchase paid in USD; leave it empty.",
      });
    }
    if (isUsd) {
      const rate = positiveAmount(
        USDT_PURCHASE_FIELD_LABELS.usdInrRate,
        USD_INR_RATE_DECIMALS,
        "10000",
        "84.25",
      ).safeParse(input.usdInrRate);
      if (!rate.success) {
        context.addIssue({
          code: "custom",
          path: ["usdInrRate"],
          message:
            input.usdInrRate === ""
              ? "USD/INR Rate is required for a purchase paid in USD."
              : (rate.error.issues[0]?.message ?? "USD/INR Rate is invalid."),
        });
      }
    }
  });

export type UsdtPurchaseInput = z.input<typeof usdtPurchaseInputSchema>;
export type UsdtPurchase = z.output<typeof usdtPurchaseInputSchema>;
