import { type Kysely, sql } from "kysely";

/*
 * The payout watcher's lag and its alerts (issue 43): the chain's head as the last
 * pass saw it, so the lag reads as blocks; and whether the operators were told the
 * watcher stalled, flipped in the statement that decides, so a restart or a second
 * process tells them once, and once again when it recovers.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE chain_watch_cursors
      ADD COLUMN head_block bigint CHECK (head_block >= 0),
      ADD COLUMN stall_alert_sent boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE chain_watch_cursors DROP COLUMN stall_alert_sent, DROP COLUMN head_block`.execute(
    db,
  );
}
