import { type Kysely, sql } from "kysely";

/*
 * The TDS register's deposits (issue 53, decision 061): each challan the operator paid
 * (its BSR code, date and serial number make the challan identification number) and the
 * sales whose tax it deposited. A sale's tax is deposited by one challan at most: the
 * primary key of `tds_challan_sales` refuses a second.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE tds_challans (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      bsr_code text NOT NULL CHECK (bsr_code ~ '^[0-9]{7}$'),
      deposited_on date NOT NULL,
      serial_number text NOT NULL CHECK (serial_number ~ '^[0-9]{5}$'),
      tax_inr numeric(14, 2) NOT NULL CHECK (tax_inr > 0),
      interest_inr numeric(14, 2) NOT NULL DEFAULT 0 CHECK (interest_inr >= 0),
      fee_inr numeric(14, 2) NOT NULL DEFAULT 0 CHECK (fee_inr >= 0),
      recorded_by text NOT NULL REFERENCES "user" (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (bsr_code, deposited_on, serial_number)
    )`.execute(db);
  await sql`
    CREATE TABLE tds_challan_sales (
      sell_order_id uuid PRIMARY KEY REFERENCES sell_orders (id),
      challan_id uuid NOT NULL REFERENCES tds_challans (id) ON DELETE CASCADE
    )`.execute(db);
  await sql`CREATE INDEX tds_challan_sales_by_challan ON tds_challan_sales (challan_id)`.execute(
    db,
  );
  // The register's deductions: paid sales that deducted tax, by the time they were paid.
  await sql`
    CREATE INDEX sell_orders_tds_paid ON sell_orders (paid_at)
    WHERE status = 'paid' AND tds_rate_percent IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP INDEX sell_orders_tds_paid`.execute(db);
  await sql`DROP TABLE tds_challan_sales`.execute(db);
  await sql`DROP TABLE tds_challans`.execute(db);
}
