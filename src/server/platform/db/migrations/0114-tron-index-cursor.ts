import { type Kysely, sql } from "kysely";

/*
 * TronGrid's index as the TRON watcher's faster path (issue 43): the block time (ms)
 * from which the wallet's transfers are listed next. The index names no block, so the
 * block cursor cannot say where it stopped; every transfer it listed before that time
 * was read to finality through the full node.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE chain_watch_cursors
      ADD COLUMN index_from_ms bigint CHECK (index_from_ms >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`ALTER TABLE chain_watch_cursors DROP COLUMN index_from_ms`.execute(db);
}
