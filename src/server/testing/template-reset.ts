/*
 * Brings a test app's database back to the migrated template's state, so that the next
 * test app can have it: emptying its tables and putting back the template's rows costs a
 * fraction of a fresh copy (2 CPU-s to start a PGlite, 0.3-0.8 s to copy and drop a
 * PostgreSQL database). Only a database whose test left nothing behind but rows is reset.
 */

/** What the reset needs of a connection to the database. */
export interface SqlSession {
  rows<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Runs statements separated by semicolons, as one transaction. */
  run(text: string): Promise<void>;
}

/**
 * On a server of its own (PGlite) the roles and the planner's statistics are the test's;
 * on a shared PostgreSQL server other test files create roles, and autovacuum analyzes.
 */
export type ServerKind = "own" | "shared";

export interface TemplateState {
  /** The catalog as the template has it (catalogFingerprint). */
  fingerprint: string;
  /** SQL that empties every table and puts back the template's rows and sequences. */
  reset: string;
}

/** Reads, from a database fresh from the template, what a reset must restore. */
export async function readTemplateState(
  session: SqlSession,
  server: ServerKind,
): Promise<TemplateState> {
  const tables = await session.rows<{ name: string; columns: string }>(`
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
    const [json] = await session.rows<{ quoted: string | null }>(
      `SELECT quote_literal(jsonb_agg(t)::text) AS quoted FROM ${name} AS t`,
    );
    if (!json?.quoted) continue;
    inserts.push(
      `INSERT INTO ${name} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM jsonb_populate_recordset(NULL::${name}, ${json.quoted})`,
    );
  }
  const sequences = await session.rows<{ setval: string }>(`
    SELECT format('SELECT setval(%L, %s, %s)', format('%I.%I', schemaname, sequencename),
                  coalesce(last_value, start_value),
                  CASE WHEN last_value IS NULL THEN 'false' ELSE 'true' END) AS setval
      FROM pg_sequences`);
  // Triggers, foreign keys among them, stay quiet while the tables empty and the
  // template's rows go back: they were checked once already. DELETE, not TRUNCATE:
  // PostgreSQL's TRUNCATE makes new files for every table and index (0.4 s for these).
  const reset = [
    "SET session_replication_role = replica",
    ...tables.map((table) => `DELETE FROM ${table.name}`),
    ...inserts,
    ...sequences.map((sequence) => sequence.setval),
    "RESET session_replication_role",
  ].join(";\n");
  return { fingerprint: await catalogFingerprint(session, server), reset };
}

/**
 * Resets the database to the template's rows when its catalog is still the template's;
 * answers whether it did (if not, the database is not to be used again).
 */
export async function resetToTemplate(
  session: SqlSession,
  state: TemplateState,
  server: ServerKind,
): Promise<boolean> {
  if ((await catalogFingerprint(session, server)) !== state.fingerprint) return false;
  await session.run(state.reset);
  return true;
}

/**
 * What a test could change beside rows: relations, columns, defaults, constraints,
 * triggers (and whether they fire), functions, schemas, extensions, the database's
 * settings and, on a server of its own, roles and the planner's statistics. Object ids
 * make a dropped and re-created object count as a change.
 */
async function catalogFingerprint(session: SqlSession, server: ServerKind): Promise<string> {
  const ownServerOnly = `
      UNION ALL SELECT concat_ws(':', 'role', oid, rolname, rolsuper, rolcanlogin) FROM pg_roles
      UNION ALL SELECT concat_ws(':', 'role setting', setrole, setconfig) FROM pg_db_role_setting
        WHERE setdatabase = 0
      UNION ALL SELECT concat_ws(':', 'statistics', count(*)) FROM pg_statistic`;
  const [row] = await session.rows<{ fingerprint: string }>(`
    SELECT md5(string_agg(entry, ',' ORDER BY entry)) AS fingerprint FROM (
      SELECT concat_ws(':', 'class', oid, relname, relkind, relacl, relrowsecurity) AS entry FROM pg_class
      UNION ALL SELECT concat_ws(':', 'column', attrelid, attname, atttypid, attnotnull, atthasdef, attisdropped)
        FROM pg_attribute WHERE attnum > 0 AND attrelid >= 16384
      UNION ALL SELECT concat_ws(':', 'default', adrelid, adnum, md5(pg_get_expr(adbin, adrelid))) FROM pg_attrdef
      UNION ALL SELECT concat_ws(':', 'constraint', oid, conname, convalidated) FROM pg_constraint
      UNION ALL SELECT concat_ws(':', 'trigger', oid, tgname, tgenabled) FROM pg_trigger
      UNION ALL SELECT concat_ws(':', 'function', oid, proname, md5(prosrc)) FROM pg_proc WHERE oid >= 16384
      UNION ALL SELECT concat_ws(':', 'schema', oid, nspname, nspacl) FROM pg_namespace
      UNION ALL SELECT concat_ws(':', 'extension', extname, extversion) FROM pg_extension
      UNION ALL SELECT concat_ws(':', 'setting', setrole, setconfig) FROM pg_db_role_setting
        WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())
      ${server === "own" ? ownServerOnly : ""}
    ) AS catalog`);
  return row?.fingerprint ?? "";
}
