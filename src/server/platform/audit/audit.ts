import type { Kysely } from "kysely";
import type { DB } from "../db/schema";

/** Every admin action the audit log records. */
export const AUDIT_ACTIONS = [
  "admin.step_up",
  "admin.step_up_failed",
  "admin.step_up_locked",
  "admin.step_down",
  "user.role_changed",
  "user.blocked",
  "user.unblocked",
  "order.status_changed",
  "order.created",
  "order.payout_check_requested",
  "order.payout_check_overridden",
  "settings.saved",
  "receiving_account.created",
  "receiving_account.updated",
  "receiving_account.paused",
  "receiving_account.resumed",
  "receiving_account.retired",
  "receiving_account.frozen",
  "receiving_account.unfrozen",
  "statement.imported",
  "statement.column_mapping_saved",
  "statement_line.dismissed",
  "backup.created",
  "blocklist.entry_added",
  "blocklist.entry_removed",
  "blocklist.exported",
  "usdt_purchase.recorded",
  "usdt_purchase.updated",
  "user.file_exported",
  "retention.dry_run_viewed",
  "retention.purged",
  "verification.requested",
  "verification.approved",
  "verification.rejected",
  "verification.document_viewed",
  "treasury.network_saved",
  "treasury.wallet_removed",
  "customer.hold_placed",
  "customer.hold_released",
  "order.hold_released",
  "suspicion.recorded",
  "suspicion.filed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  actor: { id: string; email: string } | null;
  action: AuditAction;
  target?: {
    type:
      | "user"
      | "order"
      | "settings"
      | "receiving_account"
      | "blocklist_entry"
      | "usdt_purchase"
      | "treasury_network"
      | "suspicion_report";
    id: string;
  };
  details?: Record<string, unknown>;
  ipAddress?: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A uuid as PostgreSQL writes it (lower case): a route takes "3E1C…" as the same id,
 * and the audit log must find the row by it.
 */
function canonicalId(id: string): string {
  return UUID.test(id) ? id.toLowerCase() : id;
}

/** Records one admin action; pass the transaction that made the change so both land together. */
export async function recordAudit(db: Kysely<DB>, entry: AuditEntry) {
  await db
    .insertInto("audit_log")
    .values({
      actor_id: entry.actor?.id ?? null,
      actor_email: entry.actor?.email ?? null,
      action: entry.action,
      target_type: entry.target?.type ?? null,
      target_id: entry.target ? canonicalId(entry.target.id) : null,
      details: JSON.stringify(entry.details ?? {}),
      ip_address: entry.ipAddress ?? null,
    })
    .execute();
}
