import { type Kysely, sql } from "kysely";

/**
 * Operators search by the first digits of a UTR they read off a statement: an index
 * that serves `payment_reference LIKE 'prefix%'` whatever the database's collation.
 */
export async function up(db: Kysely<unknown>) {
  await sql`CREATE INDEX orders_payment_reference_prefix ON orders (payment_reference text_pattern_ops)
    WHERE payment_reference IS NOT NULL`.execute(db);
}
