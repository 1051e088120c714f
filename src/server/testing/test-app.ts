import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import pino, { type Logger } from "pino";
import { inject } from "vitest";
import { createApp } from "../app";
import { createPglite, type DatabaseHandle, openPostgres, wrapPglite } from "../db/database";
import { parseEnv } from "../env";
import { openRuntime } from "../runtime";

export const TEST_ORIGIN = "http://localhost:3000";

/**
 * A fresh app on a fresh database for one test file: a copy of the migrated
 * PGlite template, or a new database on TEST_DATABASE_URL's server when the
 * suite runs with TEST_DB=postgres. E-mails land in `mailDir`; logs go to
 * `logger` (none by default).
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  { logger = pino({ level: "silent" }) }: { logger?: Logger } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), "rupeedesk-test-"));
  const env = parseEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    TRUST_PROXY: "true",
    LOG_LEVEL: "silent",
    ...overrides,
  });
  const { database, dropDatabase } = await openTestDatabase();
  const runtime = await openRuntime(env, { database, logger });
  const app = createApp(runtime.context);
  return {
    app,
    db: runtime.context.db,
    auth: runtime.context.auth,
    outbox: runtime.outbox,
    mailDir: join(dataDir, "mail"),
    kind: database.kind,
    async close() {
      await runtime.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

async function openTestDatabase(): Promise<{
  database: DatabaseHandle;
  dropDatabase: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB === "postgres" && serverUrl) {
    const name = `rupeedesk_test_${randomBytes(6).toString("hex")}`;
    await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      database: openPostgres(url.toString()),
      dropDatabase: () => runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const template = new Blob([readFileSync(inject("pgliteTemplate"))]);
  const pglite = await createPglite({ loadDataDir: template });
  return { database: wrapPglite(pglite), dropDatabase: async () => {} };
}

async function runOnServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
