// Bundles the server into dist/server; npm packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: {
    main: "src/server/main.ts",
    "create-admin": "src/server/cli/create-admin.ts",
    backup: "src/server/cli/backup.ts",
    restore: "src/server/cli/restore.ts",
    "reencrypt-documents": "src/server/cli/reencrypt-documents.ts",
    // Started by read-off-thread.ts, which finds it beside main.js.
    "statement-worker": "src/server/admin/reconciliation/statement-worker.ts",
  },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
