import { type Kysely, sql } from "kysely";

/*
 * An incoming transfer that failed on chain moved no USDT and never will (a failed row
 * is never read again), yet it waited to be matched for ever, seen by no one. It is
 * now `ignored`: never a sale's deposit, never an operator's to decide, listed apart in
 * Unmatched transfers with why. Only a failed transfer is ignored, and it keeps no sell
 * order. Those waiting now are ignored here; the matcher ignores new ones at its pass.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE chain_transfers
      DROP CONSTRAINT chain_transfers_match_state_check,
      ADD CONSTRAINT chain_transfers_match_state_check
        CHECK (match_state IN ('waiting', 'matched', 'unmatched', 'dismissed', 'to_refund', 'ignored')),
      ADD CONSTRAINT chain_transfers_ignored_failed
        CHECK (match_state IS DISTINCT FROM 'ignored' OR (state = 'failed' AND sell_order_id IS NULL))`.execute(
    db,
  );
  await sql`
    UPDATE chain_transfers
       SET match_state = 'ignored', sell_order_id = NULL, updated_at = now(),
           note = 'Failed on chain: no USDT arrived. Nothing to credit or refund; a customer who meant it as a deposit sends again.'
     WHERE direction = 'in' AND state = 'failed' AND match_state = 'waiting'`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`UPDATE chain_transfers SET match_state = 'waiting' WHERE match_state = 'ignored'`.execute(
    db,
  );
  await sql`
    ALTER TABLE chain_transfers
      DROP CONSTRAINT chain_transfers_ignored_failed,
      DROP CONSTRAINT chain_transfers_match_state_check,
      ADD CONSTRAINT chain_transfers_match_state_check
        CHECK (match_state IN ('waiting', 'matched', 'unmatched', 'dismissed', 'to_refund'))`.execute(
    db,
  );
}
