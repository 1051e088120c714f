import { z } from "@hono/zod-openapi";
import { adminRoute, errorResponse, jsonBody, jsonResponse } from "../../platform/api/router";
import { booksCsvQuery, booksSchema, purchaseParams, rangeQuery, XLSX_TYPE } from "./books-schemas";
import { invalidPurchase, purchaseBody, purchaseSchema } from "./purchase-schemas";

const malformedRange = errorResponse("A malformed range");

export const getBooksRoute = adminRoute({
  method: "get",
  path: "/api/admin/books",
  summary: "The daily books of India days `from` to `to` (at most a year)",
  request: { query: rangeQuery },
  responses: {
    200: jsonResponse("The books", booksSchema),
    400: malformedRange,
  },
});

export const exportBooksCsvRoute = adminRoute({
  method: "get",
  path: "/api/admin/books/export.csv",
  summary: "One view of the books as CSV",
  request: { query: booksCsvQuery },
  responses: {
    200: { description: "A CSV attachment", content: { "text/csv": { schema: z.string() } } },
    400: errorResponse("A malformed range or view"),
  },
});

export const exportBooksXlsxRoute = adminRoute({
  method: "get",
  path: "/api/admin/books/export.xlsx",
  summary: "The books as an Excel workbook: a sheet per view, amounts as numbers",
  request: { query: rangeQuery },
  responses: {
    200: { description: "An .xlsx attachment", content: { [XLSX_TYPE]: { schema: z.string() } } },
    400: malformedRange,
  },
});

export const listPurchasesRoute = adminRoute({
  method: "get",
  path: "/api/admin/books/purchases",
  summary: "USDT purchases dated `from` to `to`, newest first",
  request: { query: rangeQuery },
  responses: {
    200: jsonResponse("The purchases", z.object({ purchases: z.array(purchaseSchema) })),
    400: malformedRange,
  },
});

export const recordPurchaseRoute = adminRoute({
  method: "post",
  path: "/api/admin/books/purchases",
  summary: "Record a USDT purchase (audited)",
  request: { body: jsonBody(purchaseBody) },
  responses: {
    201: jsonResponse("Recorded", purchaseSchema),
    400: invalidPurchase,
  },
});

export const updatePurchaseRoute = adminRoute({
  method: "put",
  path: "/api/admin/books/purchases/{id}",
  summary: "Save a USDT purchase's form (audited before → after)",
  request: { params: purchaseParams, body: jsonBody(purchaseBody) },
  responses: {
    200: jsonResponse("Saved", purchaseSchema),
    400: invalidPurchase,
    404: errorResponse("No such purchase"),
  },
});
