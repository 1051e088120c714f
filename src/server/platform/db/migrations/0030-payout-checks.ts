import { type Kysely, sql } from "kysely";

/**
 * A payout hash being checked on chain before its order closes (docs/decisions/020):
 * one row per order, which is also the job's queue entry. `transfer_index` is the
 * transfer of the transaction that paid the order, once the chain confirmed it; the
 * unique index lets one transfer close one order only. Order events gain the check's
 * outcome, and events the customer does not see (the check's steps are the desk's).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE payout_checks (
      order_id uuid PRIMARY KEY REFERENCES orders (id),
      payout_tx_hash text NOT NULL,
      state text NOT NULL
        CHECK (state IN ('checking', 'awaiting_confirmations', 'failed', 'confirmed', 'overridden')),
      failure_code text,
      failure_message text,
      transfer_index integer,
      note text,
      requested_by text REFERENCES "user" (id),
      tries integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE INDEX payout_checks_due ON payout_checks (next_attempt_at)
      WHERE state IN ('checking', 'awaiting_confirmations')`.execute(db);
  await sql`
    CREATE UNIQUE INDEX payout_checks_one_order_per_transfer
      ON payout_checks (payout_tx_hash, transfer_index) WHERE transfer_index IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX payout_checks_by_hash ON payout_checks (payout_tx_hash)`.execute(db);
  await sql`ALTER TABLE order_events ADD COLUMN payout_check text`.execute(db);
  await sql`ALTER TABLE order_events ADD COLUMN staff_only boolean NOT NULL DEFAULT false`.execute(
    db,
  );
}
