import { readdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Env } from "../config/env";

/** What a backup holds: the embedded database's data directory, or a pg_dump archive. */
export type BackupKind = "pglite" | "postgres";

const EXTENSIONS: Record<BackupKind, string> = {
  pglite: ".pglite.tar.gz",
  postgres: ".pgdump",
};

/** Our backup files, and only those: pruning must never touch anything else in the folder. */
const BACKUP_FILE_NAME =
  /^rupeedesk-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.(pglite\.tar\.gz|pgdump)$/;

/** rupeedesk-2026-11-25T03-45-12-345Z.pgdump: names sort by time, and say what they hold. */
export function backupFileName(kind: BackupKind, at: Date): string {
  return `rupeedesk-${at.toISOString().replace(/[:.]/g, "-")}${EXTENSIONS[kind]}`;
}

export function isBackupFileName(name: string): boolean {
  return BACKUP_FILE_NAME.test(name);
}

/** BACKUP_DIR, or `$DATA_DIR/backups`. */
export function backupDirectory(env: Pick<Env, "BACKUP_DIR" | "DATA_DIR">): string {
  return resolve(env.BACKUP_DIR ?? join(env.DATA_DIR, "backups"));
}

/**
 * Deletes all but the newest `keep` backups in the folder, and but those `spared`;
 * answers the names deleted.
 */
export function pruneBackups(
  directory: string,
  keep: number,
  spared: ReadonlySet<string> = new Set(),
): string[] {
  const names = readdirSync(directory).filter(isBackupFileName).sort().reverse();
  const old = names.slice(keep).filter((name) => !spared.has(name));
  for (const name of old) rmSync(join(directory, name), { force: true });
  return old;
}

/** Tells a backup's kind by its first bytes: pg_dump's archives start "PGDMP", ours are gzip. */
export function backupKindOf(head: Uint8Array): BackupKind | undefined {
  if (Buffer.from(head.subarray(0, 5)).toString("latin1") === "PGDMP") return "postgres";
  if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  return undefined;
}
