import { createRoute, z } from "@hono/zod-openapi";
import { sellOrderInputSchema } from "../../../../shared/sell-order-input";
import type { AppContext } from "../../../platform/api/app-context";
import { createRouter, errorResponse, jsonContent } from "../../../platform/api/router";
import { requireUser } from "../../../platform/api/session";
import { sellerTaxTerms, sellerTaxTermsSchema } from "../../tax/seller-tax-terms";
import { idempotencyKeyParameter, requestIdempotencyKey } from "../idempotency";
import { listCustomerSellOrders } from "./customer-sell-orders";
import { placeSellOrder } from "./place-sell-order";
import { readCustomerSellOrder, sellOrderDepositSchema } from "./sell-order-deposit";
import {
  sellOrderEventSchema,
  sellOrderSchema,
  toCustomerSellOrderEventView,
} from "./sell-order-view";

const placeRoute = createRoute({
  method: "post",
  path: "/api/sell-orders",
  tags: ["Sell orders"],
  summary: "Sell USDT for rupees: where to send it, how much exactly, and the rupees paid",
  description:
    "The server decides the deposit amount (the request plus the cents that make it unique among the network's sales awaiting a deposit, decision 049) and the rupees for it at the buy rate, which must be the rate the page showed. The sale waits 30 minutes for its deposit.",
  parameters: [
    idempotencyKeyParameter("Repeating a request with the same key returns the first sale"),
  ],
  request: { body: { content: jsonContent(sellOrderInputSchema), required: true } },
  responses: {
    201: { description: "The sale was placed", content: jsonContent(sellOrderSchema) },
    200: {
      description: "The same idempotency key placed this sale before",
      content: jsonContent(sellOrderSchema),
    },
    400: errorResponse("Invalid input, or below the smallest sale (`SALE_BELOW_MINIMUM`)"),
    401: errorResponse("Not signed in"),
    403: errorResponse(
      "Maintenance mode, or an operator asked the customer to verify first (`VERIFICATION_REQUESTED`)",
    ),
    404: errorResponse("The payout account is not one of the customer's"),
    409: errorResponse(
      "The buy rate changed (`BUY_RATE_CHANGED`, with `buyRate`), or every amount near this one is held by a recent sale (`SALE_AMOUNT_BUSY`)",
    ),
    422: errorResponse(
      "The network is not bought on (`NETWORK_NOT_BOUGHT`), the desk does not accept it (`ORDER_NOT_ACCEPTED`), a limit (`SALE_LIMIT_PER_SALE`, `SALE_LIMIT_PER_DAY`), another person's account (`PAYOUT_NAME_NOT_YOURS`), a taxed sale from a seller without a verified PAN (`SALE_NEEDS_PAN`, with `thresholdInr`), or the key was used for another sale",
    ),
  },
});

const listRoute = createRoute({
  method: "get",
  path: "/api/sell-orders",
  tags: ["Sell orders"],
  summary: "The signed-in customer's recent sales, newest first",
  responses: {
    200: {
      description: "Their latest 50 sales",
      content: jsonContent(z.object({ orders: z.array(sellOrderSchema) })),
    },
    401: errorResponse("Not signed in"),
  },
});

const taxTermsRoute = createRoute({
  method: "get",
  path: "/api/sell-orders/tax-terms",
  tags: ["Sell orders"],
  summary: "The tax a sale would bear: the desk's TDS terms and the seller's year so far",
  description:
    "For the Sell tab to show the TDS before the customer sells; the sale's own query decides it (decision 060).",
  responses: {
    200: { description: "The terms", content: jsonContent(sellerTaxTermsSchema) },
    401: errorResponse("Not signed in"),
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/api/sell-orders/{id}",
  tags: ["Sell orders"],
  summary: "One of the signed-in customer's sales, with its timeline and its deposit",
  description: "A sale past its time with no deposit seen is expired first.",
  request: { params: z.object({ id: z.string().max(100) }) },
  responses: {
    200: {
      description: "The sale",
      content: jsonContent(
        sellOrderSchema.extend({
          events: z.array(sellOrderEventSchema),
          deposit: sellOrderDepositSchema
            .nullable()
            .describe("The deposit the watcher saw, as it deepens; null while none is"),
          serverNow: z
            .string()
            .describe(
              "The server's clock as it answered: the page counts the time left to expiresAt on it, as a phone's own clock may be minutes off",
            ),
        }),
      ),
    },
    401: errorResponse("Not signed in"),
    404: errorResponse("No such sale of this customer"),
  },
});

export function createSellOrdersRouter(context: AppContext) {
  const { db, announcer } = context;
  const router = createRouter();
  // Hono's "/api/sell-orders/*" also matches "/api/sell-orders" itself.
  router.use("/api/sell-orders/*", requireUser(context));
  return (
    router
      .openapi(placeRoute, async (c) => {
        const { sale, isReplay } = await placeSellOrder({
          db,
          announcer,
          user: c.var.user,
          input: c.req.valid("json"),
          idempotencyKey: requestIdempotencyKey(c),
        });
        return c.json(sale, isReplay ? 200 : 201);
      })
      .openapi(listRoute, async (c) =>
        c.json({ orders: await listCustomerSellOrders(db, c.var.user.id) }, 200),
      )
      // Before the route of one sale, whose id it would otherwise be.
      .openapi(taxTermsRoute, async (c) => c.json(await sellerTaxTerms(db, c.var.user.id), 200))
      .openapi(getRoute, async (c) => {
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
