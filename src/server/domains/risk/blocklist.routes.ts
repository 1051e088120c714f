import { createRoute, z } from "@hono/zod-openapi";
import { BLOCKLIST_KINDS } from "../../../shared/blocklist-keys";
import type { AppContext } from "../../platform/api/app-context";
import {
  ADMIN_ONLY_RESPONSES,
  createRouter,
  errorResponse,
  jsonContent,
  searchTextSchema,
} from "../../platform/api/router";
import { clientIp } from "../../platform/http/client-ip";
import { requestedPageCursor } from "../../platform/http/page-cursor";
import {
  addBlocklistEntry,
  exportBlocklist,
  importBlocklist,
  isBlocklistEntryId,
  listBlocklist,
  removeBlocklistEntry,
} from "./blocklist.service";

/** Why an entry is added or removed: the operators' own words, one line. */
const reason = z
  .string({ error: "Reason: say why, in a few words." })
  .trim()
  .min(1, { error: "Reason: say why, in a few words." })
  .max(500, { error: "Reason: at most 500 characters." })
  .refine((text) => !/\p{Cc}/u.test(text), { error: "Reason: one line, no control characters." });

const entrySchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(BLOCKLIST_KINDS),
    value: z.string().describe("As the operator entered it"),
    reason: z.string(),
    createdAt: z.string(),
    createdBy: z.string().nullable().describe("The admin's e-mail"),
  })
  .openapi("BlocklistEntry");

const entryInput = z
  .object({
    kind: z.enum(BLOCKLIST_KINDS, { error: `Kind: one of ${BLOCKLIST_KINDS.join(", ")}.` }),
    value: z
      .string({ error: "Value: enter what to block." })
      .max(200, { error: "Value: at most 200 characters." })
      .refine((text) => !/\p{Cc}/u.test(text), {
        error: "Value: one line, no control characters.",
      }),
    reason,
  })
  .openapi("BlocklistEntryInput");

const listRoute = createRoute({
  method: "get",
  path: "/api/admin/risk/blocklist",
  tags: ["Admin"],
  summary: "The blocklist entries in force, newest first, a page at a time",
  request: {
    query: z.object({
      kind: z.enum(BLOCKLIST_KINDS).optional(),
      search: searchTextSchema("Search").describe("Part of the value or the reason"),
      cursor: z.string().max(200).optional().describe("The last page's `nextCursor`"),
      limit: z.coerce.number().int().min(1).max(200).optional(),
    }),
  },
  responses: {
    200: {
      description: "A page of entries",
      content: jsonContent(
        z.object({ entries: z.array(entrySchema), nextCursor: z.string().nullable() }),
      ),
    },
    400: errorResponse("An unknown kind, a malformed cursor or a bad limit"),
    ...ADMIN_ONLY_RESPONSES,
  },
});

const addRoute = createRoute({
  method: "post",
  path: "/api/admin/risk/blocklist",
  tags: ["Admin"],
  summary:
    "Block a payer name, UPI ID, bank account, phone, e-mail domain or wallet, with a reason (audited)",
  request: { body: { content: jsonContent(entryInput), required: true } },
  responses: {
    201: { description: "Added", content: jsonContent(z.object({ id: z.uuid() })) },
    400: errorResponse("A field is invalid, or the value is not one of its kind"),
    ...ADMIN_ONLY_RESPONSES,
    409: errorResponse("The value is on the list already (compared normalised)"),
  },
});

const removeRoute = createRoute({
  method: "post",
  path: "/api/admin/risk/blocklist/{id}/remove",
  tags: ["Admin"],
  summary: "Take an entry off the blocklist, with a reason (kept and audited)",
  request: {
    params: z.object({
      id: z.uuid({ error: "This is not a blocklist entry id." }).openapi({
        param: { name: "id", in: "path" },
      }),
    }),
    body: { content: jsonContent(z.object({ reason })), required: true },
  },
  responses: {
    200: { description: "Removed", content: jsonContent(z.object({ id: z.uuid() })) },
    400: errorResponse("A malformed id or reason"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such entry in force"),
  },
});

const exportRoute = createRoute({
  method: "get",
  path: "/api/admin/risk/blocklist/export",
  tags: ["Admin"],
  summary: "The entries in force as CSV (kind, value, reason, added_at, added_by; audited)",
  description: "Cells a spreadsheet would read as a formula start with a single quote.",
  responses: {
    200: { description: "The list", content: { "text/csv": { schema: z.string() } } },
    ...ADMIN_ONLY_RESPONSES,
  },
});

const importRoute = createRoute({
  method: "post",
  path: "/api/admin/risk/blocklist/import",
  tags: ["Admin"],
  summary: "Add the entries of a CSV file as the export writes it (the file as the body; audited)",
  description:
    "Columns kind, value, reason (more are ignored). Every line is checked first: a bad one refuses the file, naming its line, and nothing is written. Values on the list already, or twice in the file, are skipped.",
  responses: {
    200: {
      description: "Imported",
      content: jsonContent(z.object({ added: z.number().int(), skipped: z.number().int() })),
    },
    400: errorResponse("Not a readable list: the line and what was expected are named"),
    ...ADMIN_ONLY_RESPONSES,
  },
});

/** An export's file name, by India's date. */
function exportFileName(now = new Date()) {
  const day = now.toLocaleDateString("en-CA", { timeZone: "Asia/Kolkata" });
  return `rupeedesk-blocklist-${day}.csv`;
}

export function createBlocklistRouter(context: AppContext) {
  const { db } = context;
  const actorOf = (user: { id: string; email: string }) => ({ id: user.id, email: user.email });
  return createRouter()
    .openapi(listRoute, async (c) => {
      const { kind, search, cursor, limit } = c.req.valid("query");
      const page = await listBlocklist(db, {
        kind,
        search: search || undefined,
        cursor: requestedPageCursor(cursor, isBlocklistEntryId),
        limit,
      });
      return c.json(page, 200);
    })
    .openapi(addRoute, async (c) => {
      const id = await addBlocklistEntry(
        db,
        actorOf(c.var.user),
        c.req.valid("json"),
        clientIp(c, context.trustProxy),
      );
      return c.json({ id }, 201);
    })
    .openapi(exportRoute, async (c) => {
      const csv = await exportBlocklist(db, actorOf(c.var.user), clientIp(c, context.trustProxy));
      return c.body(csv, 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${exportFileName()}"`,
        "cache-control": "no-store",
      });
    })
    .openapi(importRoute, async (c) => {
      const summary = await importBlocklist(
        db,
        actorOf(c.var.user),
        await c.req.text(),
        clientIp(c, context.trustProxy),
      );
      return c.json(summary, 200);
    })
    .openapi(removeRoute, async (c) => {
      const { id } = c.req.valid("param");
      await removeBlocklistEntry(
        db,
        actorOf(c.var.user),
        id,
        c.req.valid("json").reason,
        clientIp(c, context.trustProxy),
      );
      return c.json({ id }, 200);
    });
}
