import type { AppContext } from "../../../platform/api/app-context";
import { createRouter } from "../../../platform/api/router";
import { isSessionLive, requireUser } from "../../../platform/api/session";
import { clientIp } from "../../../platform/http/client-ip";
import { requestedPageCursor } from "../../../platform/http/page-cursor";
import { requestIdempotencyKey } from "../idempotency";
import { respondWithOrderStream, statusEvent } from "../order-stream";
import { getCustomerOrder, listCustomerOrders } from "./customer-orders";
import { isOrderId, toOrderEventView, toOrderView } from "./order-view";
import {
  getOrderRoute,
  listOrdersRoute,
  orderEventsRoute,
  paymentOfferRoute,
  placeOrderRoute,
} from "./orders.contracts";
import { offerPaymentAccount } from "./payment-offer";
import { placeOrder } from "./place-order";

/** The customer's buy orders: where to pay, placing, their list, one order and its live status. */
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
      const address = clientIp(c, context.trustProxy);
      const offer = await offerPaymentAccount(context, c.var.user, c.req.valid("json"), address);
      return c.json(offer, 200);
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
