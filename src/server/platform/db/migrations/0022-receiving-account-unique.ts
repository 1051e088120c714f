import { type Kysely, sql } from "kysely";

/*
 * One account in service per UPI ID and per bank account: two rows for the
 * same place would each get their own daily cap, so the bank's real limit
 * would be passed. A retired account frees its details for a new one.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE UNIQUE INDEX receiving_accounts_upi_in_service
      ON receiving_accounts (lower(upi_id))
      WHERE kind = 'upi' AND retired_at IS NULL`.execute(db);
  await sql`
    CREATE UNIQUE INDEX receiving_accounts_bank_in_service
      ON receiving_accounts (bank_account_number, bank_ifsc_code)
      WHERE kind = 'bank' AND retired_at IS NULL`.execute(db);
}
