import { type Kysely, sql } from "kysely";

/*
 * A payment offer shown for a paused network reserves its USDT there while it is
 * open (docs/decisions/037, 2026-11-26): customers shown offers in the same minutes
 * could otherwise together promise more than the payout wallet holds. The payment
 * offer's check sums the network's open offers through this index.
 */
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE receiving_account_offers
    ADD COLUMN usdt_amount numeric CHECK (usdt_amount > 0)`.execute(db);
  await sql`
    CREATE INDEX receiving_account_offers_network_open
      ON receiving_account_offers (network, expires_at)
      WHERE order_id IS NULL AND network IS NOT NULL`.execute(db);
}
