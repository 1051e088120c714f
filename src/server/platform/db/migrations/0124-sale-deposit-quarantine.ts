import { type Kysely, sql } from "kysely";

/*
 * A sale's deposit amount is held past its window, for a quarantine, and a deposit is
 * matched by its block's time (issue 51, decision 052).
 *
 * `sale_deposit_amounts`: each network's amount a sale has held, until the sale's
 * window end plus the quarantine (`site_settings.sell_amount_quarantine_hours`). A
 * placement claims its amount here, so two sales never share one, and an amount is
 * given again only once its deposit can no longer arrive. It replaces the unique index
 * on the amounts of sales awaiting a deposit, which freed an amount the moment its
 * sale was paid, cancelled or expired. Every amount a sale asked is held from its last
 * sale's window end, at the default quarantine.
 *
 * `chain_transfers.block_time`: when the transfer's block was made, as the chain says.
 * Transfers recorded before this keep the time they were first seen, the nearest the
 * desk knows (a seen one takes its block's time at the watcher's next reading).
 *
 * Sales are looked up by their amount and placement for the matcher, whatever their status.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE site_settings
      ADD COLUMN sell_amount_quarantine_hours integer NOT NULL DEFAULT 48
        CHECK (sell_amount_quarantine_hours BETWEEN 24 AND 720)`.execute(db);
  await sql`
    CREATE TABLE sale_deposit_amounts (
      network text NOT NULL,
      deposit_usdt numeric(14, 2) NOT NULL,
      held_until timestamptz NOT NULL,
      PRIMARY KEY (network, deposit_usdt)
    )`.execute(db);
  await sql`
    INSERT INTO sale_deposit_amounts (network, deposit_usdt, held_until)
    SELECT network, deposit_usdt, max(expires_at) + make_interval(hours => 48)
    FROM sell_orders GROUP BY network, deposit_usdt`.execute(db);
  await sql`DROP INDEX sell_orders_deposit_amount`.execute(db);
  await sql`
    CREATE INDEX sell_orders_by_deposit_amount
      ON sell_orders (network, deposit_usdt, created_at)`.execute(db);
  await sql`ALTER TABLE chain_transfers ADD COLUMN block_time timestamptz`.execute(db);
  await sql`UPDATE chain_transfers SET block_time = seen_at`.execute(db);
  await sql`ALTER TABLE chain_transfers ALTER COLUMN block_time SET NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`ALTER TABLE chain_transfers DROP COLUMN block_time`.execute(db);
  await sql`DROP INDEX sell_orders_by_deposit_amount`.execute(db);
  await sql`
    CREATE UNIQUE INDEX sell_orders_deposit_amount ON sell_orders (network, deposit_usdt)
      WHERE status = 'awaiting_deposit'`.execute(db);
  await sql`DROP TABLE sale_deposit_amounts`.execute(db);
  await sql`ALTER TABLE site_settings DROP COLUMN sell_amount_quarantine_hours`.execute(db);
}
