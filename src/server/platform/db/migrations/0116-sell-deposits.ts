import { type Kysely, sql } from "kysely";

/*
 * Sell orders' deposits seen on chain (issue 44, decision 049). An incoming transfer to
 * a payout wallet is matched too now: it waits while the watcher decides, is linked to
 * the one sell order awaiting exactly its amount (`sell_order_id`, already while only
 * seen, so the order does not expire under it), becomes matched once final, or is left
 * unmatched for an operator, who credits it to an order or marks it to refund.
 * Incoming transfers recorded before this keep no match state: they were top-ups.
 * `received_usdt` is what the order's deposit moved: its deposit amount, or the
 * transfer's own amount when an operator credited another (a fee taken off).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE chain_transfers
      ADD COLUMN sell_order_id uuid REFERENCES sell_orders (id),
      DROP CONSTRAINT chain_transfers_check,
      DROP CONSTRAINT chain_transfers_match_state_check,
      ADD CONSTRAINT chain_transfers_match_state_check
        CHECK (match_state IN ('waiting', 'matched', 'unmatched', 'dismissed', 'to_refund')),
      ADD CONSTRAINT chain_transfers_out_matched CHECK (direction = 'in' OR match_state IS NOT NULL),
      ADD CONSTRAINT chain_transfers_deposit_in
        CHECK (direction = 'in' OR (sell_order_id IS NULL AND match_state <> 'to_refund'))`.execute(
    db,
  );
  // A sell order has one deposit: two operators crediting it at once cannot both win.
  await sql`
    CREATE UNIQUE INDEX chain_transfers_one_deposit ON chain_transfers (sell_order_id)
      WHERE sell_order_id IS NOT NULL`.execute(db);
  // The matcher's incoming transfers still to decide, and expiry's look for a deposit seen.
  await sql`
    CREATE INDEX chain_transfers_deposits_waiting ON chain_transfers (network, block_number)
      WHERE direction = 'in' AND match_state = 'waiting'`.execute(db);
  await sql`
    CREATE INDEX chain_transfers_in_by_amount ON chain_transfers (network, amount)
      WHERE direction = 'in' AND state IN ('seen', 'final')`.execute(db);
  await sql`ALTER TABLE sell_orders ADD COLUMN received_usdt numeric CHECK (received_usdt > 0)`.execute(
    db,
  );
  // Expiry's pass: the orders awaiting a deposit, soonest due first.
  await sql`
    CREATE INDEX sell_orders_due ON sell_orders (expires_at)
      WHERE status = 'awaiting_deposit'`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP INDEX sell_orders_due`.execute(db);
  await sql`ALTER TABLE sell_orders DROP COLUMN received_usdt`.execute(db);
  await sql`DROP INDEX chain_transfers_in_by_amount`.execute(db);
  await sql`DROP INDEX chain_transfers_deposits_waiting`.execute(db);
  await sql`DROP INDEX chain_transfers_one_deposit`.execute(db);
  await sql`UPDATE chain_transfers SET match_state = NULL WHERE direction = 'in'`.execute(db);
  await sql`
    ALTER TABLE chain_transfers
      DROP CONSTRAINT chain_transfers_deposit_in,
      DROP CONSTRAINT chain_transfers_out_matched,
      DROP COLUMN sell_order_id,
      DROP CONSTRAINT chain_transfers_match_state_check,
      ADD CONSTRAINT chain_transfers_match_state_check
        CHECK (match_state IN ('waiting', 'matched', 'unmatched', 'dismissed')),
      ADD CONSTRAINT chain_transfers_check CHECK ((direction = 'out') = (match_state IS NOT NULL))`.execute(
    db,
  );
}
