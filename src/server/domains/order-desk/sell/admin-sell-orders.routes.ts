import { adminActor } from "../../../platform/api/admin-actor";
import type { AppContext } from "../../../platform/api/app-context";
import { createRouter } from "../../../platform/api/router";
import { requestedPageCursor } from "../../../platform/http/page-cursor";
import { sellOrderParams } from "./admin-sell-order-schemas";
import {
  cancelSellOrderRoute,
  getSellOrderRoute,
  listSellOrdersRoute,
  paySellOrderRoute,
  releaseSellOrderHoldRoute,
} from "./admin-sell-orders.contracts";
import { cancelSellOrder } from "./cancel-sale";
import { paySellOrder } from "./pay-sale";
import { releaseSellOrderHold } from "./release-sale-hold";
import {
  adminSellOrderDetails,
  adminSellOrderView,
  adminSellOrderViews,
  listAdminSellOrders,
} from "./sell-order-views";

const isSellOrderId = (text: string) => sellOrderParams.shape.id.safeParse(text).success;

/** The operators' payout queue of sell orders: pay the rupees, release a hold, cancel. */
export function createAdminSellOrdersRouter(context: AppContext) {
  const { db, trustProxy } = context;
  const deskContext = (c: Parameters<typeof adminActor>[0]) => ({
    db,
    admin: adminActor(c, trustProxy),
    notify: context.notificationTargets,
    announcer: context.announcer,
  });
  return createRouter()
    .openapi(listSellOrdersRoute, async (c) => {
      const { status, cursor, limit } = c.req.valid("query");
      const page = await listAdminSellOrders(db, {
        status,
        cursor: requestedPageCursor(cursor, isSellOrderId),
        limit,
      });
      return c.json(
        { sellOrders: await adminSellOrderViews(db, page.sellOrders), nextCursor: page.nextCursor },
        200,
      );
    })
    .openapi(getSellOrderRoute, async (c) => {
      const details = await adminSellOrderDetails(db, c.req.valid("param").id);
      if (!details) return c.json({ error: "No sell order with this id.", code: "NOT_FOUND" }, 404);
      return c.json(details, 200);
    })
    .openapi(paySellOrderRoute, async (c) => {
      const order = await paySellOrder(
        deskContext(c),
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json(await adminSellOrderView(db, order), 200);
    })
    .openapi(releaseSellOrderHoldRoute, async (c) => {
      const order = await releaseSellOrderHold(deskContext(c), c.req.valid("param").id);
      return c.json(await adminSellOrderView(db, order), 200);
    })
    .openapi(cancelSellOrderRoute, async (c) => {
      const { reason } = c.req.valid("json");
      const order = await cancelSellOrder(deskContext(c), c.req.valid("param").id, reason);
      return c.json(await adminSellOrderView(db, order), 200);
    });
}
