import { readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { createPglite, type DatabaseHandle, wrapPglite } from "../platform/db/database";

/*
 * PGlite databases in the migrated template's state, for the test apps of one Vitest worker.
 * Starting PGlite from the template cost about 2 CPU-s a test app, a quarter of the PGlite
 * project's CPU; emptying a closed app's tables and putting back the template's rows costs
 * a tenth of that. A database is used again only if its test left nothing behind but rows:
 * one whose schema, roles, settings, planner statistics or query function changed, or whose
 * reset failed, is closed and never handed out again.
 */

interface TemplateState {
  /** The catalog as the template has it (catalogFingerprint). */
  fingerprint: string;
  /** SQL that empties every table and puts back the template's rows and sequences. */
  reset: string;
}

const idle: PGlite[] = [];
let templateState: Promise<TemplateState> | undefined;

/** A database at the template's state; closing the handle gives it back for the next test app. */
export async function openTemplateDatabase(): Promise<DatabaseHandle> {
  const pglite = idle.pop() ?? (await startFromTemplate());
  templateState ??= readTemplateState(pglite);
  const state = await templateState;
  const handle = wrapPglite(lend(pglite));
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await giveBack(pglite, state);
    },
  };
}

/**
 * The database as one test app sees it: closed for good once the app closes, as a database
 * of its own would be, though the next test app is given the same one.
 */
function lend(pglite: PGlite): PGlite {
  let isGivenBack = false;
  return new Proxy(pglite, {
    get(target, property) {
      if (property === "closed") return isGivenBack || target.closed;
      if (property === "close") {
        return async () => {
          isGivenBack = true;
        };
      }
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (isGivenBack) throw new Error("PGlite is closed");
        return value.apply(target, args);
      };
    },
  });
}

/** A new PGlite from the run's migrated template. */
export async function startFromTemplate(): Promise<PGlite> {
  const template = new Blob([readFileSync(inject("pgliteTemplate"))]);
  return createPglite({ loadDataDir: template });
}

async function giveBack(pglite: PGlite, state: TemplateState) {
  if (pglite.closed) return;
  try {
    if (hasPatchedMethods(pglite)) throw new Error("a test replaced a method of the database");
    if ((await catalogFingerprint(pglite)) !== state.fingerprint) {
      throw new Error("a test changed the database's catalog");
    }
    // Not in the reset's statements: a list of them runs as one transaction, which DISCARD refuses.
    await pglite.exec("DISCARD ALL");
    await pglite.exec(state.reset);
    idle.push(pglite);
  } catch {
    await pglite.close().catch(() => {});
  }
}

/** A statement recorder (statement-recorder.ts) swaps `query` while it counts. */
function hasPatchedMethods(pglite: PGlite): boolean {
  const prototype = Object.getPrototypeOf(pglite) as PGlite;
  return (["query", "exec", "transaction"] as const).some(
    (name) => pglite[name] !== prototype[name],
  );
}

/**
 * What a test could change beside rows: relations, columns, defaults, constraints,
 * triggers (and whether they fire), functions, schemas, roles, extensions, per-database
 * settings and the planner's statistics. Object ids make a dropped and re-created object
 * count as a change.
 */
async function catalogFingerprint(pglite: PGlite): Promise<string> {
  const { rows } = await pglite.query<{ fingerprint: string }>(`
    SELECT md5(string_agg(entry, ',' ORDER BY entry)) AS fingerprint FROM (
      SELECT concat_ws(':', 'class', oid, relname, relkind, relacl, relrowsecurity) AS entry FROM pg_class
      UNION ALL SELECT concat_ws(':', 'column', attrelid, attname, atttypid, attnotnull, atthasdef, attisdropped)
        FROM pg_attribute WHERE attnum > 0 AND attrelid >= 16384
      UNION ALL SELECT concat_ws(':', 'default', adrelid, adnum, md5(pg_get_expr(adbin, adrelid))) FROM pg_attrdef
      UNION ALL SELECT concat_ws(':', 'constraint', oid, conname, convalidated) FROM pg_constraint
      UNION ALL SELECT concat_ws(':', 'trigger', oid, tgname, tgenabled) FROM pg_trigger
      UNION ALL SELECT concat_ws(':', 'function', oid, proname, md5(prosrc)) FROM pg_proc WHERE oid >= 16384
      UNION ALL SELECT concat_ws(':', 'schema', oid, nspname, nspacl) FROM pg_namespace
      UNION ALL SELECT concat_ws(':', 'role', oid, rolname, rolsuper, rolcanlogin) FROM pg_roles
      UNION ALL SELECT concat_ws(':', 'extension', extname, extversion) FROM pg_extension
      UNION ALL SELECT concat_ws(':', 'setting', setdatabase, setrole, setconfig) FROM pg_db_role_setting
      UNION ALL SELECT concat_ws(':', 'statistics', count(*)) FROM pg_statistic
    ) AS catalog`);
  return rows[0]?.fingerprint ?? "";
}

/** Reads, from a database fresh from the template, what giving one back must restore. */
async function readTemplateState(pglite: PGlite): Promise<TemplateState> {
  const { rows: tables } = await pglite.query<{ name: string; columns: string }>(`
    SELECT c.oid::regclass::text AS name,
           string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) AS columns
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                         AND a.attgenerated = ''
     WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
     GROUP BY c.oid`);
  const inserts: string[] = [];
  for (const { name, columns } of tables) {
    const { rows } = await pglite.query<{ rows: string | null }>(
      `SELECT jsonb_agg(t)::text AS rows FROM ${name} AS t`,
    );
    const json = rows[0]?.rows;
    if (!json) continue;
    const { rows: literal } = await pglite.query<{ quoted: string }>(
      "SELECT quote_literal($1) AS quoted",
      [json],
    );
    inserts.push(
      `INSERT INTO ${name} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM jsonb_populate_recordset(NULL::${name}, ${literal[0]?.quoted})`,
    );
  }
  const { rows: sequences } = await pglite.query<{ setval: string }>(`
    SELECT format('SELECT setval(%L, %s, %s)', format('%I.%I', schemaname, sequencename),
                  coalesce(last_value, start_value),
                  CASE WHEN last_value IS NULL THEN 'false' ELSE 'true' END) AS setval
      FROM pg_sequences`);
  // Triggers stay quiet while the template's rows go back: they were written once already.
  const reset = [
    "SET session_replication_role = replica",
    `TRUNCATE ${tables.map((table) => table.name).join(", ")}`,
    ...inserts,
    ...sequences.map((sequence) => sequence.setval),
    "RESET session_replication_role",
  ].join(";\n");
  return { fingerprint: await catalogFingerprint(pglite), reset };
}
