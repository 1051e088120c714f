import { createRoute, z } from "@hono/zod-openapi";
import { languageOr } from "../../../shared/languages";
import type { AppContext } from "../../platform/api/app-context";
import { createRouter, errorResponse, jsonResponse } from "../../platform/api/router";
import { requireUser } from "../../platform/api/session";
import { readIndiaToday } from "../../platform/db/india-day";
import { AppError } from "../../platform/http/errors";
import { readAccountTax } from "./account-tax.service";
import {
  certificateFileName,
  pdfBytes,
  tdsCertificatePdf,
} from "./certificates/tds-certificate-pdf";
import { readyTdsCertificate } from "./certificates/tds-certificates";

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

const accountTaxSchema = z
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

const accountTaxRoute = createRoute({
  method: "get",
  path: "/api/account/tax",
  tags: ["Account"],
  summary:
    "The signed-in customer's sales of a financial year with their TDS (section 194S), the yearly threshold and their certificates",
  request: {
    query: z.object({
      year: z
        .string()
        .regex(/^\d{4}$/, "year: a financial year by the year it starts in, like 2026.")
        .transform(Number)
        .optional()
        .describe("The financial year by the year it starts in; this one when not given"),
    }),
  },
  responses: {
    200: jsonResponse("The year (no-store)", accountTaxSchema),
    400: errorResponse("Not a financial year, or one before section 194S or after this one"),
    401: errorResponse("Not signed in"),
  },
});

const certificateRoute = createRoute({
  method: "get",
  path: "/api/account/tax/certificates/{period}",
  tags: ["Account"],
  summary:
    "The data of one of the customer's TDS certificates as a PDF, in their language (the official Form 16A or 16E comes from TRACES)",
  request: {
    params: z.object({
      period: z
        .string()
        .regex(/^\d{4}-\d{2}(-Q[1-4])?$/, "This is not a certificate's period.")
        .openapi({ param: { in: "path" }, example: "2026-27-Q3" }),
    }),
  },
  responses: {
    200: {
      description: "A PDF attachment (no-store)",
      content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } },
    },
    400: errorResponse("A malformed period"),
    401: errorResponse("Not signed in"),
    404: errorResponse("No ready certificate of this customer for that period"),
  },
});

export function createAccountTaxRouter(context: AppContext) {
  const { db } = context;
  const router = createRouter();
  // Hono's "/…/*" also matches the path itself.
  router.use("/api/account/tax/*", requireUser(context));
  return router
    .openapi(accountTaxRoute, async (c) => {
      const tax = await readAccountTax(db, {
        userId: c.var.user.id,
        year: c.req.valid("query").year,
      });
      c.header("Cache-Control", "no-store");
      return c.json(tax, 200);
    })
    .openapi(certificateRoute, async (c) => {
      const today = await readIndiaToday(db);
      const certificate = await readyTdsCertificate(db, {
        userId: c.var.user.id,
        periodId: c.req.valid("param").period,
        today,
      });
      if (!certificate) {
        throw new AppError(
          404,
          "CERTIFICATE_NOT_FOUND",
          "There is no certificate ready for this period.",
        );
      }
      const pdf = await pdfBytes(
        tdsCertificatePdf(certificate, {
          language: languageOr(c.var.user.language),
          preparedOn: today,
        }),
      );
      return c.body(new Uint8Array(pdf), 200, {
        "content-type": "application/pdf",
        "content-length": String(pdf.byteLength),
        "content-disposition": `attachment; filename="${certificateFileName(certificate)}"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      });
    });
}
