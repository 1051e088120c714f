import { randomBytes } from "node:crypto";
import pg from "pg";

/** Whether this test run is the one on the PostgreSQL server (TEST_DATABASE_URL). */
export function isPostgresRun(): boolean {
  return process.env.TEST_DB === "postgres" && Boolean(process.env.TEST_DATABASE_URL);
}

/**
 * On the PostgreSQL run, a new database on TEST_DATABASE_URL's server (empty, or a
 * copy of `template`) and the function that drops it; on the PGlite run, undefined.
 */
export async function scratchPostgresDatabase(prefix: string, template?: string) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!isPostgresRun() || !serverUrl) return undefined;
  const name = `rupeedesk_${prefix}_${randomBytes(6).toString("hex")}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  return { url: databaseUrl(serverUrl, name), drop: () => dropPostgresDatabase(serverUrl, name) };
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function dropPostgresDatabase(serverUrl: string, name: string) {
  return runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

export async function runOnServer(serverUrl: string, statement: string) {
  await queryServer(serverUrl, statement);
}

async function queryServer(serverUrl: string, statement: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(statement, params)).rows;
  } finally {
    await client.end();
  }
}

/** The prefix of the names of the copies of `template` the test apps use (postgres-pool.ts). */
export function copiesOfTemplate(template: string) {
  return `${template}_copy_`;
}

/** The databases on the server whose names start with `prefix`. */
export async function databasesNamedFrom(serverUrl: string, prefix: string): Promise<string[]> {
  const rows = await queryServer(
    serverUrl,
    "SELECT datname FROM pg_database WHERE starts_with(datname, $1)",
    [prefix],
  );
  return rows.map((row: { datname: string }) => row.datname);
}
