import { type Kysely, sql } from "kysely";

/*
 * What a payout cost the desk on chain (issue 26): the fee its transaction paid, in
 * the network's fee coin, read from the same answer that confirmed the payout.
 * Payouts confirmed before this migration, or not checked on chain, have none.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE payout_checks
      ADD COLUMN fee_paid numeric CHECK (fee_paid >= 0),
      ADD COLUMN fee_coin text CHECK (fee_coin IN ('TRX', 'BNB', 'ETH', 'POL', 'SOL')),
      ADD CHECK ((fee_paid IS NULL) = (fee_coin IS NULL))`.execute(db);
}
