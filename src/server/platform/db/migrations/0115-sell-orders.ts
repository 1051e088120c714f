import { type Kysely, sql } from "kysely";

/*
 * Sell orders (issue 44, decision 050): a customer sends USDT to the network's payout
 * wallet and is paid rupees to one of their payout destinations. Their own table, as
 * every figure means the other way round (USDT in, rupees out). `deposit_usdt` is the
 * amount asked, unique among the network's orders awaiting a deposit (decision 049);
 * the rupees are decided at placement from it and the buy rate in force.
 *
 * awaiting_deposit → received (the deposit final on chain) → paid (an operator sent the
 * rupees and recorded the UTR); awaiting_deposit → expired (30 minutes, no deposit);
 * awaiting_deposit | received → cancelled (an operator, with a reason).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE sell_orders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
      user_email text NOT NULL,
      network text NOT NULL,
      requested_usdt numeric(14, 2) NOT NULL CHECK (requested_usdt > 0),
      deposit_usdt numeric(14, 2) NOT NULL
        CHECK (deposit_usdt >= requested_usdt AND deposit_usdt < requested_usdt + 1),
      buy_rate numeric(12, 4) NOT NULL CHECK (buy_rate > 0),
      inr_amount numeric(14, 2) NOT NULL CHECK (inr_amount > 0),
      deposit_address text NOT NULL,
      destination_id uuid NOT NULL REFERENCES payout_destinations (id),
      status text NOT NULL DEFAULT 'awaiting_deposit'
        CHECK (status IN ('awaiting_deposit', 'received', 'paid', 'expired', 'cancelled')),
      expires_at timestamptz NOT NULL,
      deposit_tx_hash text,
      received_at timestamptz,
      paid_utr text,
      paid_from_account_id uuid REFERENCES receiving_accounts (id),
      paid_by text REFERENCES "user" (id) ON DELETE SET NULL,
      paid_at timestamptz,
      idempotency_key text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, idempotency_key),
      CHECK ((status = 'paid') = (paid_utr IS NOT NULL AND paid_at IS NOT NULL)),
      CHECK (status <> 'received' OR received_at IS NOT NULL)
    )`.execute(db);
  // The amount is the deposit's only key while the order waits for it.
  await sql`
    CREATE UNIQUE INDEX sell_orders_deposit_amount ON sell_orders (network, deposit_usdt)
      WHERE status = 'awaiting_deposit'`.execute(db);
  await sql`CREATE UNIQUE INDEX sell_orders_utr ON sell_orders (paid_utr) WHERE paid_utr IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX sell_orders_by_customer ON sell_orders (user_id, created_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX sell_orders_open ON sell_orders (status, created_at)
      WHERE status IN ('awaiting_deposit', 'received')`.execute(db);
  await sql`
    CREATE TABLE sell_order_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      sell_order_id uuid NOT NULL REFERENCES sell_orders (id) ON DELETE CASCADE,
      actor_id text REFERENCES "user" (id) ON DELETE SET NULL,
      actor_role text NOT NULL CHECK (actor_role IN ('customer', 'admin', 'system')),
      from_status text,
      to_status text NOT NULL,
      note text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sell_order_events_by_order ON sell_order_events (sell_order_id, id)`.execute(
    db,
  );
  await sql`
    CREATE TABLE sell_order_holds (
      sell_order_id uuid PRIMARY KEY REFERENCES sell_orders (id) ON DELETE CASCADE,
      rules text[] NOT NULL CHECK (cardinality(rules) > 0),
      customer_hold_id uuid REFERENCES customer_holds (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      released_by text REFERENCES "user" (id) ON DELETE SET NULL,
      released_at timestamptz
    )`.execute(db);
  await sql`
    ALTER TABLE site_settings
      ADD COLUMN sell_hold_first_sale boolean NOT NULL DEFAULT false,
      ADD COLUMN sell_hold_first_sale_above_inr numeric(14, 2) NOT NULL DEFAULT 50000
        CHECK (sell_hold_first_sale_above_inr >= 0),
      ADD COLUMN sell_hold_new_destination boolean NOT NULL DEFAULT false,
      ADD COLUMN sell_hold_shared_wallet boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE site_settings
      DROP COLUMN sell_hold_first_sale,
      DROP COLUMN sell_hold_first_sale_above_inr,
      DROP COLUMN sell_hold_new_destination,
      DROP COLUMN sell_hold_shared_wallet`.execute(db);
  await sql`DROP TABLE sell_order_holds`.execute(db);
  await sql`DROP TABLE sell_order_events`.execute(db);
  await sql`DROP TABLE sell_orders`.execute(db);
}
