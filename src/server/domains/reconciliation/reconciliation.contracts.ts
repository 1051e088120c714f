import { createRoute, z } from "@hono/zod-openapi";
import { hasUnseenControls } from "../../../shared/plain-text";
import { ADMIN_ONLY_RESPONSES, errorResponse, jsonContent } from "../../platform/api/router";
import {
  accountParams,
  accountReconciliationSchema,
  importSummarySchema,
  uuidParam,
} from "./reconciliation-schemas";
import { columnMappingSchema } from "./statement-layouts";

export const getAccountRoute = createRoute({
  method: "get",
  path: "/api/admin/reconciliation/accounts/{id}",
  tags: ["Admin"],
  summary:
    "An account's statements and its groups: matched, mismatch, third-party, paid into another account, unclaimed, not received",
  request: { params: accountParams },
  responses: {
    200: { description: "The groups", content: jsonContent(accountReconciliationSchema) },
    400: errorResponse("A malformed id"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such account"),
  },
});

export const uploadRoute = createRoute({
  method: "post",
  path: "/api/admin/reconciliation/accounts/{id}/statements",
  tags: ["Admin"],
  summary: "Import a bank statement (the file itself as the body: CSV or XLSX, up to 20 MB)",
  request: {
    params: accountParams,
    query: z.object({
      name: z
        .string()
        .trim()
        .min(1)
        .max(200)
        .refine((name) => !hasUnseenControls(name), { error: "The file name is not valid." })
        .optional()
        .openapi({ description: "The file's name, as the operator sees it later" }),
    }),
  },
  responses: {
    201: { description: "Imported", content: jsonContent(importSummarySchema) },
    400: errorResponse("No file"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such account"),
    413: errorResponse("Larger than 20 MB"),
    422: errorResponse("Not a statement: the line and what was expected are named"),
  },
});

export const mappingRoute = createRoute({
  method: "put",
  path: "/api/admin/reconciliation/accounts/{id}/column-mapping",
  tags: ["Admin"],
  summary: "Save the column headers of this account's statements (audited)",
  request: {
    params: accountParams,
    body: { content: jsonContent(columnMappingSchema), required: true },
  },
  responses: {
    200: { description: "Saved", content: jsonContent(columnMappingSchema) },
    400: errorResponse("A header is missing"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such account"),
  },
});

export const verifyRoute = createRoute({
  method: "post",
  path: "/api/admin/reconciliation/accounts/{id}/verify-matched",
  tags: ["Admin"],
  summary: "Move every matched pending order to processing (each audited with its statement line)",
  request: { params: accountParams },
  responses: {
    200: {
      description:
        "How many moved, how many changed meanwhile and were left, how many were left because their payer is on the blocklist, how many because their order is on hold, and how many because the order is the calling admin's own (for another admin)",
      content: jsonContent(
        z.object({
          verified: z.number().int(),
          skipped: z.number().int(),
          blockedPayers: z.number().int(),
          heldOrders: z.number().int(),
          ownOrders: z.number().int(),
        }),
      ),
    },
    400: errorResponse("A malformed id"),
    404: errorResponse("No such account"),
    ...ADMIN_ONLY_RESPONSES,
  },
});

export const decideRoute = createRoute({
  method: "post",
  path: "/api/admin/reconciliation/lines/{id}/decision",
  tags: ["Admin"],
  summary: "Accept a mismatch or third-party payment, or dismiss a line, with a note (audited)",
  request: {
    params: z.object({ id: uuidParam("a statement line") }),
    body: {
      content: jsonContent(
        z.object({
          decision: z.enum(["accept", "dismiss"]),
          note: z
            .string()
            .trim()
            .refine((note) => note.length > 0, { error: "Write a note: why this decision." })
            .refine((note) => note.length <= 500, {
              error: "The note is longer than 500 characters.",
            })
            .refine((note) => !hasUnseenControls(note, { allowLineBreaks: true }), {
              error: "The note contains a control character.",
            }),
        }),
      ),
      required: true,
    },
  },
  responses: {
    200: {
      description: "Decided",
      content: jsonContent(
        z.object({ lineId: z.uuid(), decision: z.enum(["accepted", "dismissed"]) }),
      ),
    },
    400: errorResponse("No note"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No open line with this id"),
    409: errorResponse("Not decidable this way, or changed meanwhile"),
  },
});

export const summaryRoute = createRoute({
  method: "get",
  path: "/api/admin/reconciliation/summary",
  tags: ["Admin"],
  summary: "Money with no order, and orders whose money did not come, over every account",
  responses: {
    200: {
      description: "The totals",
      content: jsonContent(
        z.object({
          unclaimedCount: z.number().int(),
          unclaimedInr: z.string(),
          notReceivedCount: z.number().int(),
        }),
      ),
    },
    ...ADMIN_ONLY_RESPONSES,
  },
});

export const orderLineRoute = createRoute({
  method: "get",
  path: "/api/admin/reconciliation/orders/{id}/statement-line",
  tags: ["Admin"],
  summary: "The statement credit with this order's reference, in whichever account, if imported",
  request: { params: z.object({ id: uuidParam("an order") }) },
  responses: {
    200: {
      description: "The line, or null",
      content: jsonContent(
        z.object({
          line: z
            .object({
              id: z.uuid(),
              fileName: z.string(),
              lineNumber: z.number().int(),
              valueDate: z.string(),
              amount: z.string(),
              narration: z.string(),
              payerName: z.string().nullable(),
              otherAccountLabel: z
                .string()
                .nullable()
                .describe("The account it was paid into, when it is not the order's"),
              decision: z.enum(["verified", "accepted", "dismissed"]).nullable(),
              decisionNote: z.string().nullable(),
            })
            .nullable(),
        }),
      ),
    },
    404: errorResponse("No order with this id"),
    ...ADMIN_ONLY_RESPONSES,
  },
});
