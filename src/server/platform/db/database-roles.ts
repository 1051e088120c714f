import { type Kysely, sql } from "kysely";
import type { DB } from "./schema";

/**
 * The database roles of a desk on PostgreSQL (decision 056): the owner's, which runs the
 * migrations; the web process's, which reads and writes the desk's data but not the
 * payout signer's ledger; and the signer's, which reads what it checks before it signs
 * and writes only its ledger and its reports. Neither can widen its own grants: only
 * the owner can, and applies them after each migration (openRuntime, with
 * DATABASE_OWNER_URL).
 */
export type DatabaseRoles = {
  /** The web process's role; none when it is the owner's (then it may do anything). */
  web?: string;
  signer?: string;
};

/**
 * The signer's own tables, which the web process only reads, but for the columns it
 * flips when it has told the operators (and the shortfalls an operator's resume clears).
 * A web process that could delete a kept payout would have the signer pay its order
 * again; one that could write one would spend its nonce.
 */
const SIGNER_LEDGER: Record<string, string[]> = {
  autopilot_sends: ["revert_alert_sent"],
  autopilot_replaced_sends: [],
  autopilot_signers: ["silent_alert_sent", "failing_alert_sent", "sweep_alert_sent", "shortfalls"],
  autopilot_refusals: [],
};

/** What the signer reads before it signs (payout-policy.ts, evm-payouts.ts, signer-pass.ts). */
const SIGNER_READS = [
  "orders",
  "order_events",
  "order_holds",
  "blocklist_entries",
  "payout_checks",
  "chain_transfer_links",
  "autopilot_networks",
  "autopilot_switch",
  "autopilot_approvals",
  "user",
  ...Object.keys(SIGNER_LEDGER),
];

/**
 * Grants each role what it needs, and no more, on every table there is now; safe to
 * run again (after each migration it is).
 */
export async function grantDatabaseRoles(db: Kysely<DB>, roles: DatabaseRoles) {
  if (roles.web) await grantWebRole(db, sql.id(roles.web));
  if (roles.signer) await grantSignerRole(db, sql.id(roles.signer));
}

async function grantWebRole(db: Kysely<DB>, web: ReturnType<typeof sql.id>) {
  await sql`GRANT USAGE ON SCHEMA public TO ${web}`.execute(db);
  await sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${web}`.execute(
    db,
  );
  await sql`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${web}`.execute(db);
  // It reads which migrations ran (it checks them at start) and changes none.
  await sql`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON kysely_migration, kysely_migration_lock FROM ${web}`.execute(
    db,
  );
  for (const [table, columns] of Object.entries(SIGNER_LEDGER)) {
    // Revoking the table's writes revokes its columns' too: the grant below is all there is.
    await sql`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON ${sql.id(table)} FROM ${web}`.execute(db);
    if (columns.length > 0) {
      await sql`GRANT UPDATE (${sql.join(columns.map((column) => sql.id(column)))}) ON ${sql.id(table)} TO ${web}`.execute(
        db,
      );
    }
  }
}

async function grantSignerRole(db: Kysely<DB>, signer: ReturnType<typeof sql.id>) {
  await sql`GRANT USAGE ON SCHEMA public TO ${signer}`.execute(db);
  await sql`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${signer}`.execute(db);
  await sql`GRANT SELECT ON ${sql.join(SIGNER_READS.map((table) => sql.id(table)))} TO ${signer}`.execute(
    db,
  );
  // PostgreSQL asks a row lock (FOR UPDATE) for an UPDATE grant on some column: the signer
  // locks the order it pays and its network's limits, and may change no other column.
  for (const table of ["orders", "autopilot_networks"]) {
    await sql`GRANT UPDATE (updated_at) ON ${sql.id(table)} TO ${signer}`.execute(db);
  }
  await sql`GRANT INSERT, UPDATE ON autopilot_sends, autopilot_replaced_sends, autopilot_signers, autopilot_refusals TO ${signer}`.execute(
    db,
  );
  // It stops all sending by itself after repeated shortfalls, saying why, audited.
  await sql`GRANT UPDATE (stopped, stopped_reason, changed_at) ON autopilot_switch TO ${signer}`.execute(
    db,
  );
  await sql`GRANT INSERT ON audit_log TO ${signer}`.execute(db);
}
