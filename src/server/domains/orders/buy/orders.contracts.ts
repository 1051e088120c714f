import { createRoute, z } from "@hono/zod-openapi";
import { paymentOfferInputSchema, placeOrderInputSchema } from "../../../../shared/order-input";
import { errorResponse, jsonContent } from "../../../platform/api/router";
import { idempotencyKeyParameter } from "../idempotency";
import { orderEventSchema, orderSchema } from "./order-schemas";

export const placeOrderRoute = createRoute({
  method: "post",
  path: "/api/orders",
  tags: ["Orders"],
  summary: "Place an order for a payment already made",
  parameters: [
    idempotencyKeyParameter("Repeating a request with the same key returns the first order"),
  ],
  request: { body: { content: jsonContent(placeOrderInputSchema), required: true } },
  responses: {
    201: { description: "The order was placed", content: jsonContent(orderSchema) },
    200: {
      description: "The same idempotency key placed this order before",
      content: jsonContent(orderSchema),
    },
    400: errorResponse("Invalid input, or an amount outside the limits"),
    401: errorResponse("Not signed in"),
    403: errorResponse(
      "Maintenance mode, or an operator asked the customer to verify first (`VERIFICATION_REQUESTED`)",
    ),
    409: errorResponse(
      "The rate changed, or the payment reference was used already (with `orderId` when by the caller's own order)",
    ),
    422: errorResponse(
      "The idempotency key was used before for an order with other details, the desk does not accept this order (`ORDER_NOT_ACCEPTED`), or it is over the customer's order limits (`ORDER_LIMIT_PER_ORDER`, `ORDER_LIMIT_PER_DAY`, `ORDER_LIMIT_PER_MONTH`, with `leftInr` and `limitInr`)",
    ),
    429: errorResponse("Too many orders in the last minute"),
  },
});

const paymentAccountSchema = z
  .object({
    kind: z.enum(["upi", "bank"]),
    upiId: z.string().nullable(),
    payeeName: z.string(),
    bankName: z.string().nullable(),
    accountHolderName: z.string().nullable(),
    accountNumber: z.string().nullable(),
    ifscCode: z.string().nullable(),
  })
  .openapi("PaymentAccount");

export const paymentOfferRoute = createRoute({
  method: "post",
  path: "/api/orders/payment-offer",
  tags: ["Orders"],
  summary: "Where to pay: the receiving account for this method and amount",
  description:
    "Picks an account with room under its daily cap and reserves room for 30 minutes: as much of the amount as the customer's history allows, within a share of the cap (docs/decisions/030). The same customer asking again for the same method and amount is shown the same account (for 24 hours, until an order uses it), even if it was paused since. The order must name `offerId` as `receivingOfferId`.",
  request: { body: { content: jsonContent(paymentOfferInputSchema), required: true } },
  responses: {
    200: {
      description: "The account to pay into",
      content: jsonContent(
        z.object({ offerId: z.uuid(), expiresAt: z.string(), account: paymentAccountSchema }),
      ),
    },
    400: errorResponse("Invalid input, or an amount outside the limits"),
    401: errorResponse("Not signed in"),
    403: errorResponse(
      "Maintenance mode, or an operator asked the customer to verify first (`VERIFICATION_REQUESTED`)",
    ),
    409: errorResponse(
      "No account takes this method and amount today (`NO_RECEIVING_ACCOUNT`), or the network's payout wallet cannot pay it now (`NETWORK_PAUSED`)",
    ),
    422: errorResponse("The amount is over the customer's order limits (as for an order)"),
    429: errorResponse(
      "Too many requests for payment details from this customer or address in the last hour",
    ),
  },
});

export const listOrdersRoute = createRoute({
  method: "get",
  path: "/api/orders",
  tags: ["Orders"],
  summary: "The signed-in user's orders, newest first, a page at a time",
  request: {
    query: z.object({
      cursor: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(50).optional(),
    }),
  },
  responses: {
    200: {
      description: "A page of orders",
      content: jsonContent(
        z.object({ orders: z.array(orderSchema), nextCursor: z.string().nullable() }),
      ),
    },
    400: errorResponse("A malformed cursor"),
    401: errorResponse("Not signed in"),
  },
});

export const getOrderRoute = createRoute({
  method: "get",
  path: "/api/orders/{id}",
  tags: ["Orders"],
  summary: "One of the signed-in user's orders, with its timeline",
  request: { params: z.object({ id: z.string().max(100) }) },
  responses: {
    200: {
      description: "The order",
      content: jsonContent(orderSchema.extend({ events: z.array(orderEventSchema) })),
    },
    401: errorResponse("Not signed in"),
    404: errorResponse("No such order of this user"),
  },
});

export const orderEventsRoute = createRoute({
  method: "get",
  path: "/api/orders/{id}/events",
  tags: ["Orders"],
  summary: "Live status of one of the user's orders (server-sent events)",
  description:
    "Sends `status` events with the order's status now and after every change, and a comment every 25 s. Reconnecting clients get the current status first, so nothing is missed.",
  request: { params: z.object({ id: z.string().max(100) }) },
  responses: {
    200: {
      description: "An event stream",
      content: { "text/event-stream": { schema: z.string() } },
    },
    401: errorResponse("Not signed in"),
    404: errorResponse("No such order of this user"),
    429: errorResponse("The user has too many live streams open"),
  },
});
