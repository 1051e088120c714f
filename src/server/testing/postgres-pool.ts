import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openPostgres } from "../platform/db/database";
import { copiesOfTemplate, databaseUrl, dropPostgresDatabase, runOnServer } from "./postgres";
import {
  readTemplateState,
  resetToTemplate,
  type SqlSession,
  type TemplateState,
} from "./template-reset";

/*
 * The postgres project's databases in the migrated template's state, for the test apps of
 * one Vitest worker. Copying the template and dropping the copy cost 0.3 s alone and up to
 * 0.8 s beside the other worker; a reset (template-reset.ts) costs a few hundredths of that.
 * A database still connected to after its app closed (a process a test started), or whose
 * catalog changed, or whose reset failed, is dropped instead. The run's global teardown
 * drops those still idle.
 */

const idle: string[] = [];
let templateState: Promise<TemplateState> | undefined;

/**
 * A database at the template's state (`fresh`: a new copy, never used); closing the handle
 * gives it back for the next test app.
 */
export async function openPostgresTemplateDatabase(
  serverUrl: string,
  { fresh = false } = {},
): Promise<{ database: DatabaseHandle; url: string }> {
  const name = (!fresh && idle.pop()) || (await copyTemplate(serverUrl));
  const url = databaseUrl(serverUrl, name);
  // The worker's first database is a new copy: idle fills only once one is given back.
  templateState ??= withSession(url, (session) => readTemplateState(session, "shared"));
  const state = await templateState;
  const database = openPostgres(url);
  return {
    database: {
      ...database,
      close: async () => {
        await database.close();
        await giveBack(serverUrl, name, state);
      },
    },
    url,
  };
}

async function copyTemplate(serverUrl: string): Promise<string> {
  const template = inject("postgresTemplate");
  if (!template) throw new Error("The postgres project's template database is not set up");
  const name = `${copiesOfTemplate(template)}${randomBytes(6).toString("hex")}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  return name;
}

async function giveBack(serverUrl: string, name: string, state: TemplateState) {
  const isReset = await withSession(databaseUrl(serverUrl, name), async (session) => {
    const [others] = await session.rows<{ count: number }>(
      "SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    return others?.count === 0 && (await resetToTemplate(session, state, "shared"));
  }).catch(() => false);
  if (isReset) idle.push(name);
  else await dropPostgresDatabase(serverUrl, name);
}

async function withSession<T>(url: string, use: (session: SqlSession) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use({
      rows: async <Row>(text: string, params?: unknown[]) =>
        (await client.query(text, params)).rows as Row[],
      run: async (text) => {
        await client.query(text);
      },
    });
  } finally {
    await client.end();
  }
}
