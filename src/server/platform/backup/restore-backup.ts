import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
} from "node:fs";
import { dirname, join } from "node:path";
import pg from "pg";
import { createPglite } from "../db/database";
import { makePrivateDirectory } from "../files/private-directory";
import { type BackupKind, backupKindOf } from "./backup-files";
import { findRunningServer } from "./running-server";
import { BackupError, runClientTool } from "./take-backup";

export interface RestoreTarget {
  /** PostgreSQL database to restore into; without it, the embedded one in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** pg_restore to run; defaults to the one beside pg_dump. */
  pgRestore: string;
}

export interface RestoreOutcome {
  /** What was done, one line each, for the person who ran the command. */
  lines: string[];
}

/**
 * Restores a backup into an empty place: the embedded database's folder, or a
 * PostgreSQL database without tables. A place that holds data is refused unless
 * `force`: then an embedded database is moved aside (never deleted), and a
 * PostgreSQL database has the backup's objects dropped and recreated.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreOutcome> {
  const kind = readBackupKind(file);
  const wanted: BackupKind = target.databaseUrl ? "postgres" : "pglite";
  if (kind !== wanted) {
    throw new BackupError(
      kind === "postgres"
        ? `${file} is a PostgreSQL backup (pg_dump): set DATABASE_URL to the database to restore it into.`
        : `${file} is a backup of the embedded database: restore it without DATABASE_URL, into DATA_DIR.`,
    );
  }
  return target.databaseUrl
    ? restorePostgres(file, target.databaseUrl, target.pgRestore, force)
    : restorePglite(file, target.dataDir, force);
}

function readBackupKind(file: string): BackupKind {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const head = new Uint8Array(8);
  const fd = openSync(file, "r");
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  const kind = backupKindOf(head);
  if (!kind) throw new BackupError(`${file} is not a RupeeDesk backup.`);
  return kind;
}

async function restorePglite(file: string, dataDir: string, force: boolean) {
  const server = findRunningServer(dataDir);
  if (server) {
    throw new BackupError(
      `A server (process ${server.pid}) is using ${dataDir}: stop it before restoring into it.`,
    );
  }
  const directory = join(dataDir, "pgdata");
  const lines: string[] = [];
  if (existsSync(directory) && readdirSync(directory).length > 0) {
    if (!force) {
      throw new BackupError(
        `${directory} already holds a database. Restore into an empty DATA_DIR, or add --force to replace it (the current one is kept beside it).`,
      );
    }
    const aside = `${directory}-before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    renameSync(directory, aside);
    lines.push(`Moved the database that was there to ${aside}.`);
  }
  makePrivateDirectory(dataDir);
  const archive = new Blob([readFileSync(file)], { type: "application/gzip" });
  const pglite = await createPglite({ dataDir: directory, loadDataDir: archive });
  try {
    lines.push(`Restored ${file} into ${directory}.`);
    lines.push(await describeContents((text) => pglite.query(text).then((r) => r.rows)));
  } finally {
    await pglite.close();
  }
  return { lines };
}

async function restorePostgres(file: string, url: string, pgRestore: string, force: boolean) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(USER_RELATIONS);
    const relations = Number(rows[0]?.count ?? 0);
    if (relations > 0 && !force) {
      throw new BackupError(
        `The database ${databaseName(url)} is not empty (${relations} tables and other relations). Restore into a new database, or add --force to drop and recreate what the backup holds.`,
      );
    }
    await runClientTool(
      pgRestore,
      [
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        "--single-transaction",
        ...(force ? ["--clean", "--if-exists"] : []),
        `--dbname=${url}`,
        file,
      ],
      "PG_RESTORE",
    );
    const summary = await describeContents((text) => client.query(text).then((r) => r.rows));
    return { lines: [`Restored ${file} into the database ${databaseName(url)}.`, summary] };
  } finally {
    await client.end();
  }
}

/** Tables, views and sequences outside the system schemas. */
const USER_RELATIONS = `
  SELECT count(*) AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
     AND n.nspname NOT IN ('pg_catalog', 'information_schema')
     AND n.nspname NOT LIKE 'pg_toast%'`;

/** A line saying what the restored database holds, so the operator sees it is the one meant. */
async function describeContents(query: (text: string) => Promise<unknown[]>): Promise<string> {
  const [row] = (await query(`
    SELECT (SELECT count(*) FROM orders) AS orders,
           (SELECT count(*) FROM "user") AS users,
           (SELECT max(created_at) FROM orders) AS last_order_at`)) as {
    orders: string | number;
    users: string | number;
    last_order_at: Date | string | null;
  }[];
  const lastOrder = row?.last_order_at ? new Date(row.last_order_at).toISOString() : "none";
  return `It holds ${row?.orders ?? 0} orders and ${row?.users ?? 0} users; the last order was placed at ${lastOrder}.`;
}

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1)) || "(default)";
}

/** pg_restore beside the configured pg_dump, when PG_RESTORE is not set. */
export function defaultPgRestore(pgDump: string | undefined): string {
  return pgDump?.includes("/") ? join(dirname(pgDump), "pg_restore") : "pg_restore";
}
