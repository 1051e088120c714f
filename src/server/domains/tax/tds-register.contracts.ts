import { z } from "@hono/zod-openapi";
import { adminRoute, errorResponse, jsonBody, jsonResponse } from "../../platform/api/router";
import {
  challanBody,
  financialYearQuery,
  refusalResponse,
  returnQuery,
  tdsChallanSchema,
  tdsRegisterSchema,
} from "./tds-register-schemas";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const getTdsRegisterRoute = adminRoute({
  method: "get",
  path: "/api/admin/tax/register",
  summary: "The TDS register: a financial year's deductions by month, with due dates and states",
  description:
    "Every paid sale the desk deducted TDS from (section 194S), grouped by the India month it was paid in, newest first; each month with its totals, its deposit's due date and whether it is deposited, due or overdue.",
  request: { query: financialYearQuery },
  responses: {
    200: jsonResponse("The register", tdsRegisterSchema),
    400: errorResponse("A malformed financial year"),
  },
});

export const listTdsChallansRoute = adminRoute({
  method: "get",
  path: "/api/admin/tax/challans",
  summary: "The challans that deposited a financial year's TDS, the latest first",
  request: { query: financialYearQuery },
  responses: {
    200: jsonResponse("The challans", z.object({ challans: z.array(tdsChallanSchema) })),
    400: errorResponse("A malformed financial year"),
  },
});

export const recordTdsChallanRoute = adminRoute({
  method: "post",
  path: "/api/admin/tax/challans",
  summary: "Record a TDS challan and the deductions whose tax it deposited (audited)",
  description:
    "The tax must be exactly the TDS of the deductions, each a paid, taxed sale no other challan covers, all of one return (a quarter, or a specified person's month), none paid after the day deposited.",
  request: { body: jsonBody(challanBody) },
  responses: {
    201: jsonResponse("Recorded", tdsChallanSchema),
    400: refusalResponse("A field is malformed, or the day is after today; it is named in `field`"),
    409: refusalResponse(
      "The challan is recorded already, or a deduction's tax is deposited already",
    ),
    422: refusalResponse(
      "A sale is not a deduction, the deductions span two returns or were paid after the deposit, or the tax is not theirs",
    ),
  },
});

export const downloadTdsReturnRoute = adminRoute({
  method: "get",
  path: "/api/admin/tax/return.xlsx",
  summary:
    "The return's data as a workbook: challans and deductees, as the return's utility takes them",
  description:
    "A TAN holder's quarter (Form 26Q, `quarter`) or a specified person's month (Form 26QE, `month`), as the deductor is set in Settings → Tax.",
  request: { query: returnQuery },
  responses: {
    200: { description: "An .xlsx attachment", content: { [XLSX_TYPE]: { schema: z.string() } } },
    400: refusalResponse("A malformed or missing period for the deductor kind; named in `field`"),
  },
});
