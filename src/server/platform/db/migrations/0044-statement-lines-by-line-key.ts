import { type Kysely, sql } from "kysely";

/*
 * A credit's reference is its line key (a CHECK of migration 0040), so one unique
 * index led by the line key both keeps a statement's credits once per account and
 * finds the credits of a reference in any account; the reference index of
 * migration 0041 goes. Each credit imported maintains one index fewer
 * (docs/benchmarks.md).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE statement_lines
      DROP CONSTRAINT statement_lines_account_key,
      ADD CONSTRAINT statement_lines_key_account UNIQUE (line_key, receiving_account_id)`.execute(
    db,
  );
  await sql`DROP INDEX statement_lines_reference`.execute(db);
}
