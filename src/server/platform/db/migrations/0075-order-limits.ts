import { type Kysely, sql } from "kysely";

/*
 * Order limits by level (issue 24) and for new customers (issue 25), in rupees
 * over non-cancelled orders (docs/decisions/035). The settings hold the limits;
 * `customer_order_totals` holds, per customer, what the limits count: the rupees
 * of their non-cancelled orders of the last 30 days by the hour they were placed
 * in, {hours since the epoch: rupees}, and the number of completed orders. Placing an order claims the row with an
 * upsert that waits for a concurrent claim and then checks the row's latest
 * version, so two orders racing past a limit cannot both pass (a sum over
 * `orders` read in the statement's snapshot would miss the other's order).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE site_settings
      ADD COLUMN limit_order_inr numeric(14, 2) NOT NULL DEFAULT 50000 CHECK (limit_order_inr > 0),
      ADD COLUMN limit_day_inr numeric(14, 2) NOT NULL DEFAULT 100000 CHECK (limit_day_inr > 0),
      ADD COLUMN limit_month_inr numeric(14, 2) NOT NULL DEFAULT 500000
        CHECK (limit_month_inr > 0),
      ADD COLUMN verified_limit_order_inr numeric(14, 2) NOT NULL DEFAULT 1000000
        CHECK (verified_limit_order_inr > 0),
      ADD COLUMN verified_limit_day_inr numeric(14, 2) NOT NULL DEFAULT 2500000
        CHECK (verified_limit_day_inr > 0),
      ADD COLUMN verified_limit_month_inr numeric(14, 2) NOT NULL DEFAULT 10000000
        CHECK (verified_limit_month_inr > 0),
      ADD COLUMN new_customer_days integer NOT NULL DEFAULT 7
        CHECK (new_customer_days BETWEEN 0 AND 365),
      ADD COLUMN new_customer_order_inr numeric(14, 2) NOT NULL DEFAULT 25000
        CHECK (new_customer_order_inr > 0),
      ADD COLUMN new_customer_day_inr numeric(14, 2) NOT NULL DEFAULT 50000
        CHECK (new_customer_day_inr > 0)`.execute(db);

  await sql`
    CREATE TABLE customer_order_totals (
      user_id text PRIMARY KEY REFERENCES "user" (id) ON DELETE CASCADE,
      recent jsonb NOT NULL DEFAULT '{}',
      completed_orders integer NOT NULL DEFAULT 0 CHECK (completed_orders >= 0)
    )`.execute(db);

  // What the orders placed before this migration count for.
  await sql`
    INSERT INTO customer_order_totals (user_id, recent, completed_orders)
    SELECT user_id,
      coalesce(jsonb_object_agg(hour, rupees) FILTER (WHERE rupees > 0), '{}'),
      sum(completed)
    FROM (
      SELECT user_id, floor(extract(epoch FROM created_at) / 3600)::bigint::text AS hour,
        sum(send_amount) FILTER (WHERE status <> 'cancelled'
          AND created_at > now() - interval '30 days 1 hour') AS rupees,
        count(*) FILTER (WHERE status = 'completed') AS completed
      FROM orders GROUP BY 1, 2
    ) AS by_hour
    GROUP BY user_id`.execute(db);
}
