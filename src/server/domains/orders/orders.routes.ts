import { createRoute, z } from "@hono/zod-openapi";
import { paymentOfferInputSchema, placeOrderInputSchema } from "../../../shared/order-input";
import { quoteReceiveAmount } from "../../../shared/quote";
import type { AppContext } from "../../platform/api/app-context";
import { createRouter, errorResponse, jsonContent } from "../../platform/api/router";
import { isSessionLive, requireUser } from "../../platform/api/session";
import { clientIp } from "../../platform/http/client-ip";
import { requestedPageCursor } from "../../platform/http/page-cursor";
import { getSiteSettings } from "../../platform/settings/site-settings";
import { checkOrderLimits } from "../limits/order-limits";
import { countOfferRequest } from "../receiving-accounts/offer-holds";
import {
  offerReceivingAccount,
  type ReceivingOffer,
} from "../receiving-accounts/offer-receiving-account";
import { checkNetworkRoom, reserveNetworkUsdt } from "../treasury/reserve-network-usdt";
import { getCustomerOrder, listCustomerOrders } from "./customer-orders";
import { idempotencyKeyParameter, requestIdempotencyKey } from "./idempotency";
import { orderEventSchema, orderSchema } from "./order-schemas";
import { respondWithOrderStream, statusEvent } from "./order-stream";
import { isOrderId, toOrderEventView, toOrderView } from "./order-view";
import { placeOrder } from "./place-order";
import { checkAmountLimits } from "./rules/amount";
import { checkMaintenance } from "./rules/maintenance";

const placeOrderRoute = createRoute({
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

export const paymentAccountSchema = z
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

const paymentOfferRoute = createRoute({
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

/** What a customer is shown of an account: where to pay, nothing of the desk's own labels. */
function toPaymentAccountView({ account }: ReceivingOffer) {
  return {
    kind: account.kind,
    upiId: account.upi_id,
    payeeName: account.payee_name,
    bankName: account.bank_name,
    accountHolderName: account.bank_account_holder_name,
    accountNumber: account.bank_account_number,
    ifscCode: account.bank_ifsc_code,
  };
}

const listOrdersRoute = createRoute({
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

const getOrderRoute = createRoute({
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

const orderEventsRoute = createRoute({
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

export function createOrdersRouter(context: AppContext) {
  const { db } = context;
  const router = createRouter();
  // Hono's "/api/orders/*" also matches "/api/orders" itself.
  router.use("/api/orders/*", requireUser(context));
  return router
    .openapi(placeOrderRoute, async (c) => {
      const { order, isReplay } = await placeOrder({
        db,
        user: c.var.user,
        input: c.req.valid("json"),
        idempotencyKey: requestIdempotencyKey(c),
        notify: context.notificationTargets,
        announcer: context.announcer,
        maxOrdersPerMinute: context.maxOrdersPerMinute,
      });
      return c.json(toOrderView(order), isReplay ? 200 : 201);
    })
    .openapi(paymentOfferRoute, async (c) => {
      const input = c.req.valid("json");
      const settings = await getSiteSettings(db);
      checkMaintenance(c.var.user, settings);
      checkAmountLimits(input.amount, settings);
      const customer = c.var.user;
      // Before the customer pays: an amount over their limits is refused here already.
      await checkOrderLimits(db, customer.id, input.amount);
      await countOfferRequest(
        db,
        { customerId: customer.id, address: clientIp(c, context.trustProxy) },
        settings,
      );
      const networkClaim = input.network
        ? {
            network: input.network,
            usdt: quoteReceiveAmount({
              amount: input.amount,
              rate: settings.exchange_rate,
              sendCurrency: input.sendCurrency,
              receiveCurrency: "usdt",
            }),
          }
        : null;
      if (networkClaim) await checkNetworkRoom(db, { ...networkClaim, customerId: customer.id });
      const offer = await offerReceivingAccount(
        db,
        { customer, ...input },
        { settings, notify: context.notificationTargets },
      );
      // The order this offer is paid for passes the treasury's rule on this network.
      await reserveNetworkUsdt(db, offer, networkClaim);
      return c.json(
        {
          offerId: offer.offerId,
          expiresAt: offer.expiresAt.toISOString(),
          account: toPaymentAccountView(offer),
        },
        200,
      );
    })
    .openapi(listOrdersRoute, async (c) => {
      const { cursor: cursorText, limit } = c.req.valid("query");
      const cursor = requestedPageCursor(cursorText, isOrderId);
      const page = await listCustomerOrders(db, c.var.user.id, { cursor, limit });
      return c.json({ orders: page.orders.map(toOrderView), nextCursor: page.nextCursor }, 200);
    })
    .openapi(getOrderRoute, async (c) => {
      const found = await getCustomerOrder(db, c.var.user.id, c.req.valid("param").id);
      if (!found) return c.json({ error: "Order not found", code: "NOT_FOUND" }, 404);
      return c.json(
        { ...toOrderView(found.order), events: found.events.map(toOrderEventView) },
        200,
      );
    })
    .openapi(orderEventsRoute, async (c) => {
      const userId = c.var.user.id;
      const sessionId = c.var.session.id;
      const found = await getCustomerOrder(db, userId, c.req.valid("param").id);
      if (!found) return c.json({ error: "Order not found", code: "NOT_FOUND" }, 404);
      const { order } = found;
      return respondWithOrderStream(c, context.orderChanges, userId, {
        initial: async () => [statusEvent(order.id, order.status)],
        // The order's creation is already in `initial`; its announcement may arrive late.
        accepts: (change) =>
          change.side !== "sell" &&
          change.kind === "status" &&
          change.orderId === order.id &&
          change.userId === userId,
        eventsFor: async (change) => [statusEvent(change.orderId, change.status)],
        isStillAllowed: () => isSessionLive(db, sessionId),
      });
    });
}
