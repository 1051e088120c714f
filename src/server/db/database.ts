import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import type { DB } from "./schema";

export type Database = Kysely<DB>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

/** PostgreSQL when a URL is given, otherwise PGlite stored under `dataDir/pgdata`. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const directory = join(options.dataDir, "pgdata");
  mkdirSync(directory, { recursive: true });
  return wrapPglite(await PGlite.create(directory));
}

export function openPostgres(connectionString: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: "postgres", close: () => db.destroy() };
}

export function wrapPglite(pglite: PGlite): DatabaseHandle {
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: "pglite",
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
