import { type Kysely, sql } from "kysely";

/*
 * A credit meets its order by reference alone, in whichever receiving account it
 * arrived (docs/decisions/023): a customer who paid the desk's other account has
 * paid, and their order is not "not received". This finds the credits of a
 * reference across accounts.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE INDEX statement_lines_reference ON statement_lines (reference)
      WHERE reference IS NOT NULL`.execute(db);
}
