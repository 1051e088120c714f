import { z } from "@hono/zod-openapi";
import { networkIdSchema } from "../../../shared/catalog-schemas";
import { operatorNoteSchema } from "../../../shared/operator-note";

export const transferParams = z.object({
  id: z
    .uuid({ error: "This is not a transfer id." })
    .openapi({ param: { name: "id", in: "path" } }),
});

export const unmatchedTransferSchema = z
  .object({
    id: z.uuid(),
    network: networkIdSchema,
    txHash: z.string(),
    logIndex: z.number().int(),
    to: z.string().describe("The recipient's address"),
    amount: z.string().openapi({ example: "99.9" }).describe("USDT, an exact decimal"),
    blockNumber: z.string().describe("Its block (a decimal string: block numbers outgrow JSON)"),
    seenAt: z.string().describe("When the watcher first saw it"),
    finalAt: z.string().describe("When the watcher took it as final and left it for an operator"),
    note: z.string().nullable().describe("Why the watcher could not match it"),
  })
  .openapi("UnmatchedTransfer");

export const unmatchedPageSchema = z.object({
  transfers: z.array(unmatchedTransferSchema),
  nextCursor: z.string().nullable(),
});

export const assignInputSchema = z
  .object({
    orderId: z.uuid({ error: "This is not an order id." }),
    note: operatorNoteSchema
      .optional()
      .describe("Required when the amount is not the order's (e.g. a fee taken off)"),
  })
  .openapi("AssignTransferInput");

export const dismissInputSchema = z
  .object({ note: operatorNoteSchema.describe("Why it is not a payout (cold storage, a refund)") })
  .openapi("DismissTransferInput");

export const decidedSchema = z.object({
  id: z.uuid(),
  decision: z.enum(["assigned", "dismissed"]),
  orderId: z.uuid().nullable(),
});
