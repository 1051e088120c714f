import { type Kysely, sql } from "kysely";

/*
 * The per-customer hold rules read the customer's totals row (docs/decisions/036):
 * the row the order statement's limit claim locks and then reads in its latest
 * version, so a statement of another process that stored an order of the same
 * customer a moment earlier is counted, as the limits count it.
 * - `recent_order_times`: when the customer's orders of the last hour were placed,
 *   newest last, as many as the hour rule's setting and one (more change nothing);
 * - `payer_name_keys`: the payer-name keys the customer used, the 50 most recent
 *   (the rows of `customer_payer_names`, which this replaces);
 * - `last_payer_name_was_new`: whether the last claim's payer name differed from
 *   every earlier one (set by the claim, read by its own statement).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE customer_order_totals
      ADD COLUMN recent_order_times timestamptz[] NOT NULL DEFAULT '{}',
      ADD COLUMN payer_name_keys text[] NOT NULL DEFAULT '{}',
      ADD COLUMN last_payer_name_was_new boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    INSERT INTO customer_order_totals AS totals (user_id, payer_name_keys)
    SELECT user_id, (array_agg(name_key ORDER BY name_key))[1:50]
    FROM customer_payer_names GROUP BY user_id
    ON CONFLICT (user_id) DO UPDATE SET payer_name_keys = excluded.payer_name_keys`.execute(db);
  await sql`
    UPDATE customer_order_totals AS totals SET recent_order_times = placed.times
    FROM (
      SELECT user_id, array_agg(created_at ORDER BY created_at) AS times
      FROM orders WHERE created_at > now() - interval '1 hour'
      GROUP BY user_id
    ) AS placed
    WHERE placed.user_id = totals.user_id`.execute(db);
  await sql`DROP TABLE customer_payer_names`.execute(db);
}
