import { type Kysely, sql } from "kysely";

/*
 * The customer's file (issue 25) reads the audit rows about a customer and about
 * each of their orders: an index led by the target finds them without walking
 * the whole log, in id order for the export's keyset pages.
 */
export async function up(db: Kysely<unknown>) {
  await sql`CREATE INDEX audit_log_by_target ON audit_log (target_type, target_id, id)
    WHERE target_id IS NOT NULL`.execute(db);
}
