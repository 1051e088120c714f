import { type MigrationProvider, Migrator } from "kysely";
import type { Database } from "./database";
import { migrations } from "./migrations";

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * The project's migrations on `db`. They are numbered by feature, so a new one may sort
 * before one that an older release already ran; it still runs (in name order with the others).
 */
export const migrator = (db: Database) =>
  new Migrator({ db, provider, allowUnorderedMigrations: true });

/** The names of this release's migrations the database has not run yet. */
export async function pendingMigrations(db: Database): Promise<string[]> {
  const known = await migrator(db).getMigrations();
  return known.filter((migration) => !migration.executedAt).map((migration) => migration.name);
}
