import { z } from "zod";
import { Decimal } from "./money";
import { isValidIfsc, isValidUpiId } from "./payment-reference";
import { hasUnseenControls } from "./plain-text";
import { USD_TO_INR } from "./quote";

/*
 * The admin's site settings, as the Settings form submits them and the server
 * accepts them (PUT /api/admin/settings). Every field is sent every time.
 * Messages are plain English sentences that name the field, so the server can
 * answer them as 400s and the form can show them under the field.
 *
 * The schema only trims and checks; the values stay text. The server stores
 * decimals in canonical form and an empty support link as "use the default".
 */

/** Rupees per USDT: up to 4 decimals (numeric(12, 4): below 10^8). */
export const EXCHANGE_RATE_DECIMALS = 4;
const EXCHANGE_RATE_LIMIT = new Decimal("100000000");
/** Rupee limits: paise (numeric(14, 2): below 10^12). */
export const INR_LIMIT_DECIMALS = 2;
const INR_LIMIT_LIMIT = new Decimal("1000000000000");

/** Below 10^14: what an order's receive amount can hold (numeric(18, 4)). */
const RECEIVE_AMOUNT_LIMIT = new Decimal("100000000000000");

/** A bank account number: 9 to 18 digits (domain-reference §2; a convention). */
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;
const TEXT_MAX = 100;
const URL_MAX = 500;
/** Longest decimal text we read; anything longer is not a real figure. */
const DECIMAL_MAX_LENGTH = 32;
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/** The label each field has on the Settings page, in its order there, for messages that name it. */
export const SITE_SETTINGS_FIELD_LABELS = {
  paymentUpiId: "Payment UPI ID",
  payeeName: "Payee Name",
  exchangeRate: "Exchange Rate",
  minInrAmount: "Minimum INR Amount",
  maxInrAmount: "Maximum INR Amount",
  maintenanceMode: "Maintenance Mode",
  bankName: "Bank Name",
  accountHolderName: "Account Holder Name",
  accountNumber: "Account Number",
  ifscCode: "IFSC Code",
  supportWhatsappUrl: "WhatsApp Link",
  supportTelegramUrl: "Telegram Link",
  supportEmail: "Support Email",
  offerHoldNewCustomerInr: "Hold for a New Customer",
  offerHoldCapPercent: "Share of a Cap Offers May Hold",
  offerAlertMultiple: "Alert at Offers Above",
  offersPerCustomerPerHour: "Offers per Customer per Hour",
  offersPerAddressPerHour: "Offers per Address per Hour",
  limitOrderInr: "Unverified: per Order",
  limitDayInr: "Unverified: per 24 Hours",
  limitMonthInr: "Unverified: per 30 Days",
  verifiedLimitOrderInr: "Verified: per Order",
  verifiedLimitDayInr: "Verified: per 24 Hours",
  verifiedLimitMonthInr: "Verified: per 30 Days",
  newCustomerDays: "New Customer: Days after Sign-up",
  newCustomerOrderInr: "New Customer: per Order",
  newCustomerDayInr: "New Customer: per 24 Hours",
  verifyAboveYearInr: "Unverified: Verify Above, per 12 Months",
} as const;
export type SiteSettingsField = keyof typeof SITE_SETTINGS_FIELD_LABELS;

/** A plain non-negative decimal ("0", "90.5"); null for anything else ("", "-1", "1e3", "1,000"). */
export function readDecimal(text: string): Decimal | null {
  const trimmed = text.trim();
  if (trimmed.length > DECIMAL_MAX_LENGTH || !PLAIN_DECIMAL.test(trimmed)) return null;
  return new Decimal(trimmed);
}

/** A rule on a setting read as a decimal: false for text that is not one. */
export function decimalRule(check: (value: Decimal) => boolean) {
  return (text: string) => {
    const value = readDecimal(text);
    return value !== null && check(value);
  };
}

/** Rupees per USDT, as the desk sells (Exchange Rate) or buys (Buy Rate). */
export function rupeeRate(label: string) {
  return z
    .string()
    .trim()
    .refine(
      decimalRule((value) => value.gt(0) && value.decimalPlaces() <= EXCHANGE_RATE_DECIMALS),
      {
        error: `${label} must be a number greater than 0 with at most 4 decimals, like 90.5.`,
        abort: true,
      },
    )
    .refine(
      decimalRule((value) => value.lt(EXCHANGE_RATE_LIMIT)),
      {
        error: `${label} must be less than 100,000,000.`,
      },
    );
}

const exchangeRate = rupeeRate("Exchange Rate");

export function inrLimit(label: string, isZeroAllowed: boolean) {
  const floor = isZeroAllowed ? "0 or more" : "greater than 0";
  return z
    .string()
    .trim()
    .refine(
      decimalRule(
        (value) =>
          (isZeroAllowed ? value.gte(0) : value.gt(0)) &&
          value.decimalPlaces() <= INR_LIMIT_DECIMALS,
      ),
      { error: `${label} must be a rupee amount ${floor}, with at most 2 decimals.`, abort: true },
    )
    .refine(
      decimalRule((value) => value.lt(INR_LIMIT_LIMIT)),
      {
        error: `${label} must be less than 1,000,000,000,000.`,
      },
    );
}

/**
 * Each limit no more than the next wider one (an order, 24 hours, 30 days): a check
 * for superRefine over pairs of field names, its message naming both by their labels.
 */
export function limitsWidening<Field extends string>(
  pairs: readonly (readonly [Field, Field])[],
  labels: Record<Field, string>,
) {
  return (input: Record<Field, string>, ctx: z.RefinementCtx) => {
    for (const [narrow, wide] of pairs) {
      const narrowValue = readDecimal(input[narrow]);
      const wideValue = readDecimal(input[wide]);
      if (narrowValue && wideValue && narrowValue.gt(wideValue)) {
        ctx.addIssue({
          code: "custom",
          path: [narrow],
          message: `${labels[narrow]} cannot be more than ${labels[wide]}.`,
        });
      }
    }
  };
}

/** A whole number from min to max, as text ("50"). */
function wholeNumber(label: string, min: number, max: number) {
  return z
    .string()
    .trim()
    .refine(
      decimalRule((value) => value.isInteger() && value.gte(min) && value.lte(max)),
      {
        error: `${label} must be a whole number from ${min} to ${max.toLocaleString("en-US")}.`,
      },
    );
}

/** Empty, or a format check on the trimmed text. */
function optionalFormat(check: (value: string) => boolean, error: string) {
  return z
    .string()
    .trim()
    .max(URL_MAX, { error, abort: true })
    .refine((value) => value === "" || (!hasUnseenControls(value) && check(value)), {
      error,
    });
}

/** A support link or address: empty, or null as the settings read it, means the default. */
function supportContact(check: (value: string) => boolean, error: string) {
  return optionalFormat(check, error).nullable();
}

function isHttpsUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
}

function isEmail(value: string): boolean {
  return z.email().safeParse(value).success;
}

const text = (label: string) =>
  z
    .string()
    .trim()
    .max(TEXT_MAX, { error: `${label} must be at most ${TEXT_MAX} characters.`, abort: true })
    .refine((value) => !hasUnseenControls(value), {
      error: `${label} cannot contain control characters such as line breaks or tabs.`,
    });

/** The fields the min ≤ max check needs; it runs whenever both amounts are valid. */
const limitsSchema = z.object({
  minInrAmount: inrLimit(SITE_SETTINGS_FIELD_LABELS.minInrAmount, true),
  maxInrAmount: inrLimit(SITE_SETTINGS_FIELD_LABELS.maxInrAmount, false),
});

/** Order limits that must not exceed the next wider one: an order, 24 hours, 30 days. */
const orderLimitsWidening = [
  ["limitOrderInr", "limitDayInr"],
  ["limitDayInr", "limitMonthInr"],
  ["verifiedLimitOrderInr", "verifiedLimitDayInr"],
  ["verifiedLimitDayInr", "verifiedLimitMonthInr"],
  ["newCustomerOrderInr", "newCustomerDayInr"],
] as const;
const orderLimitsSchema = z.object({
  limitOrderInr: inrLimit(SITE_SETTINGS_FIELD_LABELS.limitOrderInr, false),
  limitDayInr: inrLimit(SITE_SETTINGS_FIELD_LABELS.limitDayInr, false),
  limitMonthInr: inrLimit(SITE_SETTINGS_FIELD_LABELS.limitMonthInr, false),
  verifiedLimitOrderInr: inrLimit(SITE_SETTINGS_FIELD_LABELS.verifiedLimitOrderInr, false),
  verifiedLimitDayInr: inrLimit(SITE_SETTINGS_FIELD_LABELS.verifiedLimitDayInr, false),
  verifiedLimitMonthInr: inrLimit(SITE_SETTINGS_FIELD_LABELS.verifiedLimitMonthInr, false),
  newCustomerOrderInr: inrLimit(SITE_SETTINGS_FIELD_LABELS.newCustomerOrderInr, false),
  newCustomerDayInr: inrLimit(SITE_SETTINGS_FIELD_LABELS.newCustomerDayInr, false),
});

const rateAndMaxSchema = z.object({
  exchangeRate,
  maxInrAmount: limitsSchema.shape.maxInrAmount,
});

export const siteSettingsInputSchema = z
  .object({
    exchangeRate,
    minInrAmount: limitsSchema.shape.minInrAmount,
    maxInrAmount: limitsSchema.shape.maxInrAmount,
    paymentUpiId: optionalFormat(
      isValidUpiId,
      "Payment UPI ID must look like name@bank, e.g. rupeedesk@okhdfcbank (or leave it empty).",
    ),
    payeeName: text(SITE_SETTINGS_FIELD_LABELS.payeeName).min(1, {
      error: "Payee Name is required: it is the name customers see in their UPI app.",
    }),
    maintenanceMode: z.boolean({ error: "Maintenance Mode must be on or off." }),
    bankName: text(SITE_SETTINGS_FIELD_LABELS.bankName),
    accountHolderName: text(SITE_SETTINGS_FIELD_LABELS.accountHolderName),
    accountNumber: optionalFormat(
      (value) => ACCOUNT_NUMBER_PATTERN.test(value),
      "Account Number must be 9 to 18 digits, with no spaces (or leave it empty).",
    ),
    ifscCode: optionalFormat(
      isValidIfsc,
      "IFSC Code must be 11 characters: 4 capital letters, a 0, then 6 letters or digits, e.g. SBIN0003853 (or leave it empty).",
    ),
    supportWhatsappUrl: supportContact(
      isHttpsUrl,
      "WhatsApp Link must be an https:// address, e.g. https://wa.me/919876543210 (or leave it empty for the default).",
    ),
    supportTelegramUrl: supportContact(
      isHttpsUrl,
      "Telegram Link must be an https:// address, e.g. https://t.me/rupeedesk (or leave it empty for the default).",
    ),
    supportEmail: supportContact(
      isEmail,
      "Support Email must be an e-mail address, e.g. support@example.com (or leave it empty for the default).",
    ),
    // What payment offers may hold, and how often they may be asked for (docs/decisions/030).
    offerHoldNewCustomerInr: inrLimit(SITE_SETTINGS_FIELD_LABELS.offerHoldNewCustomerInr, true),
    offerHoldCapPercent: wholeNumber(SITE_SETTINGS_FIELD_LABELS.offerHoldCapPercent, 0, 100),
    offerAlertMultiple: wholeNumber(SITE_SETTINGS_FIELD_LABELS.offerAlertMultiple, 1, 1000),
    offersPerCustomerPerHour: wholeNumber(
      SITE_SETTINGS_FIELD_LABELS.offersPerCustomerPerHour,
      1,
      10000,
    ),
    offersPerAddressPerHour: wholeNumber(
      SITE_SETTINGS_FIELD_LABELS.offersPerAddressPerHour,
      1,
      1000000,
    ),
    // Order limits by level and for new customers (docs/decisions/035).
    ...orderLimitsSchema.shape,
    newCustomerDays: wholeNumber(SITE_SETTINGS_FIELD_LABELS.newCustomerDays, 0, 365),
    // Large customers are identified (docs/decisions/041).
    verifyAboveYearInr: inrLimit(SITE_SETTINGS_FIELD_LABELS.verifyAboveYearInr, false),
  })
  .superRefine(
    (input, ctx) => {
      const min = readDecimal(input.minInrAmount);
      const max = readDecimal(input.maxInrAmount);
      if (min && max && min.gt(max)) {
        ctx.addIssue({
          code: "custom",
          path: ["minInrAmount"],
          message: "Minimum INR Amount cannot be more than the Maximum INR Amount.",
        });
      }
    },
    { when: (payload) => limitsSchema.safeParse(payload.value).success },
  )
  .superRefine(limitsWidening(orderLimitsWidening, SITE_SETTINGS_FIELD_LABELS), {
    when: (payload) => orderLimitsSchema.safeParse(payload.value).success,
  })
  .superRefine(
    (input, ctx) => {
      const rate = readDecimal(input.exchangeRate);
      const max = readDecimal(input.maxInrAmount);
      // The largest order: the maximum amount sent in USD (converted to rupees first).
      if (rate && max?.mul(USD_TO_INR).div(rate).gte(RECEIVE_AMOUNT_LIMIT)) {
        ctx.addIssue({
          code: "custom",
          path: ["exchangeRate"],
          message:
            "Exchange Rate is too low for the Maximum INR Amount: the largest order would receive more than an order can hold. Raise the rate or lower the maximum.",
        });
      }
    },
    {
      when: (payload) => rateAndMaxSchema.safeParse(payload.value).success,
    },
  );

export type SiteSettingsInput = z.infer<typeof siteSettingsInputSchema>;
