import { createRoute, z } from "@hono/zod-openapi";
import { networkIdSchema } from "../../../shared/catalog-schemas";
import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import { getSiteSettings, toPublicSiteSettings } from "../../platform/settings/site-settings";
import { pausedNetworks } from "../treasury/list-treasury";

const decimalText = z.string().openapi({ example: "86" });

const publicSiteSettingsSchema = z
  .object({
    exchangeRate: decimalText.describe("Rupees per 1 USDT"),
    minInrAmount: decimalText,
    maxInrAmount: decimalText,
    maintenanceMode: z.boolean(),
    buyRate: decimalText.describe("Rupees the desk pays per 1 USDT a customer sells"),
    buyNetworks: z
      .array(networkIdSchema)
      .describe("USDT networks the desk buys on; empty: customers cannot sell"),
    sellMinUsdt: decimalText.describe("The smallest sale, in USDT"),
    pausedNetworks: z
      .array(networkIdSchema)
      .describe("USDT networks whose new orders are paused: their payout wallet is short"),
    supportLinks: z.object({ whatsapp: z.url(), telegram: z.url(), email: z.email() }),
  })
  .openapi("PublicSiteSettings");

const getSiteSettingsRoute = createRoute({
  method: "get",
  path: "/api/site-settings",
  tags: ["Site"],
  summary:
    "The rate, limits and support links every visitor sees (where to pay is shown per order: POST /api/orders/payment-offer)",
  responses: {
    200: {
      description: "The public settings",
      content: { "application/json": { schema: publicSiteSettingsSchema } },
    },
  },
});

export function createSiteRouter({ db, supportLinks }: AppContext) {
  return createRouter().openapi(getSiteSettingsRoute, async (c) => {
    c.header("Cache-Control", "no-store");
    const [settings, paused] = await Promise.all([getSiteSettings(db), pausedNetworks(db)]);
    return c.json({ ...toPublicSiteSettings(settings, supportLinks), pausedNetworks: paused }, 200);
  });
}
