import { createRoute } from "@hono/zod-openapi";
import { jsonResponse } from "../../platform/api/router";
import { publicSiteSettingsSchema } from "./site-schemas";

export const getSiteSettingsRoute = createRoute({
  method: "get",
  path: "/api/site-settings",
  tags: ["Site"],
  summary:
    "The rate, limits and support links every visitor sees (where to pay is shown per order: POST /api/orders/payment-offer)",
  responses: {
    200: jsonResponse("The public settings", publicSiteSettingsSchema),
  },
});
