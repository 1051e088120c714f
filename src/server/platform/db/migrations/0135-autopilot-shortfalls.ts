import { type Kysely, sql } from "kysely";

/*
 * Autopilot stops itself when the hot wallet runs short (issue 52): each network's signer
 * counts the payouts in a row it could not afford (too little USDT, or too little of the
 * chain's coin for the fee), and at the third it turns the one switch on, saying why, so
 * no operator is left wondering why orders wait; a payout sent starts the count again.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE autopilot_signers
      ADD COLUMN shortfalls integer NOT NULL DEFAULT 0`.execute(db);
  // Null when an operator stopped it, or while it runs.
  await sql`ALTER TABLE autopilot_switch ADD COLUMN stopped_reason text`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`ALTER TABLE autopilot_switch DROP COLUMN stopped_reason`.execute(db);
  await sql`ALTER TABLE autopilot_signers DROP COLUMN shortfalls`.execute(db);
}
