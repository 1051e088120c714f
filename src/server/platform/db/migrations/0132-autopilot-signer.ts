import { type Kysely, sql } from "kysely";

/*
 * What the payout signer's own process tells the desk (issue 52): each network it pays
 * on, from which address and when its last pass ended (a signer that stopped is seen
 * stopping), and each order it would not pay with why, so an operator pays it by hand.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE autopilot_signers (
      network text PRIMARY KEY,
      sender_address text NOT NULL,
      passed_at timestamptz NOT NULL DEFAULT now(),
      -- The last pass's failure on this network (a node down, a send refused), null once one passes.
      last_error text
    )`.execute(db);
  await sql`
    CREATE TABLE autopilot_refusals (
      order_id uuid PRIMARY KEY REFERENCES orders (id),
      network text NOT NULL,
      reason text NOT NULL,
      refused_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP TABLE autopilot_refusals`.execute(db);
  await sql`DROP TABLE autopilot_signers`.execute(db);
}
