import { adminRoute, errorResponse, jsonBody, jsonResponse } from "../../platform/api/router";
import {
  assignInputSchema,
  creditInputSchema,
  decidedSchema,
  dismissInputSchema,
  refundInputSchema,
  transferParams,
  unmatchedListQuery,
  unmatchedPageSchema,
} from "./unmatched-transfers-schemas";

export const listUnmatchedRoute = adminRoute({
  method: "get",
  path: "/api/admin/payouts/unmatched",
  summary:
    "Final transfers out of or into the payout wallets that the watcher could not match to an order or a sell order",
  description:
    "Those no operator has decided yet (incoming ones recorded as the desk's top-ups aside), newest first, a page at a time; or, with `state=to_refund`, the deposits marked to send back; or, with `state=failed`, the transfers that failed on chain (nothing to decide: no USDT arrived, or none left for a payout, whose operators are told); or, with `state=removed`, the transfers seen on chain and then taken back before they were final (with why).",
  request: { query: unmatchedListQuery },
  responses: {
    200: jsonResponse("A page of transfers", unmatchedPageSchema),
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
    body: jsonBody(assignInputSchema),
  },
  responses: {
    200: jsonResponse("Assigned", decidedSchema),
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
    body: jsonBody(dismissInputSchema),
  },
  responses: {
    200: jsonResponse("Dismissed", decidedSchema),
    400: errorResponse("A malformed id, or no note"),
    404: errorResponse("No such transfer"),
    409: errorResponse("The transfer is decided already (perhaps by another operator meanwhile)"),
  },
});

export const creditUnmatchedRoute = adminRoute({
  method: "post",
  path: "/api/admin/payouts/unmatched/{id}/credit",
  summary:
    "Credit an incoming transfer to a sell order as its deposit (at today's buy rate; audited)",
  description:
    "The sell order must be on the transfer's network and have asked for its deposit at the wallet the transfer went to, awaiting its deposit or expired, with no other deposit. It receives the transfer's amount, paid in rupees at the buy rate in force now (the server's quote), and becomes received; the operators are alerted.",
  request: {
    params: transferParams,
    body: jsonBody(creditInputSchema),
  },
  responses: {
    200: jsonResponse("Credited", decidedSchema),
    400: errorResponse("A malformed id, or no note"),
    403: errorResponse("The sell order is the admin's own"),
    404: errorResponse("No such incoming transfer or sell order"),
    409: errorResponse(
      "The transfer is decided already (credited, marked to refund, recorded as a top-up), or the sell order takes no deposit now",
    ),
    422: errorResponse(
      "The sell order is on another network or asked for its deposit at another address, or the deposit is worth nothing",
    ),
  },
});

export const refundUnmatchedRoute = adminRoute({
  method: "post",
  path: "/api/admin/payouts/unmatched/{id}/refund",
  summary: "Mark an incoming transfer to be sent back, with a note (audited)",
  request: {
    params: transferParams,
    body: jsonBody(refundInputSchema),
  },
  responses: {
    200: jsonResponse("Marked to refund", decidedSchema),
    400: errorResponse("A malformed id, or no note"),
    404: errorResponse("No such incoming transfer"),
    409: errorResponse("The transfer is decided already (perhaps by another operator meanwhile)"),
  },
});
