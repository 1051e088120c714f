import { type Kysely, sql } from "kysely";

/*
 * TRON payouts (issue 52, decision 058): a TRON transaction has no nonce, but an
 * expiration, after which no block may take it. The signer keeps it with the send, and
 * signs the order's payout again only once the chain's solidified head is past it with
 * the transaction not in any block (`lapsed_at`); the transaction given up is kept as
 * one replaced.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE autopilot_sends
      ALTER COLUMN nonce DROP NOT NULL,
      ADD COLUMN expires_at timestamptz,
      ADD COLUMN lapsed_at timestamptz,
      ADD CONSTRAINT autopilot_sends_nonce_or_expiration
        CHECK (nonce IS NOT NULL OR expires_at IS NOT NULL)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`DELETE FROM autopilot_sends WHERE nonce IS NULL`.execute(db);
  await sql`
    ALTER TABLE autopilot_sends
      DROP CONSTRAINT autopilot_sends_nonce_or_expiration,
      DROP COLUMN expires_at,
      DROP COLUMN lapsed_at,
      ALTER COLUMN nonce SET NOT NULL`.execute(db);
}
