import {
  suspicionReportFiledSchema,
  suspicionReportInputSchema,
} from "../../../../shared/suspicion-report-input";
import { adminRoute, errorResponse, jsonBody, jsonResponse } from "../../../platform/api/router";
import {
  registerQuery,
  registerSchema,
  reportParams,
  reportSchema,
} from "./suspicion-reports-schemas";

export const listSuspicionReportsRoute = adminRoute({
  method: "get",
  path: "/api/admin/risk/suspicion-reports",
  summary:
    "The register of suspicious transaction reports: every one not yet filed (due first), and the filed ones, newest first, a page at a time",
  request: { query: registerQuery },
  responses: {
    200: jsonResponse("The register", registerSchema),
    400: errorResponse("A malformed cursor"),
  },
});

export const recordSuspicionReportRoute = adminRoute({
  method: "post",
  path: "/api/admin/risk/suspicion-reports",
  summary:
    "Record that the desk concluded a customer's dealings are suspicious (audited); due at FIU-IND seven working days later. The customer is not told.",
  request: { body: jsonBody(suspicionReportInputSchema) },
  responses: {
    201: jsonResponse("Recorded", reportSchema),
    400: errorResponse("A field is invalid, a day to come, or an order not the customer's"),
    404: errorResponse("No such user"),
  },
});

export const markReportFiledRoute = adminRoute({
  method: "post",
  path: "/api/admin/risk/suspicion-reports/{id}/filed",
  summary: "Record that the report was filed with FIU-IND, with its acknowledgement (audited)",
  request: { params: reportParams, body: jsonBody(suspicionReportFiledSchema) },
  responses: {
    200: jsonResponse("Filed", reportSchema),
    400: errorResponse("A malformed id or field, or a day before the conclusion or to come"),
    404: errorResponse("No such report"),
    409: errorResponse("Filed already"),
  },
});
