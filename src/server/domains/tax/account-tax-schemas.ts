import { z } from "@hono/zod-openapi";

const money = z.string().describe("Rupees, to the paisa");

const periodSchema = z
  .object({
    id: z
      .string()
      .describe('"2026-27-Q3" for a quarter of a financial year, "2026-11" for a month'),
    kind: z.enum(["quarter", "month"]),
    financialYear: z.number().int().describe("The year the financial year starts in"),
    number: z.number().int().describe("The quarter (1: April to June), or the calendar month"),
    firstDay: z.string().describe("India's day, YYYY-MM-DD"),
    lastDay: z.string(),
  })
  .openapi("TaxPeriod");

export const accountTaxSchema = z
  .object({
    financialYear: z.number().int(),
    financialYearLabel: z.string().describe('"2026-27"'),
    years: z
      .array(z.object({ financialYear: z.number().int(), label: z.string() }))
      .describe("This year and those there is something to show of, newest first"),
    section: z.literal("194S"),
    certificatePeriod: z
      .enum(["quarter", "month"])
      .describe("A certificate covers a quarter (a TAN holder's Form 16A) or a month (Form 16E)"),
    deducts: z.boolean().describe("Whether the desk deducts TDS on its purchases"),
    ratePercent: z.string(),
    noPanRatePercent: z.string().describe("The rate when the seller has no verified PAN"),
    threshold: z.object({
      inr: money.describe("No tax while the year's sales stay at or below this"),
      yearInr: money.describe("The year's sales that count: not expired or cancelled"),
      remainingInr: money,
      isPassed: z.boolean(),
      hasVerifiedPan: z.boolean(),
    }),
    sales: z.array(
      z.object({
        id: z.string(),
        placedAt: z.string(),
        paidAt: z.string().nullable(),
        status: z.enum(["awaiting_deposit", "received", "paid", "expired", "cancelled"]),
        grossInr: money,
        tds: z.object({ ratePercent: z.string(), inr: money }).nullable(),
        netInr: money.describe("What reaches the seller"),
      }),
    ),
    totals: z.object({
      grossInr: money,
      tdsInr: money,
      netInr: money,
      deductedInr: money.describe("The TDS of the sales already paid"),
      pendingTdsInr: money.describe("The TDS of the sales not paid yet, deducted when they are"),
    }),
    certificates: z.array(
      z.object({
        period: periodSchema,
        deductions: z.number().int(),
        grossInr: money.describe("The consideration paid or credited in the period, before tax"),
        tdsInr: money,
        state: z
          .enum(["ready", "ready_so_far", "awaiting_deposit"])
          .describe("Ready once the period is over and a challan deposited all of its tax"),
        downloadUrl: z.string().nullable(),
      }),
    ),
  })
  .openapi("AccountTax");

export const accountTaxQuery = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/, "year: a financial year by the year it starts in, like 2026.")
    .transform(Number)
    .optional()
    .describe("The financial year by the year it starts in; this one when not given"),
});

export const certificateParams = z.object({
  period: z
    .string()
    .regex(/^\d{4}-\d{2}(-Q[1-4])?$/, "This is not a certificate's period.")
    .openapi({ param: { in: "path" }, example: "2026-27-Q3" }),
});

export const pdfFileContent = {
  "application/pdf": { schema: z.string().openapi({ format: "binary" }) },
};
