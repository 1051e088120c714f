import { type Kysely, sql } from "kysely";

/*
 * The per-customer order limit, counted in one row per customer: the window's
 * start and the orders placed in it. Placing an order claims a slot with an
 * upsert, which waits for a concurrent claim on the same row and then sees its
 * result, so parallel submissions cannot all pass the limit (a count of recent
 * orders could not: each statement counts from its own snapshot).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE order_rate_windows (
      user_id text PRIMARY KEY REFERENCES "user" (id) ON DELETE CASCADE,
      window_started_at timestamptz NOT NULL,
      orders integer NOT NULL CHECK (orders > 0)
    )`.execute(db);
}
