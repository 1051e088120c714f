import { type Kysely, sql } from "kysely";

/**
 * Completing an order looks its payout hash up on the other orders (one
 * transaction pays one wallet, docs/decisions/010); only completed orders keep a
 * hash, so the index holds those.
 */
export async function up(db: Kysely<unknown>) {
  await sql`CREATE INDEX orders_payout_tx_hash ON orders (payout_tx_hash) WHERE payout_tx_hash IS NOT NULL`.execute(
    db,
  );
}
