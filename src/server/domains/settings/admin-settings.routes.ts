import { createRoute, z } from "@hono/zod-openapi";
import {
  SITE_SETTINGS_FIELD_LABELS,
  type SiteSettingsField,
  siteSettingsInputSchema,
} from "../../../shared/site-settings-input";
import type { AppContext } from "../../platform/api/app-context";
import {
  ADMIN_ONLY_RESPONSES,
  createRouter,
  invalidSettingsSchema,
  jsonContent,
} from "../../platform/api/router";
import { clientIp } from "../../platform/http/client-ip";
import { getAdminSettings, saveSiteSettings } from "./admin-settings.service";

const decimalText = z.string().openapi({ example: "86" });

const adminSettingsSchema = z
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

const settingsInputBody = siteSettingsInputSchema.openapi("AdminSettingsInput", {
  description:
    "Every setting, every time. Decimals as text; an empty support link means the default.",
});

/** A refused save: the message, and the field it is about for the form to show it under. */
const getSettingsRoute = createRoute({
  method: "get",
  path: "/api/admin/settings",
  tags: ["Admin"],
  summary: "Every site setting, with the default support links",
  responses: {
    200: { description: "The settings", content: jsonContent(adminSettingsSchema) },
    ...ADMIN_ONLY_RESPONSES,
  },
});

const saveSettingsRoute = createRoute({
  method: "put",
  path: "/api/admin/settings",
  tags: ["Admin"],
  summary: "Save every site setting at once (audited with the changed fields)",
  request: { body: { content: jsonContent(settingsInputBody), required: true } },
  responses: {
    200: { description: "The saved settings", content: jsonContent(adminSettingsSchema) },
    400: {
      description: "A field is invalid; it is named in `field` and nothing was written",
      content: jsonContent(invalidSettingsSchema),
    },
    ...ADMIN_ONLY_RESPONSES,
  },
});

/** A refused save names the first invalid field, in words and as `field` for the form. */
function describeInvalidSettings(error: z.ZodError) {
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

export function createAdminSettingsRouter(context: AppContext) {
  const { db, supportLinks } = context;
  return createRouter()
    .openapi(getSettingsRoute, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await getAdminSettings(db, supportLinks), 200);
    })
    .openapi(
      saveSettingsRoute,
      async (c) => {
        const saved = await saveSiteSettings({
          db,
          actor: { id: c.var.user.id, email: c.var.user.email },
          input: c.req.valid("json"),
          defaults: supportLinks,
          ipAddress: clientIp(c, context.trustProxy),
        });
        c.header("Cache-Control", "no-store");
        return c.json(saved, 200);
      },
      (result, c) => {
        if (!result.success) return c.json(describeInvalidSettings(result.error), 400);
      },
    );
}
