import { z } from "@hono/zod-openapi";

/** How the API answers with an order and its events, to customers and operators alike. */
export const statusSchema = z.enum(["pending", "processing", "completed", "cancelled"]);

export const orderSchema = z
  .object({
    id: z.uuid(),
    shortId: z.string(),
    sendCurrency: z.string(),
    sendAmount: z.string(),
    receiveCurrency: z.string(),
    receiveAmount: z.string(),
    exchangeRate: z.string(),
    network: z.string().nullable(),
    walletAddress: z.string(),
    /** Null only on an order an admin placed without a payment reference. */
    paymentReference: z.string().nullable(),
    payerName: z.string().nullable(),
    status: statusSchema,
    payoutTxHash: z.string().nullable(),
    payoutExplorerUrl: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Order");

export const orderEventSchema = z
  .object({
    actorRole: z.enum(["customer", "admin", "system"]),
    fromStatus: statusSchema.nullable(),
    toStatus: statusSchema,
    note: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("OrderEvent");
