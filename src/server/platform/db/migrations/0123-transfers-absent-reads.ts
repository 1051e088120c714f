import { type Kysely, sql } from "kysely";

/*
 * A seen transfer's block read again without it, on how many passes in a row (issue 51).
 * A TRON node that lags, or one behind a balancer, answers a block it lacks as empty:
 * one such answer removed the transfer for good. Now the TRON watcher removes it only
 * when its block reads without it on two passes; a reading that finds it sets this
 * back to 0.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE chain_transfers
      ADD COLUMN absent_reads smallint NOT NULL DEFAULT 0 CHECK (absent_reads >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`ALTER TABLE chain_transfers DROP COLUMN absent_reads`.execute(db);
}
