import { type Kysely, sql } from "kysely";

/*
 * Several accounts customers pay into (docs/decisions/019). The settings' one
 * UPI ID and one set of bank details become the first accounts, so a site that
 * was taking payments keeps taking them into the same place.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE receiving_accounts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL CHECK (kind IN ('upi', 'bank')),
      label text NOT NULL CHECK (length(label) BETWEEN 1 AND 60),
      upi_id text,
      payee_name text NOT NULL DEFAULT '',
      bank_name text,
      bank_account_holder_name text,
      bank_account_number text,
      bank_ifsc_code text,
      -- INR a day this account may take; NULL means no cap.
      daily_cap_inr numeric(14, 2) CHECK (daily_cap_inr > 0),
      -- Offered in ascending order; ties go to the account offered longest ago.
      position integer NOT NULL DEFAULT 0,
      paused boolean NOT NULL DEFAULT false,
      last_offered_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (
        (kind = 'upi' AND upi_id IS NOT NULL AND bank_account_number IS NULL)
        OR (kind = 'bank' AND bank_account_number IS NOT NULL AND bank_ifsc_code IS NOT NULL
            AND bank_account_holder_name IS NOT NULL AND upi_id IS NULL)
      )
    )`.execute(db);
  await sql`CREATE INDEX receiving_accounts_rotation ON receiving_accounts (kind, position, last_offered_at NULLS FIRST)`.execute(
    db,
  );

  // The account shown at the payment step, held for that customer until it
  // expires or becomes an order: it counts toward the account's daily cap.
  await sql`
    CREATE TABLE receiving_account_offers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
      receiving_account_id uuid NOT NULL REFERENCES receiving_accounts (id),
      send_currency text NOT NULL,
      send_amount numeric(14, 2) NOT NULL CHECK (send_amount > 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      order_id uuid REFERENCES orders (id)
    )`.execute(db);
  await sql`
    CREATE INDEX receiving_account_offers_open
      ON receiving_account_offers (receiving_account_id, expires_at)
      WHERE order_id IS NULL`.execute(db);
  await sql`CREATE INDEX receiving_account_offers_user ON receiving_account_offers (user_id)`.execute(
    db,
  );

  // Orders from before have no account: it stays NULL.
  await sql`ALTER TABLE orders ADD COLUMN receiving_account_id uuid REFERENCES receiving_accounts (id)`.execute(
    db,
  );
  await sql`
    CREATE INDEX orders_receiving_account_recent
      ON orders (receiving_account_id, created_at DESC, id DESC)
      WHERE receiving_account_id IS NOT NULL`.execute(db);

  // 80 % of the cap is told to the operator once per account per day.
  await sql`
    CREATE TABLE receiving_account_cap_alerts (
      receiving_account_id uuid NOT NULL REFERENCES receiving_accounts (id) ON DELETE CASCADE,
      day date NOT NULL,
      PRIMARY KEY (receiving_account_id, day)
    )`.execute(db);

  await sql`
    INSERT INTO receiving_accounts (kind, label, upi_id, payee_name, position)
    SELECT 'upi', 'UPI ' || payment_upi_id, payment_upi_id, payee_name, 0
      FROM site_settings WHERE payment_upi_id <> ''`.execute(db);
  await sql`
    INSERT INTO receiving_accounts
      (kind, label, payee_name, bank_name, bank_account_holder_name, bank_account_number, bank_ifsc_code, position)
    SELECT 'bank', left(coalesce(nullif(bank_name, ''), 'Bank') || ' ' || right(bank_account_number, 4), 60),
           bank_account_holder_name, bank_name, bank_account_holder_name, bank_account_number, bank_ifsc_code, 0
      FROM site_settings WHERE bank_account_number <> ''`.execute(db);
}
