import { type Kysely, sql } from "kysely";

/*
 * The register of suspicious transaction reports (docs/decisions/045): the day the desk
 * concluded a customer's dealings were suspicious, its grounds and the orders concerned,
 * the day FIU-IND must have the report by (seven working days later), and once filed
 * the day and FIU-IND's acknowledgement. Nothing a customer can read touches it.
 * A customer's row is never deleted while a report names them (no cascade); the
 * retention purge keeps them for the retention period after the report.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE suspicion_reports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL REFERENCES "user" (id),
      order_ids uuid[] NOT NULL DEFAULT '{}' CHECK (cardinality(order_ids) <= 50),
      grounds text NOT NULL CHECK (char_length(grounds) BETWEEN 1 AND 1000),
      concluded_on date NOT NULL,
      due_on date NOT NULL CHECK (due_on > concluded_on),
      created_by text REFERENCES "user" (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      filed_on date CHECK (filed_on >= concluded_on),
      fiu_reference text CHECK (char_length(fiu_reference) BETWEEN 1 AND 100),
      filed_by text REFERENCES "user" (id) ON DELETE SET NULL,
      filed_at timestamptz,
      CHECK ((filed_on IS NULL) = (fiu_reference IS NULL)),
      CHECK ((filed_on IS NULL) = (filed_at IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX suspicion_reports_unfiled ON suspicion_reports (due_on, id)
    WHERE filed_on IS NULL`.execute(db);
  await sql`CREATE INDEX suspicion_reports_filed ON suspicion_reports (filed_at DESC, id)
    WHERE filed_on IS NOT NULL`.execute(db);
  await sql`CREATE INDEX suspicion_reports_by_customer ON suspicion_reports (user_id)`.execute(db);
}
