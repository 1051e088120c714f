import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { entryPointFile, REPO_ROOT } from "./run-process";
import type { RequestTarget } from "./test-client";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface ServerProcess extends RequestTarget {
  baseUrl: string;
  child: ChildProcess;
  output: () => string;
  /** Ends the process: SIGTERM for a clean stop, SIGKILL for a crash. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** How long one start may take before it is a failure. */
export const SERVER_START_MS = 90_000;

/** A test's time for its server starts and `workMs` of its own work. */
export function serverTestTimeout(starts: number, workMs = 60_000): number {
  return starts * SERVER_START_MS + workMs;
}

/**
 * A new PGlite data folder starts as a copy of the run's migrated template, as a test
 * app's database does: creating and migrating the database in the process cost a start
 * 15 CPU-s on a 2-core machine, against 7 for opening a migrated one.
 */
async function seedPgliteData(env: Record<string, string>) {
  if (env.DATABASE_URL || !env.DATA_DIR) return;
  const pgdata = join(env.DATA_DIR, "pgdata");
  if (existsSync(pgdata)) return;
  const { inject } = await import("vitest");
  mkdirSync(pgdata, { recursive: true, mode: 0o700 });
  // The archive names its files from the data folder's root ("/base/1/…").
  execFileSync("tar", ["-xf", inject("pgliteTemplate"), "-C", pgdata, "--no-same-owner"]);
}

/**
 * Starts the real server entry in its own process and waits until /api/health answers.
 * A PGlite data folder with no database yet gets a migrated one (seedPgliteData).
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  await seedPgliteData(env);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [await entryPointFile("main")], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  // A start migrates a new database; on a 2-core machine busy with browsers it took
  // more than 30 s. A test that starts a server allows each start this much.
  const deadline = Date.now() + SERVER_START_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited at start:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    baseUrl,
    origin: baseUrl,
    child,
    output: () => output,
    app: { request: (path, init) => fetch(`${baseUrl}${path}`, init) },
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      await exited;
    },
  };
}
