import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const HUNG_CHILD_MS = 110_000;

export const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/**
 * Runs a TypeScript entry point of the project the way npm scripts do (through
 * tsx), with only the given environment plus PATH and HOME.
 */
export function runTsEntry(
  entry: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", entry, ...args], {
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
