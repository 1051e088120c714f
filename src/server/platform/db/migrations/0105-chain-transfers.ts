import { type Kysely, sql } from "kysely";

/*
 * The payout watcher (issue 43, docs/decisions/048). A cursor per watched wallet: the
 * next block to read (null until the first pass starts it behind the head), when it
 * last moved, why it last could not, and the lease of the process scanning it. Every
 * USDT transfer out of or into a watched wallet, once (network, transaction, log
 * index): seen, final once deep enough, removed when a reorganisation took it back,
 * failed when its transaction did not succeed. An outgoing final transfer waits to be
 * matched to an order, is matched, or stays unmatched for an operator: `decided_by`
 * null is the watcher's own decision.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE chain_watch_cursors (
      network text NOT NULL,
      wallet_address text NOT NULL,
      next_block bigint CHECK (next_block >= 0),
      advanced_at timestamptz,
      last_error text,
      last_error_at timestamptz,
      lease_id uuid,
      leased_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (network, wallet_address)
    )`.execute(db);
  await sql`
    CREATE TABLE chain_transfers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      network text NOT NULL,
      tx_hash text NOT NULL,
      log_index integer NOT NULL CHECK (log_index >= 0),
      direction text NOT NULL CHECK (direction IN ('out', 'in')),
      from_address text NOT NULL,
      to_address text NOT NULL,
      amount numeric NOT NULL CHECK (amount >= 0),
      block_number bigint NOT NULL,
      block_hash text NOT NULL,
      state text NOT NULL CHECK (state IN ('seen', 'final', 'removed', 'failed')),
      confirmations integer NOT NULL,
      match_state text CHECK (match_state IN ('waiting', 'matched', 'unmatched')),
      order_id uuid REFERENCES orders (id),
      decided_by text REFERENCES "user" (id),
      note text,
      seen_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (network, tx_hash, log_index),
      CHECK ((direction = 'out') = (match_state IS NOT NULL))
    )`.execute(db);
  await sql`
    CREATE INDEX chain_transfers_to_match ON chain_transfers (network, updated_at)
      WHERE state = 'final' AND match_state = 'waiting'`.execute(db);
  await sql`
    CREATE INDEX chain_transfers_unsettled ON chain_transfers (network, block_number)
      WHERE state = 'seen'`.execute(db);
  await sql`CREATE INDEX chain_transfers_by_order ON chain_transfers (order_id)
      WHERE order_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP TABLE chain_transfers`.execute(db);
  await sql`DROP TABLE chain_watch_cursors`.execute(db);
}
