// npm run backup: one backup of the database into BACKUP_DIR (docs/decisions/024).
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { createBackups } from "../../platform/backup/backups";
import { findRunningServer, type RunningServer } from "../../platform/backup/running-server";
import { BackupError, type TakenBackup } from "../../platform/backup/take-backup";
import { ConfigError, parseEnv } from "../../platform/config/env";
import { openDatabase } from "../../platform/db/database";

async function main() {
  const env = parseEnv(process.env);
  const dataDir = resolve(env.DATA_DIR);
  // PostgreSQL serves any number of clients; the embedded database only the server holding it.
  const server = env.DATABASE_URL ? undefined : findRunningServer(dataDir);
  const backup = server ? await askServer(server) : await takeHere(env, dataDir);
  console.log(`Backup written: ${backup.file} (${formatBytes(backup.bytes)})`);
}

async function takeHere(env: ReturnType<typeof parseEnv>, dataDir: string) {
  if (!env.DATABASE_URL && !existsSync(join(dataDir, "pgdata", "PG_VERSION"))) {
    throw new BackupError(`There is no database in ${dataDir} to back up.`);
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  try {
    const backup = await createBackups(database, env).take("command");
    return { file: backup.file, bytes: backup.bytes };
  } finally {
    await database.close();
  }
}

async function askServer(server: RunningServer): Promise<Pick<TakenBackup, "file" | "bytes">> {
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${server.port}/api/ops/backup`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.token}` },
    });
  } catch {
    throw new BackupError(
      `The server using this data folder (process ${server.pid}) does not answer on port ${server.port}. Stop it; if no server runs, delete server.json in DATA_DIR and try again.`,
    );
  }
  const body = (await response.json()) as { file: string; bytes: number; error?: string };
  if (response.status !== 201)
    throw new BackupError(`The server could not take the backup: ${body.error}`);
  return body;
}

function formatBytes(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof BackupError ? error.message : error,
  );
  process.exit(1);
});
