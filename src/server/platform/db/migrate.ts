import type { BetterAuthOptions } from "better-auth";
import { getMigrations } from "better-auth/db/migration";
import { type MigrationProvider, Migrator } from "kysely";
import type { Database } from "./database";
import { migrations } from "./migrations";

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Creates or updates better-auth's tables, then applies the project's migrations. */
export async function migrateToLatest(db: Database, authOptions: BetterAuthOptions) {
  const auth = await getMigrations(authOptions);
  await auth.runMigrations();
  // Migrations are numbered by feature, so a new one may sort before one that an
  // older release already ran; it still runs (in name order with the others).
  const { error, results } = await new Migrator({
    db,
    provider,
    allowUnorderedMigrations: true,
  }).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === "Error")?.migrationName;
    throw new Error(`Migration ${failed ?? ""} failed: ${String(error)}`);
  }
}
