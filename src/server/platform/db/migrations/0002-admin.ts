import { type Kysely, sql } from "kysely";

/** Admin step-up per session, and the audit log of admin actions. */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE admin_elevations (
      session_id text PRIMARY KEY REFERENCES session (id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
      elevated_at timestamptz NOT NULL DEFAULT now(),
      last_active_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      actor_id text REFERENCES "user" (id),
      actor_email text,
      action text NOT NULL,
      target_type text,
      target_id text,
      details jsonb NOT NULL DEFAULT '{}',
      ip_address text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX audit_log_recent ON audit_log (created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_by_action ON audit_log (action, created_at DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_by_actor ON audit_log (actor_id, action, created_at DESC)`.execute(
    db,
  );
}
