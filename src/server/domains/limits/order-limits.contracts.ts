import { createRoute } from "@hono/zod-openapi";
import { errorResponse, jsonResponse } from "../../platform/api/router";
import { orderLimitsSchema } from "./order-limits-schemas";

export const getOrderLimitsRoute = createRoute({
  method: "get",
  path: "/api/limits",
  tags: ["Orders"],
  summary: "The signed-in customer's order limits and what is left of them",
  description:
    "Per order, per rolling 24 hours and per rolling 30 days, in rupees over non-cancelled orders (docs/decisions/035). What is left is read now; an order placed meanwhile uses it.",
  responses: {
    200: jsonResponse("The limits", orderLimitsSchema),
    401: errorResponse("Not signed in"),
  },
});
