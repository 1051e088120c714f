import { adminRoute, errorResponse, jsonResponse } from "../../platform/api/router";
import { auditPageSchema, auditQuery } from "./audit-log-schemas";

export const listAuditLogRoute = adminRoute({
  method: "get",
  path: "/api/admin/audit",
  summary: "The audit log of admin actions, newest first, a page at a time",
  request: { query: auditQuery },
  responses: {
    200: jsonResponse("A page of audit entries", auditPageSchema),
    400: errorResponse("An unknown action or a malformed cursor"),
  },
});
