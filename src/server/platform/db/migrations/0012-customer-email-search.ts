import { type Kysely, sql } from "kysely";

/*
 * The admin's order search by e-mail looks the customers up first, then reads
 * their orders through orders_user_recent (docs/decisions/009). A trigram index
 * on the 5,000-odd customers' e-mails replaces the one on every order's copy of
 * the e-mail, which grew with the orders table and cost every new order a GIN
 * update. The admin users page's e-mail search uses the new index too.
 */
export async function up(db: Kysely<unknown>) {
  await sql`CREATE INDEX user_email_trgm ON "user" USING gin (email gin_trgm_ops)`.execute(db);
  await sql`DROP INDEX orders_user_email_trgm`.execute(db);
}
