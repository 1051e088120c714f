import type { Kysely } from "kysely";
import type { AuditAction } from "../../../shared/audit-actions";
import type { DB } from "../db/schema";

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
      | "suspicion_report"
      | "chain_transfer"
      | "sell_order"
      | "tds_challan";
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
