import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { DatabaseHandle } from "../db/database";
import { AppError } from "../http/errors";
import { backupFileName, pruneBackups } from "./backup-files";

export interface BackupSettings {
  /** Folder the backups are written to. */
  directory: string;
  /** How many backups the folder keeps; older ones are deleted after each new one. */
  keep: number;
  /** pg_dump to run for a PostgreSQL database. */
  pgDump: string;
}

export type BackupTrigger = "command" | "schedule" | "admin";

export interface TakenBackup {
  file: string;
  fileName: string;
  bytes: number;
  startedAt: Date;
}

/**
 * Writes one consistent, compressed backup of the database and records it.
 *
 * - PGlite: a checkpoint, then the data directory as a .tar.gz. PGlite reads the
 *   files for the archive in one synchronous step, so no statement runs while
 *   they are read: the copy is what a power cut at that instant would leave, and
 *   PostgreSQL replays its WAL to the last commit when the copy is opened.
 * - PostgreSQL: `pg_dump --format=custom` (compressed), which reads one snapshot
 *   of the database, taken when it starts.
 *
 * The file appears under its final name only when complete.
 */
export async function takeBackup(
  database: DatabaseHandle,
  settings: BackupSettings,
  trigger: BackupTrigger,
): Promise<TakenBackup> {
  mkdirSync(settings.directory, { recursive: true });
  const startedAt = new Date();
  const fileName = backupFileName(database.pglite ? "pglite" : "postgres", startedAt);
  const file = join(settings.directory, fileName);
  const partial = join(settings.directory, `.${fileName}.partial`);
  try {
    if (database.pglite) {
      await database.pglite.exec("CHECKPOINT");
      const archive = await database.pglite.dumpDataDir("gzip");
      writeFileSync(partial, Buffer.from(await archive.arrayBuffer()), { mode: 0o600 });
    } else if (database.postgres) {
      await runPgDump(settings.pgDump, database.postgres.url, partial);
    }
    chmodSync(partial, 0o600); // pg_dump writes by the umask; a backup holds everything
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  const { size } = statSync(file);
  await recordBackup(database, {
    file_name: fileName,
    bytes: size,
    trigger,
    started_at: startedAt,
  });
  pruneBackups(
    settings.directory,
    settings.keep,
    await newestDailyBackups(database, settings.keep),
  );
  return { file, fileName, bytes: size, startedAt };
}

/**
 * The newest `keep` daily backups: pruning spares them, so backups taken by hand
 * (an admin's, at most one every 10 minutes) never push the days' history out.
 */
async function newestDailyBackups(database: DatabaseHandle, keep: number): Promise<Set<string>> {
  try {
    const rows = await database.db
      .selectFrom("backups")
      .select("file_name")
      .where("trigger", "=", "schedule")
      .orderBy("started_at", "desc")
      .limit(keep)
      .execute();
    return new Set(rows.map((row) => row.file_name));
  } catch (error) {
    if ((error as { code?: unknown }).code !== UNDEFINED_TABLE) throw error;
    return new Set();
  }
}

/**
 * Records the backup, where the database has its table: a backup taken before an
 * upgrade, of a database the new build has not migrated yet, is not recorded.
 */
async function recordBackup(
  database: DatabaseHandle,
  row: { file_name: string; bytes: number; trigger: BackupTrigger; started_at: Date },
) {
  try {
    await database.db.insertInto("backups").values(row).execute();
  } catch (error) {
    if ((error as { code?: unknown }).code !== UNDEFINED_TABLE) throw error;
  }
}
const UNDEFINED_TABLE = "42P01";

function runPgDump(pgDump: string, url: string, file: string): Promise<void> {
  return runClientTool(pgDump, ["--format=custom", `--file=${file}`, `--dbname=${url}`], "PG_DUMP");
}

/**
 * Runs a PostgreSQL client program (pg_dump, pg_restore); its complaint becomes
 * the error, so a version mismatch or a refused login reads as itself.
 */
export function runClientTool(program: string, args: string[], variable: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new BackupError(
              `${program} was not found: install the PostgreSQL client programs of your server's version, or set ${variable} to the program's path.`,
            )
          : error,
      );
    });
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${program} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

/** A backup or restore that could not be done, in words for whoever asked for it. */
export class BackupError extends AppError {
  constructor(message: string) {
    super(500, "BACKUP_FAILED", message);
  }
}
