import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { olderReleaseDatabase } from "../../testing/migration-database";
import { migrateToLatest } from "./migrate";
import { migrations } from "./migrations";

describe("upgrading a database of an older release", () => {
  // Migrations are numbered by feature, so a new one can sort before one an older
  // release already ran: 0042–0044 came after 0050-backups.
  it("runs the migrations it lacks that are numbered before ones it ran", async () => {
    const added = [
      "0042-statement-line-import-and-account",
      "0043-payer-name-parts-in-plpgsql",
      "0044-statement-lines-by-line-key",
    ];
    // That release ended at 0050: it never had the later migrations, some of which need 0042's.
    const older = await olderReleaseDatabase(
      (name) => !added.includes(name) && name <= "0050-backups",
    );
    try {
      await migrateToLatest(older.database.db, older.authOptions);

      const ran = await sql<{ name: string }>`
        SELECT name FROM kysely_migration ORDER BY name`.execute(older.database.db);
      expect(ran.rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
      const constraints = await sql<{ conname: string }>`
        SELECT conname FROM pg_constraint
         WHERE conrelid = 'statement_lines'::regclass ORDER BY conname`.execute(older.database.db);
      expect(constraints.rows.map((row) => row.conname)).toEqual(
        expect.arrayContaining(["statement_lines_import_account", "statement_lines_key_account"]),
      );
    } finally {
      await older.close();
    }
  });
});
