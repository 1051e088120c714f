import { adminRoute, errorResponse, jsonContent } from "../../platform/api/router";
import { pageQuerySchema } from "../../platform/http/page-cursor";
import {
  assignInputSchema,
  decidedSchema,
  dismissInputSchema,
  transferParams,
  unmatchedPageSchema,
} from "./unmatched-transfers-schemas";

export const listUnmatchedRoute = adminRoute({
  method: "get",
  path: "/api/admin/payouts/unmatched",
  summary: "Final transfers out of the payout wallets that the watcher could not match to an order",
  description: "Those no operator has decided yet, newest first, a page at a time.",
  request: { query: pageQuerySchema },
  responses: {
    200: { description: "A page of transfers", content: jsonContent(unmatchedPageSchema) },
    400: errorResponse("A malformed cursor or a bad limit"),
  },
});

export const assignUnmatchedRoute = adminRoute({
  method: "post",
  path: "/api/admin/payouts/unmatched/{id}/assign",
  summary: "Assign a transfer to an order as its payout (its payout check queued; audited)",
  description:
    "The order must be paid in USDT on the transfer's network to its recipient, its payment verified (processing) and no payout check under way. Another amount than the order's needs a note; the payout check then fails as the wrong amount, for an operator to override.",
  request: {
    params: transferParams,
    body: { content: jsonContent(assignInputSchema), required: true },
  },
  responses: {
    200: { description: "Assigned", content: jsonContent(decidedSchema) },
    400: errorResponse("A malformed id or note"),
    404: errorResponse("No such transfer or order"),
    409: errorResponse(
      "The transfer is decided already, or the order awaits no payout (not verified, closed, its payout checked)",
    ),
    422: errorResponse(
      "The order is on another network or paid to another wallet, or the amount differs and no note says why",
    ),
  },
});
export const dismissUnmatchedRoute = adminRoute({
  method: "post",
  path: "/api/admin/payouts/unmatched/{id}/dismiss",
  summary: 'Mark a transfer "not a payout" (cold storage, a refund) with a note (audited)',
  request: {
    params: transferParams,
    body: { content: jsonContent(dismissInputSchema), required: true },
  },
  responses: {
    200: { description: "Dismissed", content: jsonContent(decidedSchema) },
    400: errorResponse("A malformed id, or no note"),
    404: errorResponse("No such transfer"),
    409: errorResponse("The transfer is decided already (perhaps by another operator meanwhile)"),
  },
});
