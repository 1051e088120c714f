import { createRoute, z } from "@hono/zod-openapi";
import {
  adminPlaceOrderInputSchema,
  changeOrderStatusInputSchema,
  noteSchema,
} from "../../../shared/admin-order-input";
import { ADMIN_ONLY_RESPONSES, errorResponse, jsonContent } from "../../platform/api/router";
import { idempotencyKeyParameter } from "../orders/idempotency";
import { adminOrderEventSchema, adminOrderSchema, filterQuery } from "./admin-order-schemas";
import { CSV_MAX_ROWS } from "./orders-csv";

export const listOrdersRoute = createRoute({
  method: "get",
  path: "/api/admin/orders",
  tags: ["Admin"],
  summary: "All orders, newest first, a page at a time; filter by status, search",
  request: {
    query: filterQuery
      .extend({
        cursor: z.string().max(200).optional(),
        limit: z.coerce.number().int().min(1).max(100).optional(),
        order: z
          .enum(["newest", "oldest"], { error: "The order is newest or oldest." })
          .optional()
          .openapi({ description: "`oldest`: the longest-waiting first (the work queue)" }),
      })
      .refine((query) => query.order !== "oldest" || !query.search, {
        path: ["order"],
        error: "A search lists the newest first; clear the search to see the oldest first.",
      }),
  },
  responses: {
    200: {
      description: "A page of orders",
      content: jsonContent(
        z.object({ orders: z.array(adminOrderSchema), nextCursor: z.string().nullable() }),
      ),
    },
    400: errorResponse("A malformed filter or cursor"),
    ...ADMIN_ONLY_RESPONSES,
  },
});

export const exportOrdersRoute = createRoute({
  method: "get",
  path: "/api/admin/orders/export.csv",
  tags: ["Admin"],
  summary: "The filtered order list as a CSV file",
  description: `Newest first, at most ${CSV_MAX_ROWS} rows, with a header row. Cells a spreadsheet would read as a formula start with a single quote.`,
  request: { query: filterQuery },
  responses: {
    200: {
      description: "A CSV attachment",
      content: { "text/csv": { schema: z.string() } },
    },
    400: errorResponse("A malformed filter"),
    ...ADMIN_ONLY_RESPONSES,
  },
});

export const placeOrderRoute = createRoute({
  method: "post",
  path: "/api/admin/orders",
  tags: ["Admin"],
  summary: "Place an order for a customer ('Place a New Order')",
  parameters: [
    idempotencyKeyParameter(
      "One per submission of the form: repeating the request with the same key returns the first order",
    ),
  ],
  request: { body: { content: jsonContent(adminPlaceOrderInputSchema), required: true } },
  responses: {
    201: { description: "The order was placed", content: jsonContent(adminOrderSchema) },
    200: {
      description: "The same idempotency key placed this order before",
      content: jsonContent(adminOrderSchema),
    },
    400: errorResponse("Invalid input, no user with this e-mail, or a blocked user"),
    ...ADMIN_ONLY_RESPONSES,
    409: errorResponse("The payment reference was used already"),
    422: errorResponse(
      "The idempotency key was used before for an order with other details, the customer is the admin placing it (`ORDER_FOR_SELF`), or the receive amount is more than 5% above the rate in force's (`RECEIVE_AMOUNT_TOO_HIGH`, with `quotedReceiveAmount`)",
    ),
  },
});

export const getOrderRoute = createRoute({
  method: "get",
  path: "/api/admin/orders/{id}",
  tags: ["Admin"],
  summary: "One order with its timeline and who made each change",
  request: { params: z.object({ id: z.string().max(100) }) },
  responses: {
    200: {
      description: "The order",
      content: jsonContent(adminOrderSchema.extend({ events: z.array(adminOrderEventSchema) })),
    },
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such order"),
  },
});

export const changeStatusRoute = createRoute({
  method: "post",
  path: "/api/admin/orders/{id}/status",
  tags: ["Admin"],
  summary: "Set an order's status (from any status), optionally with the payout hash",
  description:
    "`payoutTxHash` only with `completed`: the transaction hash on the order's network, or the e-wallet provider's transfer reference. `note` is shown to the customer on the order's timeline. A USDT payout on a network with a chain endpoint is checked on chain first: the answer is then 202 with the order unchanged and `payoutCheck.state` `checking`; the order closes once the chain confirms.",
  request: {
    params: z.object({ id: z.string().max(100) }),
    body: { content: jsonContent(changeOrderStatusInputSchema), required: true },
  },
  responses: {
    200: { description: "The order after the change", content: jsonContent(adminOrderSchema) },
    202: {
      description: "The payout is being checked on chain; the order closes when it is confirmed",
      content: jsonContent(adminOrderSchema),
    },
    400: errorResponse("Invalid status, note or payout hash"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such order"),
    409: errorResponse("The order already has this status, or the hash is another wallet's"),
  },
});

const noFailedCheck = errorResponse(
  "The order's payout check has not failed (nothing to retry or override)",
);

export const retryPayoutCheckRoute = createRoute({
  method: "post",
  path: "/api/admin/orders/{id}/payout-check/retry",
  tags: ["Admin"],
  summary: "Check a failed payout on chain again",
  request: { params: z.object({ id: z.string().max(100) }) },
  responses: {
    202: { description: "The check is queued again", content: jsonContent(adminOrderSchema) },
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such order"),
    409: noFailedCheck,
  },
});

export const overridePayoutCheckRoute = createRoute({
  method: "post",
  path: "/api/admin/orders/{id}/payout-check/override",
  tags: ["Admin"],
  summary: "Close an order whose payout check failed, on the admin's word",
  description:
    "The note (why the chain's answer is overruled) is required and audited with the failure; it is not shown to the customer. A transfer that already paid another order cannot be overridden.",
  request: {
    params: z.object({ id: z.string().max(100) }),
    body: {
      content: jsonContent(
        z.object({
          note: noteSchema.pipe(
            z.string({ error: "Say why the payout is good although the chain check failed." }),
          ),
        }),
      ),
      required: true,
    },
  },
  responses: {
    200: { description: "The order, completed", content: jsonContent(adminOrderSchema) },
    400: errorResponse("No note, or a note that cannot be stored"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such order"),
    409: noFailedCheck,
  },
});
