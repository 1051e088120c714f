// Bundles the server into dist/server, or the folder given (the tests bundle it once a
// run, to start its processes without compiling it again each time); npm packages stay external.
import { build } from "esbuild";

const outdir = process.argv[2] ?? "dist/server";

await build({
  entryPoints: {
    main: "src/server/app/main.ts",
    "create-admin": "src/server/app/cli/create-admin.ts",
    "db-migrate": "src/server/app/cli/db-migrate.ts",
    backup: "src/server/app/cli/backup.ts",
    restore: "src/server/app/cli/restore.ts",
    "reencrypt-documents": "src/server/app/cli/reencrypt-documents.ts",
    // The payout signer's process (`npm run signer`), apart from the web's.
    signer: "src/signer/main.ts",
    // Started by read-off-thread.ts, which finds it beside main.js.
    "statement-worker": "src/server/domains/reconciliation/statement-worker.ts",
  },
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
