import { createRoute, z } from "@hono/zod-openapi";
import { buyingSettingsInputSchema } from "../../../shared/buying-settings-input";
import type { AppContext } from "../../platform/api/app-context";
import {
  ADMIN_ONLY_RESPONSES,
  createRouter,
  invalidSettingsSchema,
  jsonBody,
  jsonContent,
} from "../../platform/api/router";
import { clientIp } from "../../platform/http/client-ip";
import { getBuyingSettings, saveBuyingSettings } from "./buying-settings.service";

const buyingSettingsSchema = buyingSettingsInputSchema
  .extend({ exchangeRate: z.string().describe("The rate the desk sells at, rupees per USDT") })
  .openapi("BuyingSettings");

const getBuyingRoute = createRoute({
  method: "get",
  path: "/api/admin/settings/buying",
  tags: ["Admin"],
  summary: "Buying USDT from customers: the buy rate, the networks bought on, the sale limits",
  responses: {
    200: { description: "The settings", content: jsonContent(buyingSettingsSchema) },
    ...ADMIN_ONLY_RESPONSES,
  },
});

const saveBuyingRoute = createRoute({
  method: "put",
  path: "/api/admin/settings/buying",
  tags: ["Admin"],
  summary:
    "Save Buying USDT (audited with the changed fields); the buy rate must stay below the exchange rate",
  request: {
    body: jsonBody(buyingSettingsInputSchema.openapi("BuyingSettingsInput")),
  },
  responses: {
    200: { description: "The saved settings", content: jsonContent(buyingSettingsSchema) },
    400: {
      description: "A field is invalid; it is named in `field` and nothing was written",
      content: jsonContent(invalidSettingsSchema),
    },
    ...ADMIN_ONLY_RESPONSES,
  },
});

export function createBuyingSettingsRouter(context: AppContext) {
  const { db } = context;
  return createRouter()
    .openapi(getBuyingRoute, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await getBuyingSettings(db), 200);
    })
    .openapi(saveBuyingRoute, async (c) => {
      const actor = { id: c.var.user.id, email: c.var.user.email };
      const input = c.req.valid("json");
      const saved = await saveBuyingSettings(db, actor, input, clientIp(c, context.trustProxy));
      c.header("Cache-Control", "no-store");
      return c.json(saved, 200);
    });
}
