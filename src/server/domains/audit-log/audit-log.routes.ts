import { createRoute, z } from "@hono/zod-openapi";
import { AUDIT_ACTIONS } from "../../../shared/audit-actions";
import type { AppContext } from "../../platform/api/app-context";
import {
  createRouter,
  errorResponse,
  jsonContent,
  searchTextSchema,
} from "../../platform/api/router";
import { AppError } from "../../platform/http/errors";
import { AUDIT_PAGE_SIZE, isAuditCursor, listAuditLog, toAuditEntryView } from "./list-audit-log";

const auditEntrySchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    actorId: z.string().nullable(),
    actorEmail: z.string().nullable(),
    action: z.string().openapi({ example: "settings.saved" }),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    details: z
      .record(z.string(), z.unknown())
      .describe("settings.saved: { field: { from, to } } for each changed field"),
    ipAddress: z.string().nullable(),
  })
  .openapi("AuditEntry");

const listAuditRoute = createRoute({
  method: "get",
  path: "/api/admin/audit",
  tags: ["Admin"],
  summary: "The audit log of admin actions, newest first, a page at a time",
  request: {
    query: z.object({
      action: z.enum(AUDIT_ACTIONS).optional(),
      actor: searchTextSchema("Actor").describe("Part of the actor's e-mail"),
      cursor: z.string().max(40).optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
    }),
  },
  responses: {
    200: {
      description: "A page of audit entries",
      content: jsonContent(
        z.object({ entries: z.array(auditEntrySchema), nextCursor: z.string().nullable() }),
      ),
    },
    400: errorResponse("An unknown action or a malformed cursor"),
    401: errorResponse("Not signed in"),
    403: errorResponse("Not an administrator, or no step-up"),
  },
});

export function createAdminAuditRouter({ db }: AppContext) {
  return createRouter().openapi(listAuditRoute, async (c) => {
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
