import { type Kysely, sql } from "kysely";

/*
 * What the operators were told of autopilot (issue 52), so each change is told once,
 * by whichever process decides first: a signer silent while autopilot is on, a signer
 * whose pass fails, and the switch the signer turned on by itself.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE autopilot_signers
      ADD COLUMN silent_alert_sent boolean NOT NULL DEFAULT false,
      ADD COLUMN failing_alert_sent boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    ALTER TABLE autopilot_switch
      ADD COLUMN stop_alert_sent boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`ALTER TABLE autopilot_switch DROP COLUMN stop_alert_sent`.execute(db);
  await sql`
    ALTER TABLE autopilot_signers
      DROP COLUMN failing_alert_sent,
      DROP COLUMN silent_alert_sent`.execute(db);
}
