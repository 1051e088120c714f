import { getMigrations } from "better-auth/db/migration";
import { type Migration, Migrator } from "kysely";
import pino from "pino";
import { createAuth } from "../platform/auth/auth";
import {
  createPglite,
  type Database,
  type DatabaseHandle,
  openPostgres,
  wrapPglite,
} from "../platform/db/database";
import { migrations } from "../platform/db/migrations";
import { BackgroundTasks } from "../platform/jobs/background-tasks";
import { scratchPostgresDatabase } from "./postgres";

/** better-auth's options as far as migrating needs them: no mail, no logs, no site. */
export function migrationAuthOptions(db: Database) {
  const logger = pino({ level: "silent" });
  return createAuth({
    db,
    mailer: { send: async () => {} },
    logger,
    backgroundTasks: new BackgroundTasks(logger),
    secret: "migration-secret-migration-secret-migration",
    baseURL: "http://localhost",
    trustedOrigins: [],
    isSignUpBlocked: async () => false,
  }).options;
}

/**
 * An empty database of its own (PostgreSQL on the PostgreSQL run, else PGlite)
 * with better-auth's tables and only the project's migrations that `included`
 * keeps: an older release's database, for testing the upgrade from it with
 * `migrateToLatest(database.db, authOptions)`.
 */
export async function olderReleaseDatabase(included: (name: string) => boolean) {
  const scratch = await scratchPostgresDatabase("migration");
  const database: DatabaseHandle = scratch
    ? openPostgres(scratch.url)
    : wrapPglite(await createPglite());
  const authOptions = migrationAuthOptions(database.db);
  await (await getMigrations(authOptions)).runMigrations();
  const older: Record<string, Migration> = Object.fromEntries(
    Object.entries(migrations).filter(([name]) => included(name)),
  );
  const { error } = await new Migrator({
    db: database.db,
    provider: { getMigrations: async () => older },
  }).migrateToLatest();
  if (error) throw error;
  return {
    database,
    authOptions,
    close: async () => {
      await database.close();
      await scratch?.drop();
    },
  };
}
