import { z } from "@hono/zod-openapi";
import { AUDIT_ACTIONS } from "../../../shared/audit-actions";
import { searchTextSchema } from "../../platform/api/router";

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

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});

export const auditQuery = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  actor: searchTextSchema("Actor").describe("Part of the actor's e-mail"),
  cursor: z.string().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
