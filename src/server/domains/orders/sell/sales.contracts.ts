import { createRoute, z } from "@hono/zod-openapi";
import { saleInputSchema } from "../../../../shared/sale-input";
import { errorResponse, jsonContent } from "../../../platform/api/router";
import { sellerTaxTermsSchema } from "../../tax/seller-tax-terms";
import { idempotencyKeyParameter } from "../idempotency";
import { saleDepositSchema } from "./sale-deposit";
import { saleEventSchema, saleSchema } from "./sale-view";

export const placeSaleRoute = createRoute({
  method: "post",
  path: "/api/sell-orders",
  tags: ["Sell orders"],
  summary: "Sell USDT for rupees: where to send it, how much exactly, and the rupees paid",
  description:
    "The server decides the deposit amount (the request plus the cents that make it unique among the network's sales awaiting a deposit, decision 049) and the rupees for it at the buy rate, which must be the rate the page showed. The sale waits 30 minutes for its deposit.",
  parameters: [
    idempotencyKeyParameter("Repeating a request with the same key returns the first sale"),
  ],
  request: { body: { content: jsonContent(saleInputSchema), required: true } },
  responses: {
    201: { description: "The sale was placed", content: jsonContent(saleSchema) },
    200: {
      description: "The same idempotency key placed this sale before",
      content: jsonContent(saleSchema),
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

export const listSalesRoute = createRoute({
  method: "get",
  path: "/api/sell-orders",
  tags: ["Sell orders"],
  summary: "The signed-in customer's recent sales, newest first",
  responses: {
    200: {
      description: "Their latest 50 sales",
      content: jsonContent(z.object({ orders: z.array(saleSchema) })),
    },
    401: errorResponse("Not signed in"),
  },
});

export const sellerTaxTermsRoute = createRoute({
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

export const getSaleRoute = createRoute({
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
        saleSchema.extend({
          events: z.array(saleEventSchema),
          deposit: saleDepositSchema
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

export const saleEventsRoute = createRoute({
  method: "get",
  path: "/api/sell-orders/{id}/events",
  tags: ["Sell orders"],
  summary: "Live status and deposit of one of the user's sell orders (server-sent events)",
  description:
    "Sends `status` events `{orderId, status, deposit}` now and after every change: `deposit` is null until the watcher sees the customer's transfer, then `{txHash, confirmations, confirmationsNeeded, isFinal}` as it deepens (confirmations null on Solana, which waits for finality). An order past its time with no deposit seen is expired first. A comment every 25 s; reconnecting clients get the current state first.",
  request: { params: z.object({ id: z.string().max(100) }) },
  responses: {
    200: {
      description: "An event stream",
      content: { "text/event-stream": { schema: z.string() } },
    },
    401: errorResponse("Not signed in"),
    404: errorResponse("No such sell order of this user"),
    429: errorResponse("The user has too many live streams open"),
  },
});
