import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import { AppError } from "../../platform/http/errors";
import { listAuditLogRoute } from "./audit-log.contracts";
import { AUDIT_PAGE_SIZE, isAuditCursor, listAuditLog, toAuditEntryView } from "./list-audit-log";

export function createAdminAuditRouter({ db }: AppContext) {
  return createRouter().openapi(listAuditLogRoute, async (c) => {
    const { action, actor, cursor, limit = AUDIT_PAGE_SIZE } = c.req.valid("query");
    if (cursor !== undefined && !isAuditCursor(cursor)) {
      throw new AppError(400, "INVALID_CURSOR", "This page link is not valid.");
    }
    const page = await listAuditLog(db, { action, actor, cursor, limit });
    c.header("Cache-Control", "no-store");
    return c.json(
      { entries: page.entries.map(toAuditEntryView), nextCursor: page.nextCursor },
      200,
    );
  });
}
