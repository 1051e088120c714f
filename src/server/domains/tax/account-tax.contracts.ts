import { createRoute } from "@hono/zod-openapi";
import { errorResponse, jsonResponse } from "../../platform/api/router";
import {
  accountTaxQuery,
  accountTaxSchema,
  certificateParams,
  pdfFileContent,
} from "./account-tax-schemas";

export const getAccountTaxRoute = createRoute({
  method: "get",
  path: "/api/account/tax",
  tags: ["Account"],
  summary:
    "The signed-in customer's sales of a financial year with their TDS (section 194S), the yearly threshold and their certificates",
  request: { query: accountTaxQuery },
  responses: {
    200: jsonResponse("The year (no-store)", accountTaxSchema),
    400: errorResponse("Not a financial year, or one before section 194S or after this one"),
    401: errorResponse("Not signed in"),
  },
});

export const downloadCertificateRoute = createRoute({
  method: "get",
  path: "/api/account/tax/certificates/{period}",
  tags: ["Account"],
  summary:
    "The data of one of the customer's TDS certificates as a PDF, in their language (the official Form 16A or 16E comes from TRACES)",
  request: { params: certificateParams },
  responses: {
    200: { description: "A PDF attachment (no-store)", content: pdfFileContent },
    400: errorResponse("A malformed period"),
    401: errorResponse("Not signed in"),
    404: errorResponse("No ready certificate of this customer for that period"),
  },
});
