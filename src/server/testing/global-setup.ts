import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";
import { createPglite, openPostgres, wrapPglite } from "../platform/db/database";
import { migrateToLatest } from "../platform/db/migrate";
import { migrationAuthOptions } from "./migration-database";
import {
  copiesOfTemplate,
  databasesNamedFrom,
  databaseUrl,
  dropPostgresDatabase,
  runOnServer,
} from "./postgres";
import { REPO_ROOT } from "./run-process";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The folder of the server's entry points bundled for this run (run-process.ts). */
    serverBundle: string;
    /** The migrated database each test app's copies on the PostgreSQL run (postgres project only). */
    postgresTemplate?: string;
  }
}

/**
 * Migrates one PGlite database and dumps it, so each test file starts from a copy in
 * ~0.3 s. For the postgres project, also one migrated database on TEST_DATABASE_URL's
 * server that each test app's database is created from (CREATE DATABASE … TEMPLATE):
 * migrating an empty database took 2-3 s a test app on a 2-core machine, the copy 0.2-0.4 s.
 * And the server's entry points, bundled once for the processes the tests start.
 */
export default async function setup(project: TestProject) {
  const directory = mkdtempSync(join(tmpdir(), "rupeedesk-template-"));
  const pglite = await createPglite();
  const database = wrapPglite(pglite);
  await migrateToLatest(database.db, migrationAuthOptions(database.db));
  const dump = await pglite.dumpDataDir("none");
  const file = join(directory, "template.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("pgliteTemplate", file);
  const bundle = await bundleServer();
  project.provide("serverBundle", bundle);
  const dropPostgresTemplate = await providePostgresTemplate(project);
  return async () => {
    rmSync(directory, { recursive: true, force: true });
    rmSync(bundle, { recursive: true, force: true });
    await dropPostgresTemplate?.();
  };
}

/**
 * Bundles the server's entry points as `npm run build` does, beside the npm packages they
 * import, in a folder of this run's own (a run beside it may be bundling other sources).
 */
async function bundleServer(): Promise<string> {
  const cache = join(REPO_ROOT, "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  const folder = mkdtempSync(join(cache, "rupeedesk-server-"));
  await promisify(execFile)(process.execPath, ["scripts/build-server.mjs", folder], {
    cwd: REPO_ROOT,
  });
  return folder;
}

/** The postgres project's migrated template database, and the function that drops it. */
async function providePostgresTemplate(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (project.config.env?.TEST_DB !== "postgres" || !serverUrl) return undefined;
  const name = `rupeedesk_template_${randomBytes(6).toString("hex")}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
  // A template takes no connections while it is copied: this one closes before any test.
  const template = openPostgres(databaseUrl(serverUrl, name));
  try {
    await migrateToLatest(template.db, migrationAuthOptions(template.db));
  } finally {
    await template.close();
  }
  project.provide("postgresTemplate", name);
  return async () => {
    for (const copy of await databasesNamedFrom(serverUrl, copiesOfTemplate(name))) {
      await dropPostgresDatabase(serverUrl, copy);
    }
    await dropPostgresDatabase(serverUrl, name);
  };
}
