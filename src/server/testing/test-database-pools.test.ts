import { sql } from "kysely";
import pg from "pg";
import { describe, expect, inject, test } from "vitest";
import { type DatabaseHandle, openPostgres, wrapPglite } from "../platform/db/database";
import { openTemplateDatabase, startFromTemplate } from "./pglite-pool";
import { isPostgresRun, scratchPostgresDatabase } from "./postgres";
import { openPostgresTemplateDatabase } from "./postgres-pool";

/** The run's pool of test app databases, and a fresh copy of the template to compare with. */
const pool = isPostgresRun()
  ? {
      open: async (options?: { fresh?: boolean }) =>
        (await openPostgresTemplateDatabase(serverUrl(), options)).database,
      fresh: async (): Promise<DatabaseHandle> => {
        const scratch = await scratchPostgresDatabase("test", inject("postgresTemplate"));
        if (!scratch) throw new Error("The postgres run has no server");
        const handle = openPostgres(scratch.url);
        return {
          ...handle,
          close: async () => {
            await handle.close();
            await scratch.drop();
          },
        };
      },
    }
  : {
      open: openTemplateDatabase,
      fresh: async () => wrapPglite(await startFromTemplate()),
    };

function serverUrl() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  return url;
}

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

describe("the test apps' databases", () => {
  test("a database given back and handed out again holds the template's rows and sequences, not the last test's", async () => {
    const fresh = await pool.fresh();
    const template = await contents(fresh);
    await fresh.close();

    const used = await pool.open();
    await used.db
      .insertInto("user")
      .values({ id: "left-behind", name: "Left", email: "left@example.com", emailVerified: true })
      .execute();
    await sql`UPDATE kysely_migration SET timestamp = 'changed'`.execute(used.db);
    await sql`DELETE FROM kysely_migration_lock`.execute(used.db);
    await sql`SELECT nextval(${sql.lit(await anySequence(used))}::regclass)`.execute(used.db);
    expect(await contents(used)).not.toBe(template);
    const usedIdentity = await identity(used);
    await used.close();
    await expect(identity(used), "the closed app's database is closed to it").rejects.toThrow();

    const next = await pool.open();
    expect(await identity(next), "the database was handed out again").toBe(usedIdentity);
    expect(await contents(next)).toBe(template);
    await next.close();
  });

  test("a test that asks for a fresh database never gets one given back", async () => {
    const used = await pool.open();
    const usedIdentity = await identity(used);
    await used.close();

    const fresh = await pool.open({ fresh: true });
    expect(await identity(fresh)).not.toBe(usedIdentity);
    await fresh.close();
  });

  test("a database whose schema a test changed is never handed out again", async () => {
    const used = await pool.open();
    await sql`CREATE TABLE left_behind (id int)`.execute(used.db);
    const usedIdentity = await identity(used);
    await used.close();

    const next = await pool.open();
    expect(await identity(next)).not.toBe(usedIdentity);
    const { rows } = await sql`SELECT 1 FROM pg_class WHERE relname = 'left_behind'`.execute(
      next.db,
    );
    expect(rows).toEqual([]);
    await next.close();
  });

  test.runIf(isPostgresRun())(
    "a database another process still holds a connection to is never handed out again",
    async () => {
      const used = await openPostgresTemplateDatabase(serverUrl());
      const usedIdentity = await identity(used.database);
      const otherProcess = new pg.Client({ connectionString: used.url });
      // The drop of the database ends this connection.
      otherProcess.on("error", () => {});
      await otherProcess.connect();
      try {
        await used.database.close();
        const next = await pool.open();
        expect(await identity(next)).not.toBe(usedIdentity);
        await next.close();
      } finally {
        await otherProcess.end().catch(() => {});
      }
    },
  );
});

/** Which database this is: its name, and when its server started (a PGlite's own). */
async function identity({ db }: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ identity: string }>`
    SELECT current_database() || ' ' || pg_postmaster_start_time() AS identity`.execute(db);
  return rows[0]?.identity ?? "";
}

async function anySequence({ db }: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ name: string }>`
    SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences LIMIT 1`.execute(db);
  const name = rows[0]?.name;
  if (!name) throw new Error("The template has no sequence");
  return name;
}
