import { randomBytes } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/*
 * The embedded database allows one process at a time, so while the server runs,
 * `npm run backup` asks it to take the backup. The server leaves its port and a
 * token made at start in the data folder; whoever can read that file can read the
 * database files beside it anyway, so the token opens nothing more.
 */

const FILE_NAME = "server.json";

export interface RunningServer {
  pid: number;
  port: number;
  token: string;
}

export function newServerToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Writes the file; answers the function that removes it at a clean stop. */
export function announceServer(dataDir: string, server: RunningServer): () => void {
  const file = join(dataDir, FILE_NAME);
  writeFileSync(file, `${JSON.stringify(server)}\n`, { mode: 0o600 });
  return () => {
    if (findRunningServer(dataDir)?.pid === server.pid) rmSync(file, { force: true });
  };
}

/** The server using this data folder, if its process is alive (a crash leaves the file). */
export function findRunningServer(dataDir: string): RunningServer | undefined {
  let server: RunningServer;
  try {
    server = JSON.parse(readFileSync(join(dataDir, FILE_NAME), "utf8"));
  } catch {
    return undefined;
  }
  return isAlive(server.pid) ? server : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
