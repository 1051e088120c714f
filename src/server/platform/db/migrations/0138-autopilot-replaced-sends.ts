import { type Kysely, sql } from "kysely";

/*
 * A payout stuck below the fees blocks now take is replaced on its nonce (issue 52): the
 * same transfer signed again with higher fees. Only one transaction of a nonce can be
 * mined, so the order is paid once; the ones replaced are kept here, since one of them
 * may still be the one mined (a node that had it), and settling follows whichever was.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE autopilot_replaced_sends (
      tx_hash text PRIMARY KEY,
      order_id uuid NOT NULL REFERENCES autopilot_sends (order_id),
      signed_tx text NOT NULL,
      replaced_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX autopilot_replaced_sends_by_order ON autopilot_replaced_sends (order_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP TABLE autopilot_replaced_sends`.execute(db);
}
