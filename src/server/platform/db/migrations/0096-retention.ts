import { type Kysely, sql } from "kysely";

/*
 * Retention (issue 25, item 6). `retention_years`: how long a closed customer's
 * data is kept after their last activity; at least five, the PMLA record period.
 * `purged_customers`: whose data the daily job removed, so it is done once and an
 * operator can tell a purged account. `daily_jobs`: the India day each daily job
 * last ran, claimed by one update, so one process of several runs it.
 */
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE site_settings ADD COLUMN retention_years integer NOT NULL DEFAULT 5
    CHECK (retention_years BETWEEN 5 AND 30)`.execute(db);
  await sql`
    CREATE TABLE purged_customers (
      user_id text PRIMARY KEY REFERENCES "user" (id),
      last_active_at timestamptz NOT NULL,
      orders integer NOT NULL,
      purged_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE daily_jobs (
      name text PRIMARY KEY,
      last_run_on date NOT NULL
    )`.execute(db);
}
