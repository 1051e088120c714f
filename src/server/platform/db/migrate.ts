import type { BetterAuthOptions } from "better-auth";
import { getMigrations } from "better-auth/db/migration";
import { sql } from "kysely";
import { ConfigError } from "../config/env";
import type { Database } from "./database";
import { migrator, pendingMigrations } from "./migrator";

/**
 * Creates or updates better-auth's tables, then applies the project's migrations. A
 * role that may not create tables (the web's own, beside the owner's: decision 056)
 * only checks that the owner has: `npm run db:migrate` migrates.
 */
export async function migrateToLatest(db: Database, authOptions: BetterAuthOptions) {
  if (!(await canCreateTables(db))) return refuseUnmigrated(db, authOptions);
  const auth = await getMigrations(authOptions);
  await auth.runMigrations();
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === "Error")?.migrationName;
    throw new Error(`Migration ${failed ?? ""} failed: ${String(error)}`);
  }
}

async function canCreateTables(db: Database) {
  const { rows } = await sql<{ can: boolean }>`
    SELECT has_schema_privilege('public', 'CREATE') AS can`.execute(db);
  return rows[0]?.can === true;
}

async function refuseUnmigrated(db: Database, authOptions: BetterAuthOptions) {
  const auth = await getMigrations(authOptions, { throwOnUnsafe: false });
  const pending = [
    ...auth.toBeCreated.map((table) => table.table),
    ...auth.toBeAdded.map((table) => table.table),
    ...(await pendingMigrations(db)),
  ];
  if (pending.length > 0) {
    throw new ConfigError(
      `The database lacks this release's migrations (${pending.join(", ")}) and this role may not create tables: run npm run db:migrate with the owner's DATABASE_URL first.`,
    );
  }
}
