import { type Kysely, sql } from "kysely";

/*
 * Verification submissions are counted per customer and per address in windows
 * like the payment offers' (0060): checking a submission's files decodes images
 * of up to 50 megapixels, so attempts are limited before the form is read.
 * Keyed "customer:<id>" or "address:<ip>"; a window starts at its first attempt.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE verification_attempt_windows (
      key text PRIMARY KEY,
      window_started_at timestamptz NOT NULL,
      attempts integer NOT NULL CHECK (attempts > 0)
    )`.execute(db);
}
