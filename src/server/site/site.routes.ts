import { createRoute, z } from "@hono/zod-openapi";
import type { AppContext } from "../context";
import { createRouter } from "../http/router";
import { getSiteSettings, toPublicSiteSettings } from "./site-settings.service";

const decimalText = z.string().openapi({ example: "86" });

const publicSiteSettingsSchema = z
  .object({
    exchangeRate: decimalText.describe("Rupees per 1 USDT"),
    minInrAmount: decimalText,
    maxInrAmount: decimalText,
    maintenanceMode: z.boolean(),
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
    return c.json(toPublicSiteSettings(await getSiteSettings(db), supportLinks), 200);
  });
}
