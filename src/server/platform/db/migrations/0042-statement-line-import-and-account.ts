import { type Kysely, sql } from "kysely";

/*
 * A credit belongs to its import and to that import's account, by one foreign key
 * (docs/decisions/023): stronger than the two it replaces (a line could have named
 * one account and an import of another), and one check a row instead of two, which
 * were half the cost of inserting a statement's lines (docs/benchmarks.md).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE statement_imports
      ADD CONSTRAINT statement_imports_id_account UNIQUE (id, receiving_account_id)`.execute(db);
  await sql`
    ALTER TABLE statement_lines
      DROP CONSTRAINT statement_lines_receiving_account_id_fkey,
      DROP CONSTRAINT statement_lines_import_id_fkey,
      ADD CONSTRAINT statement_lines_import_account FOREIGN KEY (import_id, receiving_account_id)
        REFERENCES statement_imports (id, receiving_account_id)`.execute(db);
}
