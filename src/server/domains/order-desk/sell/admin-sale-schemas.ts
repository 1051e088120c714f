import { z } from "@hono/zod-openapi";
import { networkIdSchema } from "../../../../shared/catalog-schemas";
import { SALE_HOLD_RULE_NAMES } from "../../orders/rules/sale-rules";
import { saleEventSchema, saleSchema } from "../../orders/sell/sale-view";

export const saleStatusSchema = saleSchema.shape.status;
export type SaleStatus = z.infer<typeof saleStatusSchema>;

export const saleParams = z.object({
  id: z
    .uuid({ error: "This is not a sell order id." })
    .openapi({ param: { name: "id", in: "path" } }),
});

export const saleListQuery = z.object({
  status: saleStatusSchema.optional().openapi({
    description: "Only sell orders in this status; `received` (the queue) unless given",
  }),
  cursor: z.string().max(200).optional().describe("The last page's `nextCursor`"),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/** A sale as the customer reads it, and what the desk needs besides to pay it. */
export const adminSaleSchema = saleSchema
  .extend({
    network: networkIdSchema,
    userId: z.string(),
    userEmail: z.string(),
    customerVerifiedName: z.string().nullable().describe("The customer's PAN name once verified"),
    destination: saleSchema.shape.destination.extend({
      id: z.uuid(),
      holderIsCustomer: z
        .boolean()
        .describe("The holder's name is the customer's (verified PAN name, or the name they gave)"),
      upiPayLink: z
        .string()
        .nullable()
        .describe(
          "The upi://pay link of the payout (amount, payee) for a UPI ID; null for a bank account",
        ),
    }),
    hold: z
      .object({ rules: z.array(z.enum(SALE_HOLD_RULE_NAMES)), since: z.string() })
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
  })
  .openapi("AdminSellOrder");

export const adminSalePageSchema = z.object({
  sellOrders: z.array(adminSaleSchema),
  nextCursor: z.string().nullable(),
});

export const adminSaleDetailsSchema = adminSaleSchema
  .extend({
    events: z.array(saleEventSchema.extend({ id: z.string(), actorEmail: z.string().nullable() })),
  })
  .openapi("AdminSellOrderDetails");
