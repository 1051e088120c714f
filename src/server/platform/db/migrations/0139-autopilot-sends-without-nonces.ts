import { type Kysely, sql } from "kysely";

/*
 * TRON and Solana payouts (issue 52, decisions 058 and 059): their transactions have no
 * nonce, but a last moment a block may take them: TRON's expiration, Solana's last
 * valid block height (its blockhash's). The signer keeps it with the send, and signs
 * the order's payout again only once the chain's final view is past it with the
 * transaction in no block (`lapsed_at`); the transaction given up is kept as one
 * replaced.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE autopilot_sends
      ALTER COLUMN nonce DROP NOT NULL,
      ADD COLUMN expires_at timestamptz,
      ADD COLUMN valid_until_block bigint,
      ADD COLUMN lapsed_at timestamptz,
      ADD CONSTRAINT autopilot_sends_nonce_or_expiration
        CHECK (nonce IS NOT NULL OR expires_at IS NOT NULL OR valid_until_block IS NOT NULL)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await sql`DELETE FROM autopilot_sends WHERE nonce IS NULL`.execute(db);
  await sql`
    ALTER TABLE autopilot_sends
      DROP CONSTRAINT autopilot_sends_nonce_or_expiration,
      DROP COLUMN expires_at,
      DROP COLUMN valid_until_block,
      DROP COLUMN lapsed_at,
      ALTER COLUMN nonce SET NOT NULL`.execute(db);
}
