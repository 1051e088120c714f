// `npm start`: builds the app when the build is missing or older than the
// sources, then runs the bundled server, and the payout signer beside it as a
// child when one is configured (development; production runs `npm run signer`
// as a user of its own: docs/deploy.md).
import { execSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const outputs = ["dist/web/index.html", "dist/server/main.js"];
const inputs = ["src", "index.html", "vite.config.ts", "package-lock.json"];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

const builtAt = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
if (builtAt < Math.max(...inputs.map(newestChange))) {
  console.log("Building RupeeDesk…");
  execSync("npm run build", { stdio: "inherit" });
}
await import("../dist/server/main.js");

if (process.env.SIGNER_TOKEN_LABEL) {
  if (process.env.DATABASE_URL || process.env.SIGNER_DATABASE_URL) {
    const signer = spawn(process.execPath, ["dist/server/signer.js"], { stdio: "inherit" });
    // The server stops on these signals; its child goes with it.
    for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => signer.kill(signal));
    process.once("exit", () => signer.kill());
  } else {
    console.warn(
      "The payout signer needs PostgreSQL (DATABASE_URL): the embedded database is the web process's alone. Autopilot sends nothing.",
    );
  }
}
