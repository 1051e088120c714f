import { z } from "@hono/zod-openapi";
import {
  SITE_SETTINGS_FIELD_LABELS,
  type SiteSettingsField,
  siteSettingsInputSchema,
} from "../../../shared/site-settings-input";

const decimalText = z.string().openapi({ example: "86" });

export const adminSettingsSchema = z
  .object({
    exchangeRate: decimalText.describe("Rupees per 1 USDT"),
    minInrAmount: decimalText,
    maxInrAmount: decimalText,
    paymentUpiId: z.string(),
    payeeName: z.string(),
    maintenanceMode: z.boolean(),
    bankName: z.string(),
    accountHolderName: z.string(),
    accountNumber: z.string(),
    ifscCode: z.string(),
    supportWhatsappUrl: z.string().nullable().describe("null: the default link is used"),
    supportTelegramUrl: z.string().nullable().describe("null: the default link is used"),
    supportEmail: z.string().nullable().describe("null: the default address is used"),
    offerHoldNewCustomerInr: decimalText.describe(
      "Rupees a payment offer of a verified customer without a completed order may reserve",
    ),
    offerHoldCapPercent: z
      .string()
      .describe("Percent of an account's daily cap open offers may reserve"),
    offerAlertMultiple: z
      .string()
      .describe(
        "Operators are told when open offers ask for this many times an account's day and largest order",
      ),
    offersPerCustomerPerHour: z.string(),
    offersPerAddressPerHour: z.string(),
    limitOrderInr: decimalText.describe("Unverified customers: rupees per order"),
    limitDayInr: decimalText.describe("Unverified customers: rupees per rolling 24 hours"),
    limitMonthInr: decimalText.describe("Unverified customers: rupees per rolling 30 days"),
    verifiedLimitOrderInr: decimalText.describe("Verified customers: rupees per order"),
    verifiedLimitDayInr: decimalText.describe("Verified customers: rupees per rolling 24 hours"),
    verifiedLimitMonthInr: decimalText.describe("Verified customers: rupees per rolling 30 days"),
    newCustomerDays: z
      .string()
      .describe("Days after sign-up a customer is new (and until their first completed order)"),
    newCustomerOrderInr: decimalText.describe("New customers: rupees per order"),
    newCustomerDayInr: decimalText.describe("New customers: rupees per rolling 24 hours"),
    verifyAboveYearInr: decimalText.describe(
      "Unverified customers whose orders of the last 12 months reach this are asked to verify",
    ),
    supportDefaults: z
      .object({ whatsapp: z.string(), telegram: z.string(), email: z.string() })
      .describe("What an empty support link falls back to"),
    updatedAt: z.string(),
  })
  .openapi("AdminSettings");

export const adminSettingsBody = siteSettingsInputSchema.openapi("AdminSettingsInput", {
  description:
    "Every setting, every time. Decimals as text; an empty support link means the default.",
});

/** A refused save names the first invalid field, in words and as `field` for the form. */
export function describeInvalidSettings(error: z.ZodError) {
  const issue = error.issues[0];
  const field = issue?.path[0];
  const isKnownField = typeof field === "string" && field in SITE_SETTINGS_FIELD_LABELS;
  const label = isKnownField ? SITE_SETTINGS_FIELD_LABELS[field as SiteSettingsField] : undefined;
  // Our own messages name the field already; zod's generic ones need its label.
  const message = !issue
    ? "Invalid settings"
    : !label || issue.message.includes(label)
      ? issue.message
      : `${label}: ${issue.message}`;
  return { error: message, code: "INVALID_INPUT", field: isKnownField ? field : undefined };
}
