import type { AppContext } from "../../../platform/api/app-context";
import { createRouter } from "../../../platform/api/router";
import { clientIp } from "../../../platform/http/client-ip";
import { requestedPageCursor } from "../../../platform/http/page-cursor";
import { createAdminOrder } from "../../orders/buy/create-admin-order";
import { isOrderId } from "../../orders/buy/order-view";
import { requestIdempotencyKey } from "../../orders/idempotency";
import { overridePayoutCheck, retryPayoutCheck } from "../../payouts/payout-checks";
import { adminOrderDetails, adminOrderView, adminOrderViews } from "./admin-order-views";
import {
  changeStatusRoute,
  exportOrdersRoute,
  getOrderRoute,
  listOrdersRoute,
  overridePayoutCheckRoute,
  placeOrderRoute,
  retryPayoutCheckRoute,
} from "./admin-orders.contracts";
import { changeOrderStatus } from "./change-order-status";
import { getAdminOrder, listAdminOrders } from "./list-admin-orders";
import { csvFileName, streamOrdersCsv } from "./orders-csv";

export function createAdminOrdersRouter(context: AppContext) {
  const { db, chains } = context;
  return (
    createRouter()
      .openapi(listOrdersRoute, async (c) => {
        const { cursor: cursorText, limit, order, ...rest } = c.req.valid("query");
        const filter = { ...rest, oldestFirst: order === "oldest" };
        const cursor = requestedPageCursor(cursorText, isOrderId);
        const page = await listAdminOrders(db, filter, { cursor, limit });
        return c.json(
          { orders: await adminOrderViews(db, chains, page.orders), nextCursor: page.nextCursor },
          200,
        );
      })
      // Before /{id}, which would otherwise take "export.csv" for an id.
      .openapi(exportOrdersRoute, async (c) => {
        const body = await streamOrdersCsv(db, c.req.valid("query"), context.logger);
        return c.body(body, 200, {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="${csvFileName()}"`,
          "cache-control": "no-store",
        });
      })
      .openapi(placeOrderRoute, async (c) => {
        const { order, isReplay } = await createAdminOrder({
          db,
          admin: c.var.user,
          input: c.req.valid("json"),
          idempotencyKey: requestIdempotencyKey(c),
          ipAddress: clientIp(c, context.trustProxy),
          notify: context.notificationTargets,
          announcer: context.announcer,
        });
        return c.json(await adminOrderView(db, chains, order), isReplay ? 200 : 201);
      })
      .openapi(getOrderRoute, async (c) => {
        const found = await getAdminOrder(db, c.req.valid("param").id);
        if (!found) return c.json({ error: "Order not found", code: "NOT_FOUND" }, 404);
        return c.json(await adminOrderDetails(db, chains, found), 200);
      })
      .openapi(changeStatusRoute, async (c) => {
        const { order, isCheckingOnChain } = await changeOrderStatus({
          db,
          admin: c.var.user,
          orderId: c.req.valid("param").id,
          input: c.req.valid("json"),
          ipAddress: clientIp(c, context.trustProxy),
          notify: context.notificationTargets,
          announcer: context.announcer,
          chains,
        });
        return c.json(await adminOrderView(db, chains, order), isCheckingOnChain ? 202 : 200);
      })
      .openapi(retryPayoutCheckRoute, async (c) => {
        const order = await retryPayoutCheck({
          db,
          admin: c.var.user,
          orderId: c.req.valid("param").id,
          ipAddress: clientIp(c, context.trustProxy),
          announcer: context.announcer,
        });
        return c.json(await adminOrderView(db, chains, order), 202);
      })
      .openapi(overridePayoutCheckRoute, async (c) => {
        const order = await overridePayoutCheck({
          db,
          admin: c.var.user,
          orderId: c.req.valid("param").id,
          reason: c.req.valid("json").note,
          ipAddress: clientIp(c, context.trustProxy),
          notify: context.notificationTargets,
          announcer: context.announcer,
        });
        return c.json(await adminOrderView(db, chains, order), 200);
      })
  );
}
