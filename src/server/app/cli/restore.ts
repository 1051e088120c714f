// npm run restore -- FILE [--force]: a backup into an empty DATA_DIR or database (docs/decisions/024).
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { defaultPgRestore, restoreBackup } from "../../platform/backup/restore-backup";
import { BackupError } from "../../platform/backup/take-backup";
import { ConfigError, parseEnv } from "../../platform/config/env";

async function main() {
  const { values, positionals } = parseArgs({
    options: { force: { type: "boolean", default: false } },
    allowPositionals: true,
  });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) {
    throw new ConfigError("Usage: npm run restore -- FILE [--force]");
  }
  const env = parseEnv(process.env);
  const outcome = await restoreBackup(
    resolve(file),
    {
      databaseUrl: env.DATABASE_URL,
      dataDir: resolve(env.DATA_DIR),
      pgRestore: env.PG_RESTORE ?? defaultPgRestore(env.PG_DUMP),
    },
    { force: values.force },
  );
  for (const line of outcome.lines) console.log(line);
  console.log(
    "Start the server with the BETTER_AUTH_SECRET and DOCUMENT_KEY of the backed-up one: sessions and two-factor set-ups depend on the first, identity documents open only with the second.",
  );
}

main().catch((error: unknown) => {
  const isExplained = error instanceof ConfigError || error instanceof BackupError;
  console.error(isExplained ? error.message : error);
  process.exit(1);
});
