import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { type DatabaseHandle, wrapPglite } from "../platform/db/database";
import { openTemplateDatabase, startFromTemplate } from "./pglite-pool";
import { isPostgresRun } from "./postgres";

/** Every table's rows and every sequence's position, as one text to compare. */
async function contents({ db }: DatabaseHandle): Promise<string> {
  const { rows: tables } = await sql<{ name: string }>`
    SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
     WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`.execute(db);
  const parts: string[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ rows: string | null }>`
      SELECT (SELECT jsonb_agg(t ORDER BY t::text) FROM ${sql.raw(name)} AS t)::text AS rows`.execute(
      db,
    );
    parts.push(`${name}: ${rows[0]?.rows}`);
  }
  const { rows: sequences } = await sql<{ position: string }>`
    SELECT format('%s %s', sequencename, last_value) AS position FROM pg_sequences ORDER BY 1`.execute(
    db,
  );
  return [...parts, ...sequences.map((sequence) => sequence.position)].join("\n");
}

describe.skipIf(isPostgresRun())("the test apps' PGlite databases", () => {
  test("a database given back and handed out again holds the template's rows and sequences, not the last test's", async () => {
    const fresh = wrapPglite(await startFromTemplate());
    const template = await contents(fresh);
    await fresh.close();

    const used = await openTemplateDatabase();
    await used.db
      .insertInto("user")
      .values({ id: "left-behind", name: "Left", email: "left@example.com", emailVerified: true })
      .execute();
    await sql`UPDATE kysely_migration SET timestamp = 'changed'`.execute(used.db);
    await sql`DELETE FROM kysely_migration_lock`.execute(used.db);
    await sql`SELECT nextval(${sql.lit(await anySequence(used))}::regclass)`.execute(used.db);
    expect(await contents(used)).not.toBe(template);
    const usedStart = await startTime(used);
    await used.close();
    await expect(startTime(used), "the closed app's database is closed to it").rejects.toThrow();

    const next = await openTemplateDatabase();
    expect(await startTime(next), "the database was handed out again").toBe(usedStart);
    expect(await contents(next)).toBe(template);
    await next.close();
  });

  test("a database whose schema a test changed is never handed out again", async () => {
    const used = await openTemplateDatabase();
    await sql`CREATE TABLE left_behind (id int)`.execute(used.db);
    const usedStart = await startTime(used);
    await used.close();

    const next = await openTemplateDatabase();
    expect(await startTime(next)).not.toBe(usedStart);
    const { rows } = await sql`SELECT 1 FROM pg_class WHERE relname = 'left_behind'`.execute(
      next.db,
    );
    expect(rows).toEqual([]);
    await next.close();
  });
});

/** When the database's server started: the same for as long as one PGlite lives. */
async function startTime({ db }: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ started: string }>`
    SELECT pg_postmaster_start_time()::text AS started`.execute(db);
  return rows[0]?.started ?? "";
}

async function anySequence({ db }: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ name: string }>`
    SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences LIMIT 1`.execute(db);
  const name = rows[0]?.name;
  if (!name) throw new Error("The template has no sequence");
  return name;
}
