import { type Kysely, sql } from "kysely";

/*
 * The TRON payout watcher reads a block's transactions with their events in one call
 * (/wallet/gettransactioninfobyblocknum), whose answer names no block id; asking for
 * it would double the calls per block. A reorganisation is caught by reading the
 * block again at its depth, not by its id (docs/decisions/048).
 */
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE chain_transfers ALTER COLUMN block_hash DROP NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  // Back to a column that must hold something: the TRON rows' block ids stay unknown.
  await sql`UPDATE chain_transfers SET block_hash = '' WHERE block_hash IS NULL`.execute(db);
  await sql`ALTER TABLE chain_transfers ALTER COLUMN block_hash SET NOT NULL`.execute(db);
}
