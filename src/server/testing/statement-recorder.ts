import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type { DatabaseHandle } from "../platform/db/database";

/*
 * What a piece of work costs the database, counted at the driver (every
 * statement the app's connections send, BEGIN and COMMIT included), for tests
 * that guard a hot path by its cost rather than by its time: a count does not
 * depend on how busy the machine is.
 */

export interface RecordedStatement {
  sql: string;
  /** Shared buffers its execution read (hit or from disk), with `explain`. */
  buffers?: number;
}

export interface Recording {
  statements: RecordedStatement[];
  /** Explicit transactions, plus statements sent outside one (each commits on its own). */
  transactions: number;
  /** The statements' buffers, summed, with `explain`. */
  buffers: number;
}

type Query = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

const BEGINS = /^\s*(begin|start\s+transaction)\b/i;
const ENDS = /^\s*(commit|rollback|end)\b/i;
const EXPLAINABLE = /^\s*(\/\*.*?\*\/\s*)?(select|insert|update|delete|with)\b/is;

/**
 * Records the statements sent from now until `stop()`. With `explain`, each
 * SELECT, INSERT, UPDATE, DELETE or WITH statement is first run under
 * `EXPLAIN (ANALYZE, BUFFERS)` and rolled back, then run for real, so the
 * recording says how many buffers each read. Explaining changes what a
 * statement does to sequences only.
 */
export function recordStatements(
  database: DatabaseHandle,
  { explain = false }: { explain?: boolean } = {},
) {
  const recording: Recording = { statements: [], transactions: 0, buffers: 0 };
  let isRecording = true;

  /** Wraps one connection's query function; a connection is in one transaction at a time. */
  const counting = (query: Query): Query => {
    let inTransaction = false;
    return async (text, values) => {
      if (!isRecording || typeof text !== "string") return query(text, values);
      const statement: RecordedStatement = { sql: text };
      recording.statements.push(statement);
      if (BEGINS.test(text)) {
        recording.transactions += 1;
        inTransaction = true;
      } else if (ENDS.test(text)) {
        inTransaction = false;
      } else {
        if (!inTransaction) recording.transactions += 1;
        if (explain && EXPLAINABLE.test(text)) {
          statement.buffers = await buffersRead(query, text, values, inTransaction);
          recording.buffers += statement.buffers;
        }
      }
      return query(text, values);
    };
  };

  const restore = database.pglite
    ? wrapPglite(database.pglite, counting)
    : wrapPool(requirePool(database), counting);
  return {
    stop(): Recording {
      isRecording = false;
      restore();
      return recording;
    },
  };
}

/** Runs the statement under EXPLAIN ANALYZE, undone at once, and answers the buffers its plan read. */
async function buffersRead(
  query: Query,
  text: string,
  values: unknown[] | undefined,
  inTransaction: boolean,
): Promise<number> {
  await query(inTransaction ? "SAVEPOINT explained" : "BEGIN");
  try {
    const { rows } = await query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, values);
    const output = Object.values(rows[0] ?? {})[0];
    const [plan] = (typeof output === "string" ? JSON.parse(output) : output) as {
      Plan: Record<string, number>;
    }[];
    return (plan?.Plan["Shared Hit Blocks"] ?? 0) + (plan?.Plan["Shared Read Blocks"] ?? 0);
  } finally {
    await query(inTransaction ? "ROLLBACK TO SAVEPOINT explained" : "ROLLBACK");
  }
}

function wrapPglite(pglite: PGlite, counting: (query: Query) => Query) {
  const original = pglite.query;
  pglite.query = counting(original.bind(pglite) as unknown as Query) as unknown as PGlite["query"];
  return () => {
    pglite.query = original;
  };
}

function requirePool(database: DatabaseHandle): pg.Pool {
  if (!database.postgres) throw new Error("The database is neither PGlite nor a pg pool");
  return database.postgres.pool;
}

/** Wraps each connection as the pool hands it out; the original query comes back at stop. */
function wrapPool(pool: pg.Pool, counting: (query: Query) => Query) {
  const wrapped = new Map<pg.PoolClient, pg.PoolClient["query"]>();
  const onAcquire = (client: pg.PoolClient) => {
    if (wrapped.has(client)) return;
    const original = client.query;
    wrapped.set(client, original);
    client.query = counting(
      original.bind(client) as unknown as Query,
    ) as unknown as typeof original;
  };
  pool.on("acquire", onAcquire);
  return () => {
    pool.off("acquire", onAcquire);
    for (const [client, original] of wrapped) client.query = original;
  };
}
