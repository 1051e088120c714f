import { type Kysely, sql } from "kysely";

/**
 * Notifications waiting to be delivered, written in the same transaction as
 * the change they announce; a worker delivers them with retries.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE notification_outbox (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      channel text NOT NULL CHECK (channel IN ('telegram', 'email')),
      topic text NOT NULL,
      payload jsonb NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      sent_at timestamptz,
      failed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE INDEX notification_outbox_due ON notification_outbox (next_attempt_at, id)
      WHERE sent_at IS NULL AND failed_at IS NULL`.execute(db);
}
