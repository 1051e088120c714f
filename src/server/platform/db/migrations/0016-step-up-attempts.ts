import { type Kysely, sql } from "kysely";

/*
 * Admin step-ups under way: each takes a row before the password is checked,
 * so step-ups sent at once count against the lockout before any of them fails.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE step_up_attempts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
      started_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX step_up_attempts_user ON step_up_attempts (user_id)`.execute(db);
}
