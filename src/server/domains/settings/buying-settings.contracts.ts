import {
  adminRoute,
  invalidSettingsSchema,
  jsonBody,
  jsonResponse,
} from "../../platform/api/router";
import { buyingSettingsBody, buyingSettingsSchema } from "./buying-settings-schemas";

export const getBuyingSettingsRoute = adminRoute({
  method: "get",
  path: "/api/admin/settings/buying",
  summary: "Buying USDT from customers: the buy rate, the networks bought on, the sale limits",
  responses: {
    200: jsonResponse("The settings", buyingSettingsSchema),
  },
});

export const saveBuyingSettingsRoute = adminRoute({
  method: "put",
  path: "/api/admin/settings/buying",
  summary:
    "Save Buying USDT (audited with the changed fields); the buy rate must stay below the exchange rate",
  request: { body: jsonBody(buyingSettingsBody) },
  responses: {
    200: jsonResponse("The saved settings", buyingSettingsSchema),
    400: jsonResponse(
      "A field is invalid; it is named in `field` and nothing was written",
      invalidSettingsSchema,
    ),
  },
});
