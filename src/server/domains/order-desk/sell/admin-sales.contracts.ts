import { cancelSaleInputSchema, paySaleInputSchema } from "../../../../shared/sale-payout-input";
import { adminRoute, errorResponse, jsonBody, jsonResponse } from "../../../platform/api/router";
import {
  adminSaleDetailsSchema,
  adminSalePageSchema,
  adminSaleSchema,
  saleListQuery,
  saleParams,
} from "./admin-sale-schemas";

const noSuchSale = errorResponse("No such sell order");

export const listSalesRoute = adminRoute({
  method: "get",
  path: "/api/admin/sell-orders",
  summary: "Sell orders in one status, a page at a time: by default the payout queue",
  description:
    "Without `status`, the orders whose USDT is received and whose rupees are not paid yet, oldest first. Awaiting a deposit reads oldest first too; paid, expired and cancelled newest first.",
  request: { query: saleListQuery },
  responses: {
    200: jsonResponse("A page of sell orders", adminSalePageSchema),
    400: errorResponse("A malformed status, cursor or limit"),
  },
});

export const getSaleRoute = adminRoute({
  method: "get",
  path: "/api/admin/sell-orders/{id}",
  summary: "One sell order: the customer, where the rupees go, its hold and its timeline",
  request: { params: saleParams },
  responses: {
    200: jsonResponse("The sell order", adminSaleDetailsSchema),
    400: errorResponse("A malformed id"),
    404: noSuchSale,
  },
});

export const paySaleRoute = adminRoute({
  method: "post",
  path: "/api/admin/sell-orders/{id}/paid",
  summary:
    "Mark a sell order paid: the bank's UTR and the desk account the rupees left from (audited; the customer is e-mailed)",
  description:
    "The account is a UPI or bank account of the desk's, not retired or frozen; the UTR is checked as that account's payments are (12 digits from a UPI account; IMPS, NEFT or RTGS from a bank account) and is unique among sell orders. An order whose USDT is not received is paid only with `override` and `overrideReason`; a held order only once released.",
  request: {
    params: saleParams,
    body: jsonBody(paySaleInputSchema),
  },
  responses: {
    200: jsonResponse("The sell order, paid", adminSaleSchema),
    400: errorResponse("A malformed id or UTR, or an override without a reason"),
    403: errorResponse("The sell order is the operator's own (`OWN_RECORD`)"),
    404: noSuchSale,
    409: errorResponse(
      "Paid already (`ALREADY_PAID`), cancelled, its USDT not received without an override (`USDT_NOT_RECEIVED`), on hold (`ON_HOLD`), or the UTR recorded for another sell order (`UTR_USED`)",
    ),
    422: errorResponse("No such desk account, or a retired or frozen one"),
  },
});

export const releaseSaleHoldRoute = adminRoute({
  method: "post",
  path: "/api/admin/sell-orders/{id}/hold/release",
  summary: "Release a held sell order so it can be paid (audited)",
  request: { params: saleParams },
  responses: {
    200: jsonResponse("The sell order, released", adminSaleSchema),
    400: errorResponse("A malformed id"),
    403: errorResponse("The hold is on the operator's own sale (`OWN_RECORD`)"),
    404: errorResponse("No such sell order, or it is not on hold (`NOT_ON_HOLD`)"),
  },
});

export const cancelSaleRoute = adminRoute({
  method: "post",
  path: "/api/admin/sell-orders/{id}/cancel",
  summary: "Cancel an open sell order, with the reason (audited)",
  description:
    "Only an order awaiting its deposit or received; a received order's USDT is then the desk's to return, which the reason should say.",
  request: {
    params: saleParams,
    body: jsonBody(cancelSaleInputSchema),
  },
  responses: {
    200: jsonResponse("The sell order, cancelled", adminSaleSchema),
    400: errorResponse("A malformed id, or no reason"),
    403: errorResponse("The sell order is the operator's own (`OWN_RECORD`)"),
    404: noSuchSale,
    409: errorResponse("The sell order is paid, expired or cancelled already"),
  },
});
