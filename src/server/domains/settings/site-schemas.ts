import { z } from "@hono/zod-openapi";
import { networkIdSchema } from "../../../shared/catalog-schemas";

const decimalText = z.string().openapi({ example: "86" });

export const publicSiteSettingsSchema = z
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
