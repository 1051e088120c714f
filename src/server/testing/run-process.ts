import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const HUNG_CHILD_MS = 110_000;

export const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** The entry points `scripts/build-server.mjs` bundles, by the name of their file there. */
export type EntryPoint = "main" | "create-admin" | "db-migrate" | "backup" | "restore" | "signer";

/**
 * The file of an entry point in the bundle the test run made once
 * (global-setup.ts), as `npm start` runs dist/server: through tsx, each process compiled
 * the server's hundreds of files again, 2 s a start on a 2-core machine.
 */
export async function entryPointFile(entry: EntryPoint): Promise<string> {
  const { inject } = await import("vitest");
  return join(inject("serverBundle"), `${entry}.js`);
}

/** Runs an entry point with only the given environment plus PATH and HOME. */
export async function runEntryPoint(
  entry: EntryPoint,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const file = await entryPointFile(entry);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file, ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    // Only a guard against a hung child: a tsx start on a busy 2-core machine took
    // more than 30 s; the tests that run one allow up to 120 s.
    const timer = setTimeout(() => child.kill("SIGKILL"), HUNG_CHILD_MS);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
