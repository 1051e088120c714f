import type { AppContext } from "../../../platform/api/app-context";
import { createRouter } from "../../../platform/api/router";
import { requireUser } from "../../../platform/api/session";
import { sellerTaxTerms } from "../../tax/seller-tax-terms";
import { requestIdempotencyKey } from "../idempotency";
import { listCustomerSales } from "./customer-sales";
import { placeSale } from "./place-sale";
import { readCustomerSale } from "./sale-deposit";
import { toCustomerSaleEventView } from "./sale-view";
import {
  getSaleRoute,
  listSalesRoute,
  placeSaleRoute,
  sellerTaxTermsRoute,
} from "./sales.contracts";

/** The customer's sales: placing one, their list, the tax a sale would bear, one sale. */
export function createSalesRouter(context: AppContext) {
  const { db, announcer } = context;
  const router = createRouter();
  // Hono's "/api/sell-orders/*" also matches "/api/sell-orders" itself.
  router.use("/api/sell-orders/*", requireUser(context));
  return (
    router
      .openapi(placeSaleRoute, async (c) => {
        const { sale, isReplay } = await placeSale({
          db,
          announcer,
          user: c.var.user,
          input: c.req.valid("json"),
          idempotencyKey: requestIdempotencyKey(c),
        });
        return c.json(sale, isReplay ? 200 : 201);
      })
      .openapi(listSalesRoute, async (c) =>
        c.json({ orders: await listCustomerSales(db, c.var.user.id) }, 200),
      )
      // Before the route of one sale, whose id it would otherwise be.
      .openapi(sellerTaxTermsRoute, async (c) =>
        c.json(await sellerTaxTerms(db, c.var.user.id), 200),
      )
      .openapi(getSaleRoute, async (c) => {
        const found = await readCustomerSale(context, c.var.user.id, c.req.valid("param").id);
        if (!found) return c.json({ error: "Sale not found", code: "NOT_FOUND" }, 404);
        const { sale, events, deposit } = found;
        return c.json(
          {
            ...sale,
            events: events.map(toCustomerSaleEventView),
            deposit,
            serverNow: new Date().toISOString(),
          },
          200,
        );
      })
  );
}
