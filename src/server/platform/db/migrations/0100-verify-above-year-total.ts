import { type Kysely, sql } from "kysely";

/*
 * Large customers are identified (docs/decisions/041): an unverified customer whose
 * orders of the last 12 months reach this many rupees is asked to verify by the daily
 * job. ₹10 lakh by default: twice the unverified 30-day limit.
 */
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE site_settings
    ADD COLUMN verify_above_year_inr numeric(14, 2) NOT NULL DEFAULT 1000000
      CHECK (verify_above_year_inr > 0)`.execute(db);
}
