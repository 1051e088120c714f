import type { AppContext } from "../../../platform/api/app-context";
import { createRouter } from "../../../platform/api/router";
import { requireUser } from "../../../platform/api/session";
import { sellerTaxTerms } from "../../tax/seller-tax-terms";
import { requestIdempotencyKey } from "../idempotency";
import { listCustomerSellOrders } from "./customer-sell-orders";
import { placeSellOrder } from "./place-sell-order";
import { readCustomerSellOrder } from "./sell-order-deposit";
import { toCustomerSellOrderEventView } from "./sell-order-view";
import {
  getSellOrderRoute,
  listSellOrdersRoute,
  placeSellOrderRoute,
  sellerTaxTermsRoute,
} from "./sell-orders.contracts";

/** The customer's sales: placing one, their list, the tax a sale would bear, one sale. */
export function createSellOrdersRouter(context: AppContext) {
  const { db, announcer } = context;
  const router = createRouter();
  // Hono's "/api/sell-orders/*" also matches "/api/sell-orders" itself.
  router.use("/api/sell-orders/*", requireUser(context));
  return (
    router
      .openapi(placeSellOrderRoute, async (c) => {
        const { sale, isReplay } = await placeSellOrder({
          db,
          announcer,
          user: c.var.user,
          input: c.req.valid("json"),
          idempotencyKey: requestIdempotencyKey(c),
        });
        return c.json(sale, isReplay ? 200 : 201);
      })
      .openapi(listSellOrdersRoute, async (c) =>
        c.json({ orders: await listCustomerSellOrders(db, c.var.user.id) }, 200),
      )
      // Before the route of one sale, whose id it would otherwise be.
      .openapi(sellerTaxTermsRoute, async (c) =>
        c.json(await sellerTaxTerms(db, c.var.user.id), 200),
      )
      .openapi(getSellOrderRoute, async (c) => {
        const found = await readCustomerSellOrder(context, c.var.user.id, c.req.valid("param").id);
        if (!found) return c.json({ error: "Sale not found", code: "NOT_FOUND" }, 404);
        const { sale, events, deposit } = found;
        return c.json(
          {
            ...sale,
            events: events.map(toCustomerSellOrderEventView),
            deposit,
            serverNow: new Date().toISOString(),
          },
          200,
        );
      })
  );
}
