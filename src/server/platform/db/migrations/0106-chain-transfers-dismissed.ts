import { type Kysely, sql } from "kysely";

/*
 * An operator's decision on an unmatched outgoing transfer (issue 43): assigned to an
 * order it becomes matched; marked "not a payout" (cold storage, a refund) it is
 * dismissed. The operators' list reads the unmatched ones newest first.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE chain_transfers
      DROP CONSTRAINT chain_transfers_match_state_check,
      ADD CONSTRAINT chain_transfers_match_state_check
        CHECK (match_state IN ('waiting', 'matched', 'unmatched', 'dismissed'))`.execute(db);
  await sql`
    CREATE INDEX chain_transfers_unmatched ON chain_transfers (updated_at DESC, id DESC)
      WHERE match_state = 'unmatched'`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP INDEX chain_transfers_unmatched`.execute(db);
  await sql`UPDATE chain_transfers SET match_state = 'unmatched' WHERE match_state = 'dismissed'`.execute(
    db,
  );
  await sql`
    ALTER TABLE chain_transfers
      DROP CONSTRAINT chain_transfers_match_state_check,
      ADD CONSTRAINT chain_transfers_match_state_check
        CHECK (match_state IN ('waiting', 'matched', 'unmatched'))`.execute(db);
}
