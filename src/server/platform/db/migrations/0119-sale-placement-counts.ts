import { type Kysely, sql } from "kysely";

/*
 * A customer's sales placed so far (issue 44): the sale's placement statement reads the
 * count in its snapshot and raises it only if no other placement of the customer raised
 * it since, so its day's limit is judged on every sale the customer placed, without
 * holding the customer's row in a transaction of its own (docs/architecture.md, "How a
 * sale flows"). A customer with no row has placed none since this migration; the count
 * only ever grows, so a missing row and 0 mean the same.
 *
 * And the sales past their deposit window still awaiting it, by when it ended: a
 * placement expires those it would meet (its customer's, and its amount's) through
 * these few rows instead of the customer's or the network's every sale.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE sale_placement_counts (
      user_id text PRIMARY KEY REFERENCES "user" (id) ON DELETE CASCADE,
      sales_placed bigint NOT NULL CHECK (sales_placed >= 0)
    )`.execute(db);
  await sql`
    CREATE INDEX sell_orders_awaiting_by_expiry ON sell_orders (expires_at)
      WHERE status = 'awaiting_deposit'`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP INDEX sell_orders_awaiting_by_expiry`.execute(db);
  await sql`DROP TABLE sale_placement_counts`.execute(db);
}
