import { z } from "zod";
import { inrLimit } from "./site-settings-input";
import { isCalendarDay } from "./usdt-purchase-input";

/*
 * A TDS challan as the TDS Register's form records it (issue 53, decision 061): the
 * deposit's challan identification number (the bank branch's BSR code, the day and the
 * challan's serial number), what it paid, and the deductions whose tax it deposited.
 * The server checks the rest against the database: each sale a paid, taxed one that no
 * other challan covers, and the tax exactly their TDS.
 */

export const TDS_CHALLAN_FIELD_LABELS = {
  bsrCode: "BSR Code",
  depositedOn: "Date Deposited",
  serialNumber: "Challan Serial No.",
  taxInr: "Tax (₹)",
  interestInr: "Interest (₹)",
  feeInr: "Fee (₹)",
  saleIds: "Deductions",
} as const;

/**
 * The most deductions one challan covers here, so its ids fit the API's 64 KB body: a
 * month with more is deposited with two challans.
 */
export const MAX_CHALLAN_SALES = 1000;

const digits = (label: string, count: number, example: string) =>
  z
    .string({ error: `${label} is required: ${count} digits, like ${example}.` })
    .trim()
    .regex(new RegExp(`^\\d{${count}}$`), {
      error: `${label} must be ${count} digits, like ${example}.`,
    });

/** An optional rupee amount: empty is 0. */
const optionalInr = (label: string) =>
  z
    .string()
    .trim()
    .transform((text) => (text === "" ? "0" : text))
    .pipe(inrLimit(label, true))
    .default("0");

export const tdsChallanInputSchema = z.object({
  bsrCode: digits(TDS_CHALLAN_FIELD_LABELS.bsrCode, 7, "0510308"),
  depositedOn: z
    .string({ error: `${TDS_CHALLAN_FIELD_LABELS.depositedOn} is required, like 2026-12-05.` })
    .trim()
    .refine(isCalendarDay, {
      error: `${TDS_CHALLAN_FIELD_LABELS.depositedOn} must be a day, like 2026-12-05.`,
    }),
  serialNumber: digits(TDS_CHALLAN_FIELD_LABELS.serialNumber, 5, "00123"),
  taxInr: inrLimit(TDS_CHALLAN_FIELD_LABELS.taxInr, false),
  interestInr: optionalInr(TDS_CHALLAN_FIELD_LABELS.interestInr),
  feeInr: optionalInr(TDS_CHALLAN_FIELD_LABELS.feeInr),
  saleIds: z
    .array(z.uuid({ error: "Each deduction must be a sale's id." }), {
      error: "Deductions must be a list of sales' ids.",
    })
    .min(1, { error: "Choose the deductions this challan deposited the tax of." })
    .max(MAX_CHALLAN_SALES, {
      error: `A challan covers at most ${MAX_CHALLAN_SALES.toLocaleString("en-IN")} deductions here: deposit the rest with a second challan.`,
    })
    .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, {
      error: "Each deduction may be chosen once.",
    }),
});

export type TdsChallanInput = z.input<typeof tdsChallanInputSchema>;
export type TdsChallan = z.output<typeof tdsChallanInputSchema>;
