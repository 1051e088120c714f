// `npm start`: builds the app when the build is missing or older than the
// sources, then runs the bundled server.
import { execSync } from "node:child_process";
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
