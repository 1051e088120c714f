import { randomBytes } from "node:crypto";
import pg from "pg";

/** Whether this test run is the one on the PostgreSQL server (TEST_DATABASE_URL). */
export function isPostgresRun(): boolean {
  return process.env.TEST_DB === "postgres" && Boolean(process.env.TEST_DATABASE_URL);
}

/**
 * On the PostgreSQL run, a new empty database on TEST_DATABASE_URL's server and
 * the function that drops it; on the PGlite run, undefined.
 */
export async function scratchPostgresDatabase(prefix: string) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!isPostgresRun() || !serverUrl) return undefined;
  const name = `rupeedesk_${prefix}_${randomBytes(6).toString("hex")}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
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
