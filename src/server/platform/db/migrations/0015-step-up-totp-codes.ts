import { type Kysely, sql } from "kysely";

/*
 * The TOTP codes that unlocked an admin step-up, per admin, kept while the code
 * could still be accepted: a code is good for one step-up only (RFC 6238 §5.2).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE step_up_totp_codes (
      user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
      code text NOT NULL,
      accepted_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, code)
    )`.execute(db);
}
