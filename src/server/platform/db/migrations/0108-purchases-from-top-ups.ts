import { type Kysely, sql } from "kysely";

/*
 * A top-up recorded as a purchase (issue 43): the incoming transfer it came from, and
 * that transfer's hash for the books. The unique link makes one transfer at most one
 * purchase, whichever process or operator saves second.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE usdt_purchases
      ADD COLUMN chain_transfer_id uuid UNIQUE REFERENCES chain_transfers (id),
      ADD COLUMN tx_hash text,
      ADD CONSTRAINT usdt_purchases_transfer_hash
        CHECK ((chain_transfer_id IS NULL) = (tx_hash IS NULL))`.execute(db);
  await sql`
    CREATE INDEX chain_transfers_top_ups ON chain_transfers (seen_at DESC, id DESC)
      WHERE direction = 'in' AND state = 'final'`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP INDEX chain_transfers_top_ups`.execute(db);
  await sql`
    ALTER TABLE usdt_purchases
      DROP CONSTRAINT usdt_purchases_transfer_hash,
      DROP COLUMN tx_hash,
      DROP COLUMN chain_transfer_id`.execute(db);
}
