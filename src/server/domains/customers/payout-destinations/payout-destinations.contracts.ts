import { createRoute } from "@hono/zod-openapi";
import { errorResponse, jsonBody, jsonResponse } from "../../../platform/api/router";
import {
  destinationInput,
  destinationParams,
  destinationSchema,
  destinationsSchema,
  removedDestinationSchema,
} from "./payout-destinations-schemas";

export const listPayoutDestinationsRoute = createRoute({
  method: "get",
  path: "/api/account/payout-destinations",
  tags: ["Account"],
  summary: "The signed-in customer's payout accounts: where rupees go when they sell USDT",
  responses: {
    200: jsonResponse("Oldest first", destinationsSchema),
    401: errorResponse("Not signed in"),
  },
});

export const addPayoutDestinationRoute = createRoute({
  method: "post",
  path: "/api/account/payout-destinations",
  tags: ["Account"],
  summary: "Add a UPI ID or a bank account in the customer's own name",
  request: { body: jsonBody(destinationInput) },
  responses: {
    201: jsonResponse("Added", destinationSchema),
    400: errorResponse("A field is invalid; the message says which"),
    401: errorResponse("Not signed in"),
    409: errorResponse("Added already, or the customer keeps the most accounts allowed"),
    422: errorResponse("The holder is not the customer, and the desk refuses other names"),
  },
});

export const removePayoutDestinationRoute = createRoute({
  method: "post",
  path: "/api/account/payout-destinations/{id}/remove",
  tags: ["Account"],
  summary: "Remove one of the customer's payout accounts (sales paid to it keep it)",
  request: { params: destinationParams },
  responses: {
    200: jsonResponse("Removed", removedDestinationSchema),
    401: errorResponse("Not signed in"),
    404: errorResponse("No such payout account of this customer"),
  },
});
