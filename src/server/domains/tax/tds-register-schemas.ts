import { z } from "@hono/zod-openapi";
import { DEDUCTOR_KINDS } from "../../../shared/tax-settings-input";
import { FIRST_TDS_FINANCIAL_YEAR, RETURN_QUARTERS } from "../../../shared/tds-calendar";
import { tdsChallanInputSchema } from "../../../shared/tds-challan-input";
import { jsonContent } from "../../platform/api/router";

/* The TDS register's requests and answers (issue 53, decision 061). */

const LAST_FINANCIAL_YEAR = 2099;

const financialYear = z
  .string()
  .regex(/^\d{4}$/, { error: "financialYear must be a year, like 2026 for 2026-27." })
  .transform(Number)
  .refine((year) => year >= FIRST_TDS_FINANCIAL_YEAR && year <= LAST_FINANCIAL_YEAR, {
    error: `financialYear must be from ${FIRST_TDS_FINANCIAL_YEAR} (section 194S began in 2022-23).`,
  });

export const financialYearQuery = z.object({
  financialYear: financialYear.optional().openapi({
    param: { name: "financialYear", in: "query" },
    description:
      "The financial year by its first calendar year (2026: April 2026 to March 2027); this one when left out",
    example: "2026",
  }),
});

export const returnQuery = z.object({
  financialYear: financialYear.openapi({
    param: { name: "financialYear", in: "query" },
    example: "2026",
  }),
  quarter: z
    .enum(RETURN_QUARTERS, { error: "quarter must be Q1, Q2, Q3 or Q4." })
    .optional()
    .openapi({ param: { name: "quarter", in: "query" }, description: "A TAN holder's (Form 26Q)" }),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "month must be a month, like 2026-11." })
    .optional()
    .openapi({
      param: { name: "month", in: "query" },
      description: "A specified person's (Form 26QE), within the financial year",
      example: "2026-11",
    }),
});

const challanReferenceSchema = z.object({
  id: z.uuid(),
  bsrCode: z.string(),
  depositedOn: z.string(),
  serialNumber: z.string(),
});

const deductionSchema = z.object({
  saleId: z.uuid(),
  shortId: z.string(),
  sellerPan: z.string().nullable().describe("Null: no PAN, taxed at the rate without one"),
  sellerName: z.string().describe("Their verified (PAN) name, else their account's name"),
  paidAt: z.string(),
  paidOn: z.string().describe("India's day it was paid: the deduction's date"),
  month: z.string(),
  grossInr: z.string().describe("The consideration: the sale's rupees before the tax"),
  ratePercent: z.string(),
  tdsInr: z.string(),
  challan: challanReferenceSchema.nullable().describe("The challan that deposited its tax"),
});

const totalsSchema = z.object({
  deductions: z.number().int(),
  grossInr: z.string(),
  tdsInr: z.string(),
  depositedInr: z.string().describe("TDS of the deductions a challan covers"),
  outstandingInr: z.string().describe("TDS of those no challan covers yet"),
});

export const tdsRegisterSchema = z
  .object({
    financialYear: z.number().int(),
    label: z.string().openapi({ example: "2026-27" }),
    deductorKind: z.enum(DEDUCTOR_KINDS),
    form: z.enum(["26Q", "26QE"]),
    today: z.string().describe("India's today, which the months' states are of"),
    financialYears: z.array(z.number().int()),
    months: z.array(
      z.object({
        month: z.string().openapi({ example: "2026-11" }),
        dueOn: z
          .string()
          .describe(
            "The 7th of the next month (30 April for March), or for a specified person 30 days after the month",
          ),
        state: z.enum(["deposited", "due", "overdue"]),
        daysLeft: z.number().int().nullable(),
        daysLate: z.number().int().nullable(),
        isDueSoon: z.boolean().describe("Due within 3 days"),
        depositedLate: z
          .boolean()
          .describe("A challan covering it was deposited after the due date"),
        totals: totalsSchema,
        deductions: z.array(deductionSchema),
      }),
    ),
    totals: totalsSchema,
  })
  .openapi("TdsRegister");

export const challanBody = tdsChallanInputSchema.openapi("TdsChallanInput", {
  description: "Amounts as decimal text; interest and fee may be left out (0).",
});

export const tdsChallanSchema = z
  .object({
    id: z.uuid(),
    bsrCode: z.string(),
    depositedOn: z.string(),
    serialNumber: z.string(),
    taxInr: z.string(),
    interestInr: z.string(),
    feeInr: z.string(),
    totalInr: z.string().describe("Tax, interest and fee"),
    deductions: z.number().int(),
    months: z.array(z.string()).describe("The India months of the deductions it covers"),
    recordedBy: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("TdsChallan");

/** A refusal naming its field, with nothing written. */
export const refusalResponse = (description: string) => ({
  description,
  content: jsonContent(
    z.object({ error: z.string(), code: z.string(), field: z.string().optional() }),
  ),
});
