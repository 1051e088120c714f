import { type Kysely, sql } from "kysely";

/*
 * TDS on each sale (issue 53, decision 060): the rate decided at placement (null when no
 * tax is deducted) and the seller's PAN as it was then. The tax and what reaches the
 * seller are computed by the database from the sale's rupees, so a sale re-priced when
 * its deposit is credited keeps its rate and its figures agree. The tax is rounded to
 * the rupee, half up (PostgreSQL's round of a numeric).
 *
 * `sale_year_totals` keeps each seller's consideration by financial year (April–March,
 * India time) of the sales not expired or cancelled, so the placement reads one row for
 * the threshold. A trigger keeps it in step with every change of a sale's status or
 * rupees, wherever it is made.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE FUNCTION india_financial_year(at timestamptz) RETURNS integer
    LANGUAGE sql STABLE AS $$
      SELECT extract(year FROM (at AT TIME ZONE 'Asia/Kolkata') - interval '3 months')::integer
    $$`.execute(db);
  await sql`
    ALTER TABLE sell_orders
      ADD COLUMN tds_rate_percent numeric CHECK (tds_rate_percent > 0 AND tds_rate_percent <= 100),
      ADD COLUMN seller_pan text CHECK (seller_pan ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'),
      ADD COLUMN tds_inr numeric(14, 2) GENERATED ALWAYS AS
        (coalesce(round(inr_amount * tds_rate_percent / 100), 0)) STORED,
      ADD COLUMN payout_inr numeric(14, 2) GENERATED ALWAYS AS
        (inr_amount - coalesce(round(inr_amount * tds_rate_percent / 100), 0)) STORED`.execute(db);
  await sql`
    CREATE TABLE sale_year_totals (
      user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
      financial_year integer NOT NULL,
      inr numeric(16, 2) NOT NULL,
      PRIMARY KEY (user_id, financial_year)
    )`.execute(db);
  await sql`
    CREATE FUNCTION keep_sale_year_totals() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      counted_before numeric := CASE WHEN TG_OP = 'UPDATE'
        AND OLD.status NOT IN ('expired', 'cancelled') THEN OLD.inr_amount ELSE 0 END;
      counted_after numeric := CASE WHEN NEW.status NOT IN ('expired', 'cancelled')
        THEN NEW.inr_amount ELSE 0 END;
    BEGIN
      IF counted_before = counted_after THEN
        RETURN NULL;
      END IF;
      INSERT INTO sale_year_totals AS totals (user_id, financial_year, inr)
      VALUES (NEW.user_id, india_financial_year(NEW.created_at), counted_after - counted_before)
      ON CONFLICT (user_id, financial_year) DO UPDATE
        SET inr = totals.inr + excluded.inr;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER sell_orders_year_totals
      AFTER INSERT OR UPDATE OF status, inr_amount ON sell_orders
      FOR EACH ROW EXECUTE FUNCTION keep_sale_year_totals()`.execute(db);
  await sql`
    INSERT INTO sale_year_totals (user_id, financial_year, inr)
    SELECT user_id, india_financial_year(created_at), sum(inr_amount) FROM sell_orders
    WHERE status NOT IN ('expired', 'cancelled')
    GROUP BY user_id, india_financial_year(created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP TRIGGER sell_orders_year_totals ON sell_orders`.execute(db);
  await sql`DROP FUNCTION keep_sale_year_totals()`.execute(db);
  await sql`DROP TABLE sale_year_totals`.execute(db);
  await sql`
    ALTER TABLE sell_orders
      DROP COLUMN payout_inr,
      DROP COLUMN tds_inr,
      DROP COLUMN seller_pan,
      DROP COLUMN tds_rate_percent`.execute(db);
  await sql`DROP FUNCTION india_financial_year(timestamptz)`.execute(db);
}
