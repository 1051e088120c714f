import { z } from "zod";
import { onOff } from "./hold-rules-input";
import { decimalRule, inrLimit, readDecimal } from "./site-settings-input";

/*
 * Settings → Tax (issue 53, decision 060), as PUT /api/admin/settings/tax saves it: tax
 * deducted at source under section 194S when the desk buys USDT, as whom, at what
 * rates, and from what yearly amount per seller. Every figure is a setting.
 */

export const TAX_FIELD_LABELS = {
  deducts: "Deduct TDS on Sales (Section 194S)",
  deductorKind: "Deductor",
  deductorTan: "Deductor's TAN",
  deductorPan: "Deductor's PAN",
  ratePercent: "TDS Rate (%)",
  noPanRatePercent: "TDS Rate without the Seller's PAN (%)",
  thresholdInr: "Yearly Threshold per Seller (₹)",
  specifiedPersonThresholdInr: "Yearly Threshold per Seller, Specified Person (₹)",
  buysWithoutPan: "Buy from a Seller without a PAN at the Higher Rate",
} as const;
export type TaxField = keyof typeof TAX_FIELD_LABELS;

/** A TAN holder files Form 26Q each quarter; a specified person (an individual or HUF) Form 26QE each month. */
export const DEDUCTOR_KINDS = ["tan_holder", "specified_person"] as const;
export type DeductorKind = (typeof DEDUCTOR_KINDS)[number];

/** A TAN: four letters, five digits, a letter. */
export const TAN_PATTERN = /^[A-Z]{4}[0-9]{5}[A-Z]$/;
/** A specified person's PAN: an individual's (fourth letter P) or a Hindu undivided family's (H). */
export const SPECIFIED_PERSON_PAN_PATTERN = /^[A-Z]{3}[PH][A-Z][0-9]{4}[A-Z]$/;

const TAN_ERROR = `${TAX_FIELD_LABELS.deductorTan} must be 4 letters, 5 digits and a letter, like DELA12345B.`;
const PAN_ERROR = `${TAX_FIELD_LABELS.deductorPan} must be an individual's or an HUF's PAN: 5 letters, 4 digits, a letter, the fourth P or H (like ABCPK1234F).`;

/** A code typed in any case, kept in capitals; empty is none. */
const code = () =>
  z
    .string()
    .transform((text) => text.trim().toUpperCase())
    .transform((text) => (text === "" ? null : text))
    .nullable();

/** A percentage above 0 and at most 100, with at most 2 decimals. */
const percent = (label: string) =>
  z
    .string({ error: `${label} must be a percentage.` })
    .trim()
    .refine(
      decimalRule((value) => value.gt(0) && value.lte(100) && value.decimalPlaces() <= 2),
      { error: `${label} must be a percentage above 0 and at most 100, with at most 2 decimals.` },
    );

export const taxSettingsInputSchema = z
  .object({
    deducts: onOff(TAX_FIELD_LABELS.deducts),
    deductorKind: z.enum(DEDUCTOR_KINDS, {
      error: `${TAX_FIELD_LABELS.deductorKind} must be a TAN holder or a specified person.`,
    }),
    deductorTan: code().refine((tan) => tan === null || TAN_PATTERN.test(tan), {
      error: TAN_ERROR,
    }),
    deductorPan: code().refine((pan) => pan === null || SPECIFIED_PERSON_PAN_PATTERN.test(pan), {
      error: PAN_ERROR,
    }),
    ratePercent: percent(TAX_FIELD_LABELS.ratePercent),
    noPanRatePercent: percent(TAX_FIELD_LABELS.noPanRatePercent),
    thresholdInr: inrLimit(TAX_FIELD_LABELS.thresholdInr, true),
    specifiedPersonThresholdInr: inrLimit(TAX_FIELD_LABELS.specifiedPersonThresholdInr, true),
    buysWithoutPan: onOff(TAX_FIELD_LABELS.buysWithoutPan),
  })
  .superRefine((input, ctx) => {
    // The return is filed under the deductor's own number: no deducting without it.
    if (!input.deducts) return;
    if (input.deductorKind === "tan_holder" && input.deductorTan === null) {
      ctx.addIssue({
        code: "custom",
        path: ["deductorTan"],
        message: `${TAX_FIELD_LABELS.deductorTan} is needed to deduct TDS as a TAN holder (Form 26Q).`,
      });
    }
    if (input.deductorKind === "specified_person" && input.deductorPan === null) {
      ctx.addIssue({
        code: "custom",
        path: ["deductorPan"],
        message: `${TAX_FIELD_LABELS.deductorPan} is needed to deduct TDS as a specified person (Form 26QE).`,
      });
    }
    const rate = readDecimal(input.ratePercent);
    const noPanRate = readDecimal(input.noPanRatePercent);
    if (rate && noPanRate?.lt(rate)) {
      ctx.addIssue({
        code: "custom",
        path: ["noPanRatePercent"],
        message: `${TAX_FIELD_LABELS.noPanRatePercent} must not be below the ${TAX_FIELD_LABELS.ratePercent} (section 206AA asks the higher).`,
      });
    }
  });

export type TaxSettingsInput = z.input<typeof taxSettingsInputSchema>;
export type TaxSettings = z.output<typeof taxSettingsInputSchema>;
