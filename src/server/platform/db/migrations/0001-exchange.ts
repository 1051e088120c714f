import { type Kysely, sql } from "kysely";

/** Site settings (one row), orders and their events. */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE site_settings (
      id integer PRIMARY KEY CHECK (id = 1),
      exchange_rate numeric(12, 4) NOT NULL DEFAULT 86 CHECK (exchange_rate > 0),
      min_inr_amount numeric(14, 2) NOT NULL DEFAULT 0 CHECK (min_inr_amount >= 0),
      max_inr_amount numeric(14, 2) NOT NULL DEFAULT 100000,
      payment_upi_id text NOT NULL DEFAULT '',
      payee_name text NOT NULL DEFAULT 'RupeeDesk',
      bank_name text NOT NULL DEFAULT '',
      bank_account_holder_name text NOT NULL DEFAULT '',
      bank_account_number text NOT NULL DEFAULT '',
      bank_ifsc_code text NOT NULL DEFAULT '',
      maintenance_mode boolean NOT NULL DEFAULT false,
      support_whatsapp_url text,
      support_telegram_url text,
      support_email text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (min_inr_amount <= max_inr_amount)
    )`.execute(db);
  await sql`INSERT INTO site_settings (id) VALUES (1)`.execute(db);

  await sql`
    CREATE TABLE orders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL REFERENCES "user" (id),
      user_email text NOT NULL,
      send_currency text NOT NULL,
      send_amount numeric(14, 2) NOT NULL CHECK (send_amount > 0),
      receive_currency text NOT NULL,
      receive_amount numeric(18, 4) NOT NULL CHECK (receive_amount >= 0),
      exchange_rate numeric(12, 4) NOT NULL CHECK (exchange_rate > 0),
      network text,
      wallet_address text NOT NULL,
      payment_reference text NOT NULL,
      status text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'processing', 'completed', 'cancelled')),
      payout_tx_hash text,
      idempotency_key text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT orders_payment_reference_key UNIQUE (payment_reference),
      CONSTRAINT orders_idempotency_key UNIQUE (user_id, idempotency_key)
    )`.execute(db);
  await sql`CREATE INDEX orders_user_recent ON orders (user_id, created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX orders_recent ON orders (created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX orders_status_recent ON orders (status, created_at DESC, id DESC)`.execute(
    db,
  );

  await sql`
    CREATE TABLE order_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      order_id uuid NOT NULL REFERENCES orders (id),
      actor_id text REFERENCES "user" (id),
      actor_role text NOT NULL CHECK (actor_role IN ('customer', 'admin', 'system')),
      from_status text,
      to_status text NOT NULL,
      note text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX order_events_by_order ON order_events (order_id, id)`.execute(db);
}
