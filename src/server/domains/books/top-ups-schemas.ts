import { z } from "@hono/zod-openapi";
import { networkIdSchema } from "../../../shared/catalog-schemas";

export const topUpParams = z.object({
  id: z
    .uuid({ error: "This is not a transfer id." })
    .openapi({ param: { name: "id", in: "path" } }),
});

export const topUpSchema = z
  .object({
    id: z.uuid(),
    network: networkIdSchema,
    txHash: z.string(),
    logIndex: z.number().int(),
    from: z.string().describe("The sender's address"),
    to: z.string().describe("The payout wallet it came into"),
    amount: z.string().openapi({ example: "5000" }).describe("USDT, an exact decimal"),
    blockNumber: z.string().describe("Its block (a decimal string: block numbers outgrow JSON)"),
    day: z.string().describe("The India day the watcher first saw it, YYYY-MM-DD"),
    seenAt: z.string(),
    purchaseId: z.uuid().nullable().describe("The purchase recorded from it; null: not yet"),
  })
  .openapi("TopUp");

export const topUpPageSchema = z.object({
  topUps: z.array(topUpSchema),
  nextCursor: z.string().nullable(),
});
