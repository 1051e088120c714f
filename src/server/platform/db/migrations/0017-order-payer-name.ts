import { type Kysely, sql } from "kysely";

/**
 * The name on the bank or UPI account a customer paid from: operators compare it
 * with the statement, and the refund policy treats third-party payments apart.
 * Orders from before, and those an admin places, have none.
 */
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE orders ADD COLUMN payer_name text`.execute(db);
}
