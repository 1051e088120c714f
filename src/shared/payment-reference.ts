import type { SendCurrencyId } from "./catalog";

/*
 * The reference of the customer's rupee payment, per payment method, and the
 * Indian banking identifiers of the desk's own settings (domain-reference §2).
 */

export type PaymentReferenceErrorCode = "required" | "invalid_format";

export type PaymentReferenceValidation =
  | { ok: true; normalized: string }
  | { ok: false; code: PaymentReferenceErrorCode; message: string };

type ReferenceRule = {
  /** Any one of these, checked on the normalized text, is accepted. */
  patterns: readonly RegExp[];
  required: string;
  invalid: string;
};

const TWELVE_DIGITS = /^\d{12}$/;
const NEFT_UTR = /^[A-Z]{4}[A-Z0-9]{12}$/;
const RTGS_UTR = /^[A-Z]{4}[A-Z0-9]{18}$/;
/** Cash-deposit slips and e-rupee transaction ids follow no public standard. */
const LOOSE_REFERENCE = /^[A-Z0-9]{4,40}$/;

const REFERENCE_RULES: Record<SendCurrencyId, ReferenceRule> = {
  upi_inr: {
    patterns: [TWELVE_DIGITS],
    required: "Enter the UPI transaction ID (UTR) of your payment.",
    invalid:
      "A UPI transaction ID (UTR) is the 12-digit number in your UPI app's payment details. Check it and enter all 12 digits.",
  },
  bank_inr: {
    patterns: [TWELVE_DIGITS, NEFT_UTR, RTGS_UTR],
    required: "Enter the reference number (UTR) of your bank transfer.",
    invalid:
      "A bank transfer reference is the 12-digit IMPS reference, or the UTR of a NEFT (16 characters) or RTGS (22 characters) transfer, shown in your bank's payment details.",
  },
  cash_inr: {
    patterns: [LOOSE_REFERENCE],
    required: "Enter the reference number printed on your cash deposit slip.",
    invalid:
      "A cash deposit reference has 4 to 40 letters and digits (it may contain / and -). Copy it from your deposit slip.",
  },
  erupee_inr: {
    patterns: [LOOSE_REFERENCE],
    required: "Enter the transaction ID of your Digital Rupee payment.",
    invalid:
      "A Digital Rupee transaction ID has 4 to 40 letters and digits (it may contain / and -). Copy it from your e-rupee wallet's payment details.",
  },
};

/** Whitespace and the invisible characters that apps put into copied text. */
const IGNORED_CHARACTERS = /[\s\u200b-\u200d\u2060\ufeff]+/g;
/** Grouping marks people type into long numbers; "5123-4567-8901" is 512345678901. */
const SEPARATORS = /[/-]+/g;
const PRINTABLE_ASCII = /^[\x21-\x7e]*$/;

/**
 * The form stored and compared for uniqueness: no whitespace or separators
 * anywhere, upper case. One payment written two ways is one reference, whatever
 * the method it is entered under.
 */
export function normalizePaymentReference(reference: string): string {
  return reference.replace(IGNORED_CHARACTERS, "").replace(SEPARATORS, "").toUpperCase();
}

export function validatePaymentReference(
  sendCurrency: SendCurrencyId,
  reference: string,
): PaymentReferenceValidation {
  const rule = REFERENCE_RULES[sendCurrency];
  if (!rule) throw new RangeError(`Unknown send currency: ${String(sendCurrency)}`);
  const normalized = normalizePaymentReference(reference);
  if (normalized === "") return { ok: false, code: "required", message: rule.required };
  // ASCII is checked before upper-casing could turn a letter like "ß" into "SS".
  const ascii = PRINTABLE_ASCII.test(reference.replace(IGNORED_CHARACTERS, ""));
  if (!ascii || !rule.patterns.some((pattern) => pattern.test(normalized))) {
    return { ok: false, code: "invalid_format", message: rule.invalid };
  }
  return { ok: true, normalized };
}

/* ---- The desk's own payment details (site settings) ---- */

/** IFSC: 4 letters (the bank), a 0, then 6 letters or digits (the branch). Upper case only. */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** A UPI ID (VPA): handle@provider. A convention; NPCI publishes no grammar. */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z]{2,64}$/;

/** Format only: a well-formed IFSC need not exist (e.g. BOTM0XEEMRA). */
export function isValidIfsc(code: string): boolean {
  return IFSC_PATTERN.test(code);
}

export function isValidUpiId(vpa: string): boolean {
  return UPI_ID_PATTERN.test(vpa);
}
