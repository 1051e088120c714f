import { type Kysely, sql } from "kysely";

/*
 * Backups taken (docs/decisions/024): the daily schedule looks here for one
 * taken since its time, and the admin's first-run checklist for one in the last
 * day. A row is written after its file is complete, so a backup never holds its
 * own row.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE backups (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      file_name text NOT NULL,
      bytes bigint NOT NULL,
      -- What asked for it: 'command' (npm run backup), 'schedule' or 'admin'.
      trigger text NOT NULL CHECK (trigger IN ('command', 'schedule', 'admin')),
      started_at timestamptz NOT NULL,
      finished_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX backups_started_at ON backups (started_at)`.execute(db);
}
