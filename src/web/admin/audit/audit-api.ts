import { infiniteQueryOptions } from "@tanstack/react-query";
import type { AuditAction } from "../../../shared/audit-actions";
import { unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";

export type AuditFilters = { action?: AuditAction; actor?: string };

export const AUDIT_PAGE_SIZE = 50;

export function auditLogQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: ["admin", "audit", filters],
    queryFn: async ({ pageParam }) =>
      unwrap(
        await api.api.admin.audit.$get({
          query: {
            ...(filters.action ? { action: filters.action } : {}),
            ...(filters.actor ? { actor: filters.actor } : {}),
            ...(pageParam ? { cursor: pageParam } : {}),
            limit: String(AUDIT_PAGE_SIZE),
          },
        }),
      ),
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export type AuditEntry = Awaited<
  ReturnType<NonNullable<ReturnType<typeof auditLogQueryOptions>["queryFn"]>>
>["entries"][number];
