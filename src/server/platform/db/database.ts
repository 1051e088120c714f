import { join } from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type CompiledQuery, Kysely, PostgresDialect, type RawBuilder, sql } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import { makePrivateDirectory } from "../files/private-directory";
import type { DB } from "./schema";

export type Database = Kysely<DB>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Calls back with each NOTIFY payload on the channel until the returned stop is called. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Runs `work` while no other process of this app runs work under the same lock on
   * this database: start-up steps (migrations, the first admin) of processes that
   * start together behind one load balancer.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` unless another process runs work under the same key right now;
   * answers whether it ran. For a task one of several processes should do
   * (the daily backup).
   */
  ifNoOtherProcess(key: number, work: () => Promise<void>): Promise<boolean>;
  /** The embedded database itself (backups dump its data directory). */
  pglite?: PGlite;
  /** The PostgreSQL server's URL (backups run pg_dump on it) and the app's pool. */
  postgres?: { url: string; pool: pg.Pool };
  close(): Promise<void>;
}

/** PostgreSQL when a URL is given, otherwise PGlite stored under `dataDir/pgdata`. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  makePrivateDirectory(options.dataDir);
  const directory = join(options.dataDir, "pgdata");
  makePrivateDirectory(directory);
  return wrapPglite(await createPglite({ dataDir: directory }));
}

/**
 * PGlite with the extensions our migrations create (pg_trgm, for the admin's
 * e-mail search). Every PGlite must be opened through this: a database whose
 * indexes use an extension cannot be read or written without it.
 */
export function createPglite(options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { ...options.extensions, pg_trgm } });
}

/** Marks a hot statement's SQL: `/* prepared:name *\/` at its start. */
export function preparedStatement(name: string) {
  return sql.raw(`/* prepared:${name} */`);
}

/** Stands for the one JSON parameter of a statement compiled once (`compiledOnce`). */
const JSON_PARAMETER = "\u0000json";

/**
 * A statement whose text never changes, built and compiled once per database, with
 * each run's JSON in place of the parameter `build` is given: building a statement of a few hundred
 * fragments cost a hot path more than running it.
 */
export function compiledOnce<Row>(build: (json: string) => RawBuilder<Row>) {
  const compiled = new WeakMap<Kysely<DB>, CompiledQuery<Row>>();
  return (db: Kysely<DB>, json: string): CompiledQuery<Row> => {
    let query = compiled.get(db);
    if (!query) {
      query = build(JSON_PARAMETER).compile(db);
      compiled.set(db, query);
    }
    return {
      ...query,
      parameters: query.parameters.map((value) => (value === JSON_PARAMETER ? json : value)),
    };
  };
}
const PREPARED_MARK = /^\s*(?:select\s+)?\/\* prepared:([a-z_]+) \*\//i;

/**
 * Runs statements marked with `preparedStatement` as named prepared statements:
 * PostgreSQL parses and plans them once per connection instead of per request
 * (the order and session queries spend as long planning as running). Marked
 * statements list their columns, so a migration adding one cannot break a plan
 * cached by a running server.
 */
function prepareMarkedStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  Object.assign(client, {
    query: (...args: unknown[]) => {
      const [text, values] = args;
      const name = typeof text === "string" ? PREPARED_MARK.exec(text)?.[1] : undefined;
      return name && args.length === 2 ? query({ name, text, values }) : query(...args);
    },
  });
}

/**
 * Planner settings of every connection the app opens (docs/decisions/016): its
 * statements read a bounded number of rows through indexes, where JIT
 * compilation (up to seconds) and parallel workers (milliseconds to start) cost
 * more than they save, yet PostgreSQL picks them for plans with high-costed
 * branches that never run, such as the admin's order search.
 */
const CONNECTION_SETTINGS = "SET jit = off; SET max_parallel_workers_per_gather = 0";

export function openPostgres(connectionString: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on("connect", (client) => {
    prepareMarkedStatements(client);
    // Queued before the statement the connection was opened for, so it costs no
    // wait of its own. A server without these settings keeps its defaults.
    client.query(CONNECTION_SETTINGS).catch(() => {});
  });
  // An idle connection the server closes (restart, failover) must not crash the
  // process; the pool drops it and opens a new one when needed.
  pool.on("error", () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: "postgres",
    listen: (channel, onPayload) => listenOnPostgres(connectionString, channel, onPayload),
    exclusively: (work) => withAdvisoryLock(connectionString, STARTUP_LOCK_KEY, work),
    ifNoOtherProcess: (key, work) => withTryAdvisoryLock(connectionString, key, work),
    postgres: { url: connectionString, pool },
    close: () => db.destroy(),
  };
}

/** Any fixed number, ours alone among the advisory locks taken on the database. */
const STARTUP_LOCK_KEY = 7_314_201_866;

/** Holds a session-level advisory lock on a connection of its own while `work` runs. */
async function withAdvisoryLock<T>(
  connectionString: string,
  key: number,
  work: () => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [key]);
    return await work();
  } finally {
    // Ending the session releases the lock, also when the unlock could not be sent.
    await client.end();
  }
}

/** Like withAdvisoryLock, but gives up at once when another session holds the lock. */
async function withTryAdvisoryLock(
  connectionString: string,
  key: number,
  work: () => Promise<void>,
): Promise<boolean> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      "SELECT pg_try_advisory_lock($1) AS locked",
      [key],
    );
    if (!rows[0]?.locked) return false;
    await work();
    return true;
  } finally {
    await client.end();
  }
}

/** A dedicated connection that LISTENs, and reconnects when the server drops it. */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let isStopped = false;
  const connect = async () => {
    const next = new pg.Client({ connectionString });
    next.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on("error", () => {
      next.end().catch(() => {});
      if (!isStopped) setTimeout(() => connect().catch(() => {}), 1000);
    });
    await next.connect();
    await next.query(`LISTEN "${channel.replace(/"/g, "")}"`);
    client = next;
  };
  await connect();
  return async () => {
    isStopped = true;
    await client?.end().catch(() => {});
  };
}

export function wrapPglite(pglite: PGlite): DatabaseHandle {
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: "pglite",
    listen: (channel, onPayload) => pglite.listen(channel, onPayload).then((stop) => () => stop()),
    // One process owns a PGlite data directory.
    exclusively: (work) => work(),
    ifNoOtherProcess: async (_key, work) => {
      await work();
      return true;
    },
    pglite,
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
