import { type Kysely, sql } from "kysely";

/*
 * What the payout signer signed (decision 057): one transaction per order, its bytes and
 * hash kept before it is broadcast, so a signer that stops anywhere sends the same bytes
 * again and never signs a second payout for the order. One nonce of a sender pays one
 * order.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE autopilot_sends (
      order_id uuid PRIMARY KEY REFERENCES orders (id),
      network text NOT NULL,
      from_address text NOT NULL,
      nonce bigint NOT NULL,
      to_address text NOT NULL,
      amount numeric NOT NULL,
      signed_tx text NOT NULL,
      tx_hash text NOT NULL UNIQUE,
      signed_at timestamptz NOT NULL DEFAULT now(),
      broadcast_at timestamptz,
      UNIQUE (network, from_address, nonce)
    )`.execute(db);
  // The sends to bring to the chain again after a stop.
  await sql`CREATE INDEX autopilot_sends_unbroadcast ON autopilot_sends (signed_at) WHERE broadcast_at IS NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP TABLE autopilot_sends`.execute(db);
}
