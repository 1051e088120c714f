import { type Kysely, sql } from "kysely";

/*
 * Where customers who sell USDT are paid rupees (issue 44): a UPI ID or a bank account,
 * kept with the holder's name and whether that name is the customer's own. A removed
 * destination stays for the sales paid to it; a customer holds each account once.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE payout_destinations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('upi', 'bank')),
      holder_name text NOT NULL CHECK (length(holder_name) BETWEEN 1 AND 100),
      upi_id text,
      account_number text,
      ifsc_code text,
      holder_is_customer boolean NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      removed_at timestamptz,
      CHECK (kind <> 'upi' OR (upi_id IS NOT NULL AND account_number IS NULL AND ifsc_code IS NULL)),
      CHECK (kind <> 'bank' OR (upi_id IS NULL AND account_number IS NOT NULL AND ifsc_code IS NOT NULL))
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX payout_destinations_one_upi ON payout_destinations (user_id, lower(upi_id))
      WHERE removed_at IS NULL AND kind = 'upi'`.execute(db);
  await sql`
    CREATE UNIQUE INDEX payout_destinations_one_account
      ON payout_destinations (user_id, account_number, ifsc_code)
      WHERE removed_at IS NULL AND kind = 'bank'`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP TABLE payout_destinations`.execute(db);
}
