import { z } from "@hono/zod-openapi";
import {
  adminPlaceOrderInputSchema,
  changeOrderStatusInputSchema,
} from "../../../../shared/admin-order-input";
import { adminRoute, errorResponse, jsonBody, jsonResponse } from "../../../platform/api/router";
import { idempotencyKeyParameter } from "../../orders/idempotency";
import {
  adminOrderDetailsSchema,
  adminOrderPageSchema,
  adminOrderSchema,
  filterQuery,
  listOrdersQuery,
  orderParams,
  overridePayoutCheckInputSchema,
} from "./admin-order-schemas";
import { CSV_MAX_ROWS } from "./orders-csv";

const noSuchOrder = errorResponse("No such order");
const noFailedCheck = errorResponse(
  "The order's payout check has not failed (nothing to retry or override)",
);

export const listOrdersRoute = adminRoute({
  method: "get",
  path: "/api/admin/orders",
  summary: "All orders, newest first, a page at a time; filter by status, search",
  request: { query: listOrdersQuery },
  responses: {
    200: jsonResponse("A page of orders", adminOrderPageSchema),
    400: errorResponse("A malformed filter or cursor"),
  },
});

export const exportOrdersRoute = adminRoute({
  method: "get",
  path: "/api/admin/orders/export.csv",
  summary: "The filtered order list as a CSV file",
  description: `Newest first, at most ${CSV_MAX_ROWS} rows, with a header row. Cells a spreadsheet would read as a formula start with a single quote.`,
  request: { query: filterQuery },
  responses: {
    200: {
      description: "A CSV attachment",
      content: { "text/csv": { schema: z.string() } },
    },
    400: errorResponse("A malformed filter"),
  },
});

export const placeOrderRoute = adminRoute({
  method: "post",
  path: "/api/admin/orders",
  summary: "Place an order for a customer ('Place a New Order')",
  parameters: [
    idempotencyKeyParameter(
      "One per submission of the form: repeating the request with the same key returns the first order",
    ),
  ],
  request: { body: jsonBody(adminPlaceOrderInputSchema) },
  responses: {
    201: jsonResponse("The order was placed", adminOrderSchema),
    200: jsonResponse("The same idempotency key placed this order before", adminOrderSchema),
    400: errorResponse("Invalid input, no user with this e-mail, or a blocked user"),
    409: errorResponse("The payment reference was used already"),
    422: errorResponse(
      "The idempotency key was used before for an order with other details, the customer is the admin placing it (`ORDER_FOR_SELF`), or the receive amount is more than 5% above the rate in force's (`RECEIVE_AMOUNT_TOO_HIGH`, with `quotedReceiveAmount`)",
    ),
  },
});

export const getOrderRoute = adminRoute({
  method: "get",
  path: "/api/admin/orders/{id}",
  summary: "One order with its timeline and who made each change",
  request: { params: orderParams },
  responses: {
    200: jsonResponse("The order", adminOrderDetailsSchema),
    404: noSuchOrder,
  },
});

export const changeStatusRoute = adminRoute({
  method: "post",
  path: "/api/admin/orders/{id}/status",
  summary: "Set an order's status (from any status), optionally with the payout hash",
  description:
    "`payoutTxHash` only with `completed`: the transaction hash on the order's network, or the e-wallet provider's transfer reference. `note` is shown to the customer on the order's timeline. A USDT payout on a network with a chain endpoint is checked on chain first: the answer is then 202 with the order unchanged and `payoutCheck.state` `checking`; the order closes once the chain confirms.",
  request: {
    params: orderParams,
    body: jsonBody(changeOrderStatusInputSchema),
  },
  responses: {
    200: jsonResponse("The order after the change", adminOrderSchema),
    202: jsonResponse(
      "The payout is being checked on chain; the order closes when it is confirmed",
      adminOrderSchema,
    ),
    400: errorResponse("Invalid status, note or payout hash"),
    404: noSuchOrder,
    409: errorResponse("The order already has this status, or the hash is another wallet's"),
  },
});

export const retryPayoutCheckRoute = adminRoute({
  method: "post",
  path: "/api/admin/orders/{id}/payout-check/retry",
  summary: "Check a failed payout on chain again",
  request: { params: orderParams },
  responses: {
    202: jsonResponse("The check is queued again", adminOrderSchema),
    404: noSuchOrder,
    409: noFailedCheck,
  },
});

export const overridePayoutCheckRoute = adminRoute({
  method: "post",
  path: "/api/admin/orders/{id}/payout-check/override",
  summary: "Close an order whose payout check failed, on the admin's word",
  description:
    "The note (why the chain's answer is overruled) is required and audited with the failure; it is not shown to the customer. A transfer that already paid another order cannot be overridden.",
  request: {
    params: orderParams,
    body: jsonBody(overridePayoutCheckInputSchema),
  },
  responses: {
    200: jsonResponse("The order, completed", adminOrderSchema),
    400: errorResponse("No note, or a note that cannot be stored"),
    404: noSuchOrder,
    409: noFailedCheck,
  },
});
