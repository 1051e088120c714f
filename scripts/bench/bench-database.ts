import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import pino from "pino";
import { openRuntime } from "../../src/server/app/runtime";
import { parseEnv } from "../../src/server/platform/config/env";

/** The PostgreSQL server benchmarks run on (a fresh database is made on it per run). */
export const BENCH_SERVER_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";

async function run(statement: string) {
  const client = new pg.Client({ connectionString: BENCH_SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates an empty database for one benchmark; `drop` removes it. */
export async function createBenchDatabase(label: string) {
  const name = `rupeedesk_bench_${label}_${randomBytes(4).toString("hex")}`;
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(BENCH_SERVER_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The p-th percentile (0–100) of a list of numbers. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/**
 * The app's runtime for an in-process benchmark: on a fresh PostgreSQL database, or
 * on the embedded one with BENCH_DB=pglite (BENCH_DB=postgres where the embedded one is
 * the benchmark's default). `close` stops it and drops the database.
 */
export async function openBenchRuntime(
  label: string,
  { byDefault = "postgres" }: { byDefault?: "postgres" | "pglite" } = {},
) {
  const usePglite = (process.env.BENCH_DB ?? byDefault) === "pglite";
  const database = usePglite ? null : await createBenchDatabase(label);
  const runtime = await openRuntime(
    parseEnv({
      ...(database ? { DATABASE_URL: database.url } : {}),
      DATA_DIR: mkdtempSync(join(tmpdir(), "rupeedesk-bench-")),
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    }),
    { logger: pino({ level: "error" }) },
  );
  return {
    runtime,
    usePglite,
    /** The fresh PostgreSQL database's URL; null on the embedded one. */
    databaseUrl: database?.url ?? null,
    close: async () => {
      await runtime.close();
      await database?.drop();
    },
  };
}
