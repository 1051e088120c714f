import { z } from "@hono/zod-openapi";
import { networkIdSchema } from "../../../shared/catalog-schemas";

const volumeSchema = z.object({
  inrReceived: z.string().openapi({ example: "86000.00" }),
  usdtPaidOut: z.string().openapi({ example: "1000.0000" }),
});

export const dashboardSchema = z
  .object({
    totalUsers: z.number().int(),
    pendingOrders: z.number().int(),
    completedOrders: z.number().int(),
    today: volumeSchema.openapi({ description: "Completed orders placed today (India time)" }),
    last7Days: volumeSchema.openapi({
      description: "Completed orders placed today and the 6 days before (India time)",
    }),
    series: z
      .array(
        z.object({
          date: z.string().openapi({ example: "2025-01-31", description: "India day" }),
          inr: z.string(),
          usdt: z.string(),
          orders: z.number().int(),
        }),
      )
      .openapi({ description: "The last 14 India days, oldest first, days without orders as 0" }),
    oldestPendingAt: z.string().nullable().openapi({ description: "ISO time, or null" }),
    verificationsWaiting: z
      .number()
      .int()
      .openapi({ description: "Identity verifications waiting for review" }),
    suspicionReports: z
      .object({ unfiled: z.number().int(), overdue: z.number().int() })
      .openapi({ description: "Suspicious transaction reports not yet filed; those past due" }),
    watchers: z
      .array(
        z.object({
          network: networkIdSchema,
          wallet: z.string(),
          blocksBehind: z
            .number()
            .int()
            .nullable()
            .describe("Final blocks not read yet (0: caught up); null before the first pass"),
          lastAdvancedAt: z.string().nullable(),
          secondsSinceAdvance: z.number().int(),
          stalled: z.boolean().describe("Not advanced for 10 minutes: the operators were told"),
          lastError: z.string().nullable().describe("The node's last error, until a pass succeeds"),
        }),
      )
      .openapi({ description: "Each watched payout wallet's watcher: its lag behind the chain" }),
    secondPayouts: z
      .number()
      .int()
      .describe("Second payouts to one order noticed in the last 7 days: the operators were told"),
    doubleLinks: z
      .number()
      .int()
      .describe(
        "Transfers decided twice before links were kept (migration 0125), for an operator to settle",
      ),
    tds: z
      .object({
        outstandingInr: z.string().describe("TDS deducted and not deposited yet"),
        overdue: z.object({ months: z.array(z.string()), inr: z.string() }),
        dueSoon: z
          .object({ months: z.array(z.string()), inr: z.string() })
          .describe("Months whose deposit is due within 3 days"),
        nextDueOn: z.string().nullable(),
        nextDaysLeft: z.number().int().nullable(),
      })
      .describe(
        "TDS under section 194S to deposit: the months past their due date, and those nearly due",
      ),
  })
  .openapi("AdminDashboard");
