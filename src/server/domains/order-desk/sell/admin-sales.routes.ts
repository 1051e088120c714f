import { adminActor } from "../../../platform/api/admin-actor";
import type { AppContext } from "../../../platform/api/app-context";
import { createRouter } from "../../../platform/api/router";
import { requestedPageCursor } from "../../../platform/http/page-cursor";
import { saleParams } from "./admin-sale-schemas";
import {
  cancelSaleRoute,
  getSaleRoute,
  listSalesRoute,
  paySaleRoute,
  releaseSaleHoldRoute,
} from "./admin-sales.contracts";
import { cancelSale } from "./cancel-sale";
import { paySale } from "./pay-sale";
import { releaseSaleHold } from "./release-sale-hold";
import { adminSaleDetails, adminSaleView, adminSaleViews, listAdminSales } from "./sale-views";

const isSaleId = (text: string) => saleParams.shape.id.safeParse(text).success;

/** The operators' payout queue of sell orders: pay the rupees, release a hold, cancel. */
export function createAdminSalesRouter(context: AppContext) {
  const { db, trustProxy } = context;
  const deskContext = (c: Parameters<typeof adminActor>[0]) => ({
    db,
    admin: adminActor(c, trustProxy),
    notify: context.notificationTargets,
    announcer: context.announcer,
  });
  return createRouter()
    .openapi(listSalesRoute, async (c) => {
      const { status, cursor, limit } = c.req.valid("query");
      const page = await listAdminSales(db, {
        status,
        cursor: requestedPageCursor(cursor, isSaleId),
        limit,
      });
      return c.json(
        { sellOrders: await adminSaleViews(db, page.sellOrders), nextCursor: page.nextCursor },
        200,
      );
    })
    .openapi(getSaleRoute, async (c) => {
      const details = await adminSaleDetails(db, c.req.valid("param").id);
      if (!details) return c.json({ error: "No sell order with this id.", code: "NOT_FOUND" }, 404);
      return c.json(details, 200);
    })
    .openapi(paySaleRoute, async (c) => {
      const order = await paySale(deskContext(c), c.req.valid("param").id, c.req.valid("json"));
      return c.json(await adminSaleView(db, order), 200);
    })
    .openapi(releaseSaleHoldRoute, async (c) => {
      const order = await releaseSaleHold(deskContext(c), c.req.valid("param").id);
      return c.json(await adminSaleView(db, order), 200);
    })
    .openapi(cancelSaleRoute, async (c) => {
      const { reason } = c.req.valid("json");
      const order = await cancelSale(deskContext(c), c.req.valid("param").id, reason);
      return c.json(await adminSaleView(db, order), 200);
    });
}
