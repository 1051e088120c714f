import { z } from "@hono/zod-openapi";
import { networkIdSchema } from "../../../../shared/catalog-schemas";

export const SELL_ORDER_STATUSES = [
  "awaiting_deposit",
  "received",
  "paid",
  "expired",
  "cancelled",
] as const;

export const sellOrderStatusSchema = z.enum(SELL_ORDER_STATUSES, {
  error: `The status is one of ${SELL_ORDER_STATUSES.join(", ")}.`,
});

export const sellOrderParams = z.object({
  id: z
    .uuid({ error: "This is not a sell order id." })
    .openapi({ param: { name: "id", in: "path" } }),
});

export const sellOrderListQuery = z.object({
  status: sellOrderStatusSchema.optional().openapi({
    description: "Only sell orders in this status; `received` (the queue) unless given",
  }),
  cursor: z.string().max(200).optional().describe("The last page's `nextCursor`"),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

const destinationSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(["upi", "bank"]),
    holderName: z.string(),
    upiId: z.string().nullable(),
    accountNumber: z.string().nullable(),
    ifscCode: z.string().nullable(),
    holderIsCustomer: z
      .boolean()
      .describe("The holder's name is the customer's (verified PAN name, or the name they gave)"),
    upiPayLink: z
      .string()
      .nullable()
      .describe(
        "The upi://pay link of the payout (amount, payee) for a UPI ID; null for a bank account",
      ),
  })
  .openapi("SellOrderDestination");

export const adminSellOrderSchema = z
  .object({
    id: z.uuid(),
    shortId: z.string(),
    status: sellOrderStatusSchema,
    userId: z.string(),
    userEmail: z.string(),
    customerVerifiedName: z.string().nullable().describe("The customer's PAN name once verified"),
    network: networkIdSchema,
    depositUsdt: z.string().describe("The USDT asked (and, once received, sent), an exact decimal"),
    buyRate: z.string().describe("Rupees per USDT at placement"),
    inrAmount: z.string().describe("The rupees to pay, an exact decimal"),
    depositAddress: z.string(),
    depositTxHash: z.string().nullable(),
    destination: destinationSchema,
    hold: z
      .object({ rules: z.array(z.string()), since: z.string() })
      .nullable()
      .describe("Held for an operator's look: not paid until released; null when not held"),
    paid: z
      .object({
        utr: z.string(),
        fromAccount: z.object({ id: z.uuid(), label: z.string(), details: z.string() }).nullable(),
        by: z.string().nullable().describe("The operator's e-mail"),
        at: z.string(),
      })
      .nullable(),
    createdAt: z.string(),
    expiresAt: z.string(),
    receivedAt: z.string().nullable(),
  })
  .openapi("AdminSellOrder");

export const adminSellOrderPageSchema = z.object({
  sellOrders: z.array(adminSellOrderSchema),
  nextCursor: z.string().nullable(),
});

export const adminSellOrderDetailsSchema = adminSellOrderSchema
  .extend({
    events: z.array(
      z.object({
        id: z.string(),
        fromStatus: sellOrderStatusSchema.nullable(),
        toStatus: sellOrderStatusSchema,
        actorRole: z.enum(["customer", "admin", "system"]),
        actorEmail: z.string().nullable(),
        note: z.string().nullable(),
        at: z.string(),
      }),
    ),
  })
  .openapi("AdminSellOrderDetails");
