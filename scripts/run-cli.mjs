// `npm run backup`, `npm run restore`, `npm run db:migrate`, `npm run signer`: the sources through tsx
// where the dev dependencies are installed, otherwise the build (dist/server), as
// in a production install without them.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const [name, ...args] = process.argv.slice(2);
let hasTsx = true;
try {
  createRequire(import.meta.url).resolve("tsx");
} catch {
  hasTsx = false;
}
// The payout signer is a program of its own (src/signer), the rest the server's commands.
const source = name === "signer" ? "src/signer/main.ts" : `src/server/app/cli/${name}.ts`;
const nodeArgs = hasTsx
  ? ["--import", "tsx", source, ...args]
  : [`dist/server/${name}.js`, ...args];
const result = spawnSync(process.execPath, nodeArgs, { stdio: "inherit" });
process.exit(result.status ?? 1);
