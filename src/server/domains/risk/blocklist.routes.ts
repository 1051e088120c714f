import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import { clientIp } from "../../platform/http/client-ip";
import { requestedPageCursor } from "../../platform/http/page-cursor";
import {
  addBlocklistEntryRoute,
  exportBlocklistRoute,
  importBlocklistRoute,
  listBlocklistRoute,
  removeBlocklistEntryRoute,
} from "./blocklist.contracts";
import {
  addBlocklistEntry,
  exportBlocklist,
  importBlocklist,
  isBlocklistEntryId,
  listBlocklist,
  removeBlocklistEntry,
} from "./blocklist.service";
import { blocklistFileName } from "./blocklist-csv";

export function createBlocklistRouter(context: AppContext) {
  const { db } = context;
  const actorOf = (user: { id: string; email: string }) => ({ id: user.id, email: user.email });
  return createRouter()
    .openapi(listBlocklistRoute, async (c) => {
      const { kind, search, cursor, limit } = c.req.valid("query");
      const page = await listBlocklist(db, {
        kind,
        search: search || undefined,
        cursor: requestedPageCursor(cursor, isBlocklistEntryId),
        limit,
      });
      return c.json(page, 200);
    })
    .openapi(addBlocklistEntryRoute, async (c) => {
      const id = await addBlocklistEntry(
        db,
        actorOf(c.var.user),
        c.req.valid("json"),
        clientIp(c, context.trustProxy),
      );
      return c.json({ id }, 201);
    })
    .openapi(exportBlocklistRoute, async (c) => {
      const csv = await exportBlocklist(db, actorOf(c.var.user), clientIp(c, context.trustProxy));
      return c.body(csv, 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${blocklistFileName()}"`,
        "cache-control": "no-store",
      });
    })
    .openapi(importBlocklistRoute, async (c) => {
      const summary = await importBlocklist(
        db,
        actorOf(c.var.user),
        await c.req.text(),
        clientIp(c, context.trustProxy),
      );
      return c.json(summary, 200);
    })
    .openapi(removeBlocklistEntryRoute, async (c) => {
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
