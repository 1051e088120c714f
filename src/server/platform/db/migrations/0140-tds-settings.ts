import { type Kysely, sql } from "kysely";

/*
 * Settings → Tax (issue 53, decision 060): tax deducted at source when the desk buys USDT
 * (section 194S): whether the desk deducts, as whom (a TAN holder filing Form 26Q, or a
 * specified person filing Form 26QE with a PAN), the rates and the yearly threshold per
 * seller. Every figure is a setting; the defaults are the decision's, with its sources.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE site_settings
      ADD COLUMN tds_deducts boolean NOT NULL DEFAULT true,
      ADD COLUMN tds_deductor_kind text NOT NULL DEFAULT 'tan_holder'
        CHECK (tds_deductor_kind IN ('tan_holder', 'specified_person')),
      ADD COLUMN tds_deductor_tan text CHECK (tds_deductor_tan ~ '^[A-Z]{4}[0-9]{5}[A-Z]$'),
      ADD COLUMN tds_deductor_pan text CHECK (tds_deductor_pan ~ '^[A-Z]{3}[PH][A-Z][0-9]{4}[A-Z]$'),
      ADD COLUMN tds_rate_percent numeric NOT NULL DEFAULT 1
        CHECK (tds_rate_percent > 0 AND tds_rate_percent <= 100),
      ADD COLUMN tds_no_pan_rate_percent numeric NOT NULL DEFAULT 20
        CHECK (tds_no_pan_rate_percent > 0 AND tds_no_pan_rate_percent <= 100),
      ADD COLUMN tds_threshold_inr numeric NOT NULL DEFAULT 10000 CHECK (tds_threshold_inr >= 0),
      ADD COLUMN tds_specified_person_threshold_inr numeric NOT NULL DEFAULT 50000
        CHECK (tds_specified_person_threshold_inr >= 0),
      ADD COLUMN tds_buys_without_pan boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE site_settings
      DROP COLUMN tds_deducts,
      DROP COLUMN tds_deductor_kind,
      DROP COLUMN tds_deductor_tan,
      DROP COLUMN tds_deductor_pan,
      DROP COLUMN tds_rate_percent,
      DROP COLUMN tds_no_pan_rate_percent,
      DROP COLUMN tds_threshold_inr,
      DROP COLUMN tds_specified_person_threshold_inr,
      DROP COLUMN tds_buys_without_pan`.execute(db);
}
