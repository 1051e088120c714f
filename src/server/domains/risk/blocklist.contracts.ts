import { z } from "@hono/zod-openapi";
import { adminRoute, errorResponse, jsonBody, jsonResponse } from "../../platform/api/router";
import {
  blocklistEntryIdSchema,
  blocklistEntryInput,
  blocklistEntryParams,
  blocklistImportSchema,
  blocklistPageSchema,
  blocklistQuery,
  removalInput,
} from "./blocklist-schemas";

export const listBlocklistRoute = adminRoute({
  method: "get",
  path: "/api/admin/risk/blocklist",
  summary: "The blocklist entries in force, newest first, a page at a time",
  request: { query: blocklistQuery },
  responses: {
    200: jsonResponse("A page of entries", blocklistPageSchema),
    400: errorResponse("An unknown kind, a malformed cursor or a bad limit"),
  },
});

export const addBlocklistEntryRoute = adminRoute({
  method: "post",
  path: "/api/admin/risk/blocklist",
  summary:
    "Block a payer name, UPI ID, bank account, phone, e-mail domain or wallet, with a reason (audited)",
  request: { body: jsonBody(blocklistEntryInput) },
  responses: {
    201: jsonResponse("Added", blocklistEntryIdSchema),
    400: errorResponse("A field is invalid, or the value is not one of its kind"),
    409: errorResponse("The value is on the list already (compared normalised)"),
  },
});

export const removeBlocklistEntryRoute = adminRoute({
  method: "post",
  path: "/api/admin/risk/blocklist/{id}/remove",
  summary: "Take an entry off the blocklist, with a reason (kept and audited)",
  request: { params: blocklistEntryParams, body: jsonBody(removalInput) },
  responses: {
    200: jsonResponse("Removed", blocklistEntryIdSchema),
    400: errorResponse("A malformed id or reason"),
    404: errorResponse("No such entry in force"),
  },
});

export const exportBlocklistRoute = adminRoute({
  method: "get",
  path: "/api/admin/risk/blocklist/export",
  summary: "The entries in force as CSV (kind, value, reason, added_at, added_by; audited)",
  description: "Cells a spreadsheet would read as a formula start with a single quote.",
  responses: {
    200: { description: "The list", content: { "text/csv": { schema: z.string() } } },
  },
});

export const importBlocklistRoute = adminRoute({
  method: "post",
  path: "/api/admin/risk/blocklist/import",
  summary: "Add the entries of a CSV file as the export writes it (the file as the body; audited)",
  description:
    "Columns kind, value, reason (more are ignored). Every line is checked first: a bad one refuses the file, naming its line, and nothing is written. Values on the list already, or twice in the file, are skipped.",
  responses: {
    200: jsonResponse("Imported", blocklistImportSchema),
    400: errorResponse("Not a readable list: the line and what was expected are named"),
  },
});
