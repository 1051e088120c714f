import { adminRoute, errorResponse, jsonBody, jsonResponse } from "../../platform/api/router";
import { pageQuerySchema } from "../../platform/http/page-cursor";
import { invalidPurchase, purchaseBody, purchaseSchema } from "./purchase-schemas";
import { topUpPageSchema, topUpParams } from "./top-ups-schemas";

export const listTopUpsRoute = adminRoute({
  method: "get",
  path: "/api/admin/treasury/top-ups",
  summary: "Final USDT transfers into the payout wallets (top-ups), newest first",
  description: "Each with the purchase recorded from it, if any; a page at a time.",
  request: { query: pageQuerySchema },
  responses: {
    200: jsonResponse("A page of top-ups", topUpPageSchema),
    400: errorResponse("A malformed cursor or a bad limit"),
  },
});

export const recordTopUpRoute = adminRoute({
  method: "post",
  path: "/api/admin/treasury/top-ups/{id}/purchase",
  summary: "Record a top-up as a USDT purchase, linked to it (audited)",
  description:
    "The purchase form, with the transfer's network and quantity; the hash is the transfer's. One top-up is at most one purchase.",
  request: {
    params: topUpParams,
    body: jsonBody(purchaseBody),
  },
  responses: {
    201: jsonResponse("Recorded", purchaseSchema),
    400: invalidPurchase,
    404: errorResponse("No such transfer"),
    409: errorResponse(
      "The top-up is already recorded as a purchase, or not final (not yet, failed, or taken back)",
    ),
    422: errorResponse(
      "The transfer is outgoing, or the form's network or quantity is not the transfer's (named in `field`)",
    ),
  },
});
