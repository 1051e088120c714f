import type { Kysely, Selectable } from "kysely";
import type { AuditAction } from "../../../shared/audit-actions";
import { containsPattern } from "../../platform/db/like-pattern";
import type { AuditLogTable, DB } from "../../platform/db/schema";

export const AUDIT_PAGE_SIZE = 50;
/** The cursor is the last entry's id: ids grow with time, so "older" is "smaller". */
const CURSOR_PATTERN = /^[1-9]\d{0,17}$/;

export function isAuditCursor(text: string): boolean {
  return CURSOR_PATTERN.test(text);
}

export type AuditRow = Selectable<AuditLogTable>;

/** One page of the audit log, newest first, optionally one action and/or actors whose e-mail contains a text. */
export async function listAuditLog(
  db: Kysely<DB>,
  {
    action,
    actor,
    cursor,
    limit = AUDIT_PAGE_SIZE,
  }: { action?: AuditAction; actor?: string; cursor?: string; limit?: number },
) {
  let query = db
    .selectFrom("audit_log")
    .selectAll()
    .orderBy("id", "desc")
    .limit(limit + 1);
  if (action) query = query.where("action", "=", action);
  const actorText = actor?.trim();
  if (actorText) query = query.where("actor_email", "ilike", containsPattern(actorText));
  if (cursor) query = query.where("id", "<", cursor);
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { entries: page, nextCursor: rows.length > limit && last ? String(last.id) : null };
}

export function toAuditEntryView(row: AuditRow) {
  return {
    id: String(row.id),
    createdAt: new Date(row.created_at).toISOString(),
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    details: row.details,
    ipAddress: row.ip_address,
  };
}
