import { z } from "@hono/zod-openapi";
import { networkIdSchema } from "../../../shared/catalog-schemas";
import { operatorNoteSchema } from "../../../shared/operator-note";
import { pageQuerySchema } from "../../platform/http/page-cursor";

export const transferParams = z.object({
  id: z
    .uuid({ error: "This is not a transfer id." })
    .openapi({ param: { name: "id", in: "path" } }),
});

export const unmatchedListQuery = pageQuerySchema.extend({
  state: z
    .enum(["unmatched", "to_refund", "failed", "removed"], {
      error: "Show unmatched, to_refund, failed or removed.",
    })
    .optional()
    .describe(
      "`unmatched` (the default): undecided; `to_refund`: deposits marked to send back; `failed`: transfers that failed on chain (no USDT arrived or left, nothing to decide); `removed`: transfers seen on chain, then taken back before they were final (a reorganisation)",
    ),
});

export const unmatchedTransferSchema = z
  .object({
    id: z.uuid(),
    network: networkIdSchema,
    direction: z
      .enum(["out", "in"])
      .describe("Out of a payout wallet (a payout?) or into one (a customer's deposit?)"),
    txHash: z.string(),
    logIndex: z.number().int(),
    from: z.string().describe("The sender's address"),
    to: z.string().describe("The recipient's address"),
    amount: z.string().openapi({ example: "99.9" }).describe("USDT, an exact decimal"),
    blockNumber: z.string().describe("Its block (a decimal string: block numbers outgrow JSON)"),
    seenAt: z.string().describe("When the watcher first saw it"),
    finalAt: z
      .string()
      .describe(
        "When the watcher left it for an operator (to refund: when it was marked; failed: when the watcher saw it failed; removed: when it was taken back)",
      ),
    note: z
      .string()
      .nullable()
      .describe("Why the watcher could not match it, or the operator's note"),
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

export const creditInputSchema = z
  .object({
    sellOrderId: z.uuid({ error: "This is not a sell order id." }),
    note: operatorNoteSchema.describe("Why this deposit is that order's (e.g. a fee taken off)"),
  })
  .openapi("CreditDepositInput");

export const refundInputSchema = z
  .object({ note: operatorNoteSchema.describe("Why it goes back, and to whom") })
  .openapi("RefundDepositInput");

export const decidedSchema = z.object({
  id: z.uuid(),
  decision: z.enum(["assigned", "dismissed", "credited", "to_refund"]),
  orderId: z.uuid().nullable().describe("The order, or the sell order credited"),
});
