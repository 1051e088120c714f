import { z } from "@hono/zod-openapi";
import { noteSchema } from "../../../../shared/admin-order-input";
import { networkIdSchema } from "../../../../shared/catalog-schemas";
import { searchTextSchema } from "../../../platform/api/router";
import { orderEventSchema, orderSchema, statusSchema } from "../../orders/buy/order-schemas";
import { HOLD_RULE_NAMES } from "../../orders/rules/hold-rules";

export const adminOrderSchema = orderSchema
  .extend({
    userId: z.string(),
    userEmail: z.string(),
    customerVerifiedName: z
      .string()
      .nullable()
      .describe("The customer's PAN name once their identity is verified: their name too"),
    receivingAccount: z
      .object({ id: z.uuid(), label: z.string(), details: z.string() })
      .nullable()
      .describe("Where the customer was told to pay; null on orders an admin placed"),
    payoutCheck: z
      .object({
        state: z.enum(["checking", "awaiting_confirmations", "failed", "confirmed", "overridden"]),
        payoutTxHash: z.string(),
        failureCode: z.string().nullable(),
        failureMessage: z.string().nullable(),
        updatedAt: z.string(),
      })
      .nullable()
      .describe(
        "The on-chain check of the payout hash entered for this order; null when none was made",
      ),
    hold: z
      .object({
        rules: z.array(z.enum(HOLD_RULE_NAMES)),
        since: z.string(),
        customerNote: z.string().nullable(),
      })
      .nullable()
      .describe(
        "On hold for an operator's look (not verified in bulk), and the rules that held it; null when not held or released",
      ),
    payoutStep: z
      .object({
        payLink: z
          .string()
          .nullable()
          .describe(
            "The EIP-681 (BEP20, ERC20, Polygon) or Solana Pay link of the payout for a wallet app; null on TRON",
          ),
        seenOnChain: z
          .object({
            txHash: z.string(),
            confirmations: z.number().int(),
            required: z
              .number()
              .int()
              .describe("The network's confirmations; 0 on Solana (finalized)"),
            isFinal: z.boolean(),
          })
          .nullable()
          .describe(
            "An open order's payout seen by the payout watcher: the newest transfer of its amount to its wallet, or linked to it",
          ),
        sharedWith: z
          .array(z.uuid())
          .describe(
            "Other open orders awaiting the same amount to the same wallet on the network: a transfer cannot tell them apart",
          ),
      })
      .nullable()
      .describe("What paying a USDT order takes; null for e-wallet orders"),
  })
  .openapi("AdminOrder");

export const adminOrderEventSchema = orderEventSchema
  .extend({
    actorEmail: z.string().nullable(),
    payoutCheck: z
      .string()
      .nullable()
      .describe(
        "The payout check's step this event records: checking, awaiting_confirmations, confirmed, not_checked, overridden, or a failure code",
      ),
    staffOnly: z.boolean().describe("Not shown on the customer's timeline"),
  })
  .openapi("AdminOrderEvent");

/** The order list's filter, which the CSV export shares. */
export const filterQuery = z.object({
  status: statusSchema.optional().openapi({ description: "Only orders in this status" }),
  search: searchTextSchema("Search").openapi({
    description:
      "Part of the customer's e-mail (any case), the order id or its first 8+ characters, or the exact payment reference",
  }),
  receivingAccountId: z
    .uuid({ error: "This is not a receiving account id." })
    .optional()
    .openapi({ description: "Only orders paid into this receiving account" }),
});

export const listOrdersQuery = filterQuery
  .extend({
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
    order: z
      .enum(["newest", "oldest"], { error: "The order is newest or oldest." })
      .optional()
      .openapi({ description: "`oldest`: the longest-waiting first (the work queue)" }),
  })
  .refine((query) => query.order !== "oldest" || !query.search, {
    path: ["order"],
    error: "A search lists the newest first; clear the search to see the oldest first.",
  });

export const adminOrderPageSchema = z.object({
  orders: z.array(adminOrderSchema),
  nextCursor: z.string().nullable(),
});

export const adminOrderDetailsSchema = adminOrderSchema.extend({
  secondPayouts: z
    .array(
      z.object({
        txHash: z.string(),
        logIndex: z.number().int(),
        amount: z.string().describe("USDT, the order's amount"),
        noticedAt: z.string(),
      }),
    )
    .describe(
      "Outgoing transfers to this order's wallet while it was being paid, or after, by another transfer: a second payout each, told to the operators",
    ),
  autopilot: z
    .object({
      sent: z
        .object({
          network: networkIdSchema,
          txHash: z.string(),
          signedAt: z.string(),
          broadcastAt: z.string().nullable().describe("Null until a node took it"),
          feePaid: z
            .string()
            .nullable()
            .describe("What it cost in the network's coin; null until its block is final"),
          reverted: z
            .boolean()
            .nullable()
            .describe(
              "Reverted on chain: no USDT moved, so an operator pays the order; null until final",
            ),
          lapsed: z
            .boolean()
            .describe(
              "TRON, Solana: its transaction can no longer land and is in no block; autopilot signs it again, or an operator pays it",
            ),
        })
        .nullable()
        .describe("The payout autopilot signed for this order; the watcher completes the order"),
      refusal: z
        .object({ reason: z.string(), refusedAt: z.string() })
        .nullable()
        .describe(
          "Why autopilot last would not pay it (or waits for approvals); null when sent, unless its send lapsed",
        ),
    })
    .describe("What autopilot did with this order"),
  events: z.array(adminOrderEventSchema),
});

export const orderParams = z.object({ id: z.string().max(100) });

export const overridePayoutCheckInputSchema = z.object({
  note: noteSchema.pipe(
    z.string({ error: "Say why the payout is good although the chain check failed." }),
  ),
});
