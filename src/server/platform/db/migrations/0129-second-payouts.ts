import { type Kysely, sql } from "kysely";

/*
 * A second payout to one order (decision 053): an outgoing transfer to an order being
 * paid or paid already, by another transfer. Each is noticed once (the operators are
 * told then); the order's page lists them and the dashboard counts the week's.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE second_payouts (
      network text NOT NULL,
      tx_hash text NOT NULL,
      log_index integer NOT NULL,
      order_id uuid NOT NULL REFERENCES orders (id),
      amount numeric NOT NULL,
      noticed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (network, tx_hash, log_index)
    )`.execute(db);
  await sql`CREATE INDEX second_payouts_by_order ON second_payouts (order_id)`.execute(db);
  await sql`CREATE INDEX second_payouts_noticed ON second_payouts (noticed_at)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP TABLE second_payouts`.execute(db);
}
