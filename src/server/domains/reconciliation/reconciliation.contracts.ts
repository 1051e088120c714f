import { adminRoute, errorResponse, jsonBody, jsonResponse } from "../../platform/api/router";
import {
  accountDebitsSchema,
  accountParams,
  accountReconciliationSchema,
  debitDecisionInputSchema,
  debitDecisionSchema,
  debitParams,
  decisionInputSchema,
  decisionSchema,
  importSummarySchema,
  lineParams,
  orderParams,
  orderStatementLineSchema,
  reconciliationSummarySchema,
  statementUploadQuery,
  verifyMatchedSchema,
} from "./reconciliation-schemas";
import { columnMappingSchema } from "./statement-layouts";

const noSuchAccount = errorResponse("No such account");

export const getAccountRoute = adminRoute({
  method: "get",
  path: "/api/admin/reconciliation/accounts/{id}",
  summary:
    "An account's statements and its groups: matched, mismatch, third-party, paid into another account, unclaimed, not received",
  request: { params: accountParams },
  responses: {
    200: jsonResponse("The groups", accountReconciliationSchema),
    400: errorResponse("A malformed id"),
    404: noSuchAccount,
  },
});

export const uploadRoute = adminRoute({
  method: "post",
  path: "/api/admin/reconciliation/accounts/{id}/statements",
  summary: "Import a bank statement (the file itself as the body: CSV or XLSX, up to 20 MB)",
  request: { params: accountParams, query: statementUploadQuery },
  responses: {
    201: jsonResponse("Imported", importSummarySchema),
    400: errorResponse("No file"),
    404: noSuchAccount,
    413: errorResponse("Larger than 20 MB"),
    422: errorResponse("Not a statement: the line and what was expected are named"),
  },
});

export const mappingRoute = adminRoute({
  method: "put",
  path: "/api/admin/reconciliation/accounts/{id}/column-mapping",
  summary: "Save the column headers of this account's statements (audited)",
  request: {
    params: accountParams,
    body: jsonBody(columnMappingSchema),
  },
  responses: {
    200: jsonResponse("Saved", columnMappingSchema),
    400: errorResponse("A header is missing"),
    404: noSuchAccount,
  },
});

export const verifyRoute = adminRoute({
  method: "post",
  path: "/api/admin/reconciliation/accounts/{id}/verify-matched",
  summary: "Move every matched pending order to processing (each audited with its statement line)",
  request: { params: accountParams },
  responses: {
    200: jsonResponse(
      "How many moved, how many changed meanwhile and were left, how many were left because their payer is on the blocklist, how many because their order is on hold, and how many because the order is the calling admin's own (for another admin)",
      verifyMatchedSchema,
    ),
    400: errorResponse("A malformed id"),
    404: noSuchAccount,
  },
});

export const decideRoute = adminRoute({
  method: "post",
  path: "/api/admin/reconciliation/lines/{id}/decision",
  summary: "Accept a mismatch or third-party payment, or dismiss a line, with a note (audited)",
  request: {
    params: lineParams,
    body: jsonBody(decisionInputSchema),
  },
  responses: {
    200: jsonResponse("Decided", decisionSchema),
    400: errorResponse("No note"),
    404: errorResponse("No open line with this id"),
    409: errorResponse("Not decidable this way, or changed meanwhile"),
  },
});

export const summaryRoute = adminRoute({
  method: "get",
  path: "/api/admin/reconciliation/summary",
  summary: "Money with no order, and orders whose money did not come, over every account",
  responses: {
    200: jsonResponse("The totals", reconciliationSummarySchema),
  },
});

export const orderLineRoute = adminRoute({
  method: "get",
  path: "/api/admin/reconciliation/orders/{id}/statement-line",
  summary: "The statement credit with this order's reference, in whichever account, if imported",
  request: { params: orderParams },
  responses: {
    200: jsonResponse("The line, or null", orderStatementLineSchema),
    404: errorResponse("No order with this id"),
  },
});

export const getAccountDebitsRoute = adminRoute({
  method: "get",
  path: "/api/admin/reconciliation/accounts/{id}/debits",
  summary:
    "An account's statement debits against paid sell orders: matched, mismatch, unmatched, and paid sales whose debit is missing",
  request: { params: accountParams },
  responses: {
    200: jsonResponse("The groups", accountDebitsSchema),
    400: errorResponse("A malformed id"),
    404: noSuchAccount,
  },
});

export const decideDebitRoute = adminRoute({
  method: "post",
  path: "/api/admin/reconciliation/debits/{id}/decision",
  summary:
    "Mark an unmatched debit not a sale, or accept a mismatch for its sale, with a note (audited)",
  request: {
    params: debitParams,
    body: jsonBody(debitDecisionInputSchema),
  },
  responses: {
    200: jsonResponse("Decided", debitDecisionSchema),
    400: errorResponse("No note"),
    404: errorResponse("No open debit with this id"),
    409: errorResponse("Not decidable this way (a sale's debit, or no sale)"),
  },
});
