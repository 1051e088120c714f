import { type Kysely, sql } from "kysely";

/**
 * The admin's order list: substring search on customer e-mails, and orders an
 * admin places without a payment reference.
 */
export async function up(db: Kysely<unknown>) {
  // "Contains" search (ILIKE '%term%') can only use a trigram index. pg_trgm is a
  // trusted extension (PostgreSQL 13+: a database owner may create it); PGlite
  // loads it because every PGlite is opened through createPglite (database.ts).
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE INDEX orders_user_email_trgm ON orders USING gin (user_email gin_trgm_ops)`.execute(
    db,
  );
  // An admin-placed order may have no payment reference (docs/decisions/004). The
  // UNIQUE constraint stays: PostgreSQL never counts NULLs as duplicates.
  await sql`ALTER TABLE orders ALTER COLUMN payment_reference DROP NOT NULL`.execute(db);
}
