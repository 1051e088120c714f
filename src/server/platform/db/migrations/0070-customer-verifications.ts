import { type Kysely, sql } from "kysely";

/*
 * Identity verification (issue 24): one row per customer who was asked to
 * verify or who submitted; no row means "not needed". `requested_at` is set
 * when an operator asks: the customer's next order then needs verification
 * whatever its amount. Order limits read `status = 'verified'`; the documents
 * and the review's details live in later migrations.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE customer_verifications (
      user_id text PRIMARY KEY REFERENCES "user" (id) ON DELETE CASCADE,
      status text NOT NULL CHECK (status IN ('requested', 'submitted', 'verified', 'rejected')),
      requested_at timestamptz,
      requested_by text REFERENCES "user" (id) ON DELETE SET NULL,
      requested_note text CHECK (length(requested_note) <= 500),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}
