import { type Kysely, sql } from "kysely";

/*
 * A customer's sales by the hour they were placed in, for the day's sale limit
 * (rules/sale-limits.ts): `{hours since the epoch: rupees as text}` of their sales not expired
 * or cancelled, kept for the last 25 hours, as decision 035 keeps a buyer's orders. The
 * placement statement reads one row instead of summing the customer's sales of the day,
 * which grew with every sale. A trigger keeps it in step with every change of a sale's
 * status or rupees, wherever it is made (placement, expiry, cancel, a credited deposit).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE sale_totals (
      user_id text PRIMARY KEY REFERENCES "user" (id) ON DELETE CASCADE,
      inr_by_hour jsonb NOT NULL
    )`.execute(db);
  await sql`
    CREATE FUNCTION keep_sale_totals() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      hour text := floor(extract(epoch FROM NEW.created_at) / 3600)::bigint::text;
      first_hour bigint := floor(extract(epoch FROM now() - interval '24 hours') / 3600)::bigint;
      counted_before numeric := CASE WHEN TG_OP = 'UPDATE'
        AND OLD.status NOT IN ('expired', 'cancelled') THEN OLD.inr_amount ELSE 0 END;
      counted_after numeric := CASE WHEN NEW.status NOT IN ('expired', 'cancelled')
        THEN NEW.inr_amount ELSE 0 END;
    BEGIN
      IF counted_before = counted_after OR hour::bigint < first_hour THEN
        RETURN NULL;
      END IF;
      INSERT INTO sale_totals AS totals (user_id, inr_by_hour)
      VALUES (NEW.user_id, jsonb_build_object(hour, (counted_after - counted_before)::text))
      ON CONFLICT (user_id) DO UPDATE SET inr_by_hour = (
        SELECT coalesce(jsonb_object_agg(entry.key, entry.inr::text), '{}')
        FROM (
          SELECT key, sum(value::numeric) AS inr FROM (
            SELECT key, value FROM jsonb_each_text(totals.inr_by_hour)
            WHERE key::bigint >= first_hour
            UNION ALL SELECT hour, (counted_after - counted_before)::text
          ) AS kept GROUP BY key
        ) AS entry);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER sell_orders_totals
      AFTER INSERT OR UPDATE OF status, inr_amount ON sell_orders
      FOR EACH ROW EXECUTE FUNCTION keep_sale_totals()`.execute(db);
  await sql`
    INSERT INTO sale_totals (user_id, inr_by_hour)
    SELECT user_id, jsonb_object_agg(hour, inr::text) FROM (
      SELECT user_id, floor(extract(epoch FROM created_at) / 3600)::bigint::text AS hour,
        sum(inr_amount) AS inr
      FROM sell_orders
      WHERE created_at >= now() - interval '25 hours' AND status NOT IN ('expired', 'cancelled')
      GROUP BY user_id, hour
    ) AS by_hour GROUP BY user_id`.execute(db);
  // The hold rules' lookups of a customer's, and a payout account's, paid sales.
  await sql`CREATE INDEX sell_orders_paid_by_customer ON sell_orders (user_id) WHERE status = 'paid'`.execute(
    db,
  );
  await sql`CREATE INDEX sell_orders_paid_to ON sell_orders (destination_id) WHERE status = 'paid'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP INDEX sell_orders_paid_to`.execute(db);
  await sql`DROP INDEX sell_orders_paid_by_customer`.execute(db);
  await sql`DROP TRIGGER sell_orders_totals ON sell_orders`.execute(db);
  await sql`DROP FUNCTION keep_sale_totals()`.execute(db);
  await sql`DROP TABLE sale_totals`.execute(db);
}
