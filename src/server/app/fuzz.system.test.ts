import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInAdmin, signedInCustomer } from "../testing/actors";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createClient, RawBody } from "../testing/test-client";

/*
 * Sends generated bad input to every operation in /api/openapi.json, as each
 * kind of caller, and checks that nothing answers 5xx and that no refused
 * request writes a row. FUZZ_RUNS sets how many requests (CI: 10,000).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);
const METHODS = ["get", "post", "put", "patch", "delete"];

interface Operation {
  method: string;
  path: string;
  isAuth: boolean;
  bodyKeys: string[];
}

let testApp: TestApp;
let operations: Operation[] = [];
let callers: Record<"anonymous" | "customer" | "admin", Client>;

beforeAll(async () => {
  testApp = await createTestApp();
  const document = (await (await testApp.app.request("/api/openapi.json")).json()) as {
    paths: Record<string, Record<string, { requestBody?: unknown; responses?: unknown }>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      // Event streams never end; order-stream and multi-process tests cover them.
      .filter(([method, operation]) => METHODS.includes(method) && !isEventStream(operation))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        isAuth: path.startsWith("/api/auth/"),
        bodyKeys: Object.keys(
          (
            operation.requestBody as {
              content?: Record<string, { schema?: { properties?: object } }>;
            }
          )?.content?.["application/json"]?.schema?.properties ?? {},
        ),
      })),
  );
  callers = {
    anonymous: createClient(testApp),
    customer: await signedInCustomer(testApp),
    admin: await signedInAdmin(testApp),
  };
  await countWatchedWrites();
  // The count moves with a watched write, or every refusal would pass unseen.
  const before = await watchedWrites();
  await sql`UPDATE site_settings SET updated_at = updated_at WHERE id = 1`.execute(testApp.db);
  expect(await watchedWrites()).not.toBe(before);
}, 60_000);
afterAll(() => testApp.close());

function isEventStream(operation: unknown): boolean {
  const responses = (operation as { responses?: Record<string, { content?: object }> }).responses;
  return Object.keys(responses?.["200"]?.content ?? {}).includes("text/event-stream");
}

/**
 * The writes a refused request must not make: rows our tables gain or lose, and rows of
 * users, orders and the site's settings changed.
 */
const WATCHED_WRITES: Record<string, string> = {
  user: "INSERT OR UPDATE OR DELETE",
  account: "INSERT OR DELETE",
  verification: "INSERT OR DELETE",
  orders: "INSERT OR UPDATE OR DELETE",
  order_events: "INSERT OR DELETE",
  audit_log: "INSERT OR DELETE",
  notification_outbox: "INSERT OR DELETE",
  site_settings: "UPDATE",
};

/**
 * Counts WATCHED_WRITES row by row, by triggers in this test's own database, so that one
 * read of a one-row table tells whether a request wrote: counting every watched table
 * before and after each request took a third of the test's CPU time. A row's write and
 * its count commit (or roll back) together, and an insert and a delete no longer cancel out.
 */
async function countWatchedWrites() {
  await sql`CREATE TABLE fuzz_watched_writes (count bigint NOT NULL)`.execute(testApp.db);
  await sql`INSERT INTO fuzz_watched_writes VALUES (0)`.execute(testApp.db);
  await sql`
    CREATE FUNCTION fuzz_count_watched_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE fuzz_watched_writes SET count = count + 1;
      RETURN NULL;
    END $$`.execute(testApp.db);
  for (const [table, events] of Object.entries(WATCHED_WRITES)) {
    await sql`
      CREATE TRIGGER fuzz_count_watched_write AFTER ${sql.raw(events)} ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION fuzz_count_watched_write()`.execute(testApp.db);
  }
}

/** How many watched rows have been written so far. */
async function watchedWrites(): Promise<string> {
  const { rows } = await sql<{ count: string }>`SELECT count FROM fuzz_watched_writes`.execute(
    testApp.db,
  );
  return rows[0]?.count ?? "";
}

const junkText = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.constantFrom(
    "",
    " ",
    "null",
    "-1",
    "0",
    "1e308",
    "NaN",
    "../../etc/passwd",
    "'; DROP TABLE orders; --",
    "<script>alert(1)</script>",
    "\u0000",
    "9".repeat(400),
    "00000000-0000-4000-8000-000000000000",
  ),
);
const junkValue = fc.oneof(
  junkText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(junkText, { maxLength: 3 }),
  fc.dictionary(junkText, junkText, { maxKeys: 3 }),
);

const request = fc.record({
  operation: fc.integer({ min: 0, max: 10_000 }),
  caller: fc.constantFrom("anonymous", "customer", "admin" as const),
  pathParam: junkText,
  query: fc.dictionary(
    fc.constantFrom("cursor", "limit", "status", "search", "action", "actor", "id"),
    junkText,
    { maxKeys: 3 },
  ),
  body: fc.oneof(
    fc.constant(undefined),
    junkValue,
    fc.dictionary(junkText, junkValue, { maxKeys: 4 }),
    fc.string().map((text) => new RawBody(`{${text}`)),
  ),
  keyedBody: fc.array(junkValue, { minLength: 8, maxLength: 8 }),
  useKeyedBody: fc.boolean(),
});

describe("every documented endpoint, under generated bad input", () => {
  it(`never answers 5xx and never writes on a refusal (${RUNS} requests)`, {
    timeout: 600_000,
  }, async () => {
    expect(operations.length).toBeGreaterThan(20);
    const failures: string[] = [];
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        const operation = operations[input.operation % operations.length];
        if (!operation) return;
        // better-auth's own routes are fuzzed signed out, so no caller's session is spent.
        const client = operation.isAuth ? callers.anonymous : callers[input.caller];
        const path =
          operation.path.replace(
            /\{[^}]+\}/g,
            () => encodeURIComponent(String(input.pathParam)) || "x",
          ) + (Object.keys(input.query).length ? `?${new URLSearchParams(input.query)}` : "");
        const body =
          input.useKeyedBody && operation.bodyKeys.length
            ? Object.fromEntries(operation.bodyKeys.map((key, i) => [key, input.keyedBody[i % 8]]))
            : input.body;
        const isWrite = operation.method !== "GET";
        const before = isWrite ? await watchedWrites() : "";
        const response = await client.request(operation.method, path, isWrite ? body : undefined);
        if (response.status >= 500) {
          failures.push(
            `${response.status} ${operation.method} ${path}: ${response.text.slice(0, 200)}`,
          );
        }
        if (isWrite && response.status >= 400 && (await watchedWrites()) !== before) {
          failures.push(`wrote on ${response.status} ${operation.method} ${path}`);
        }
      }),
      { numRuns: RUNS, seed },
    );
    expect(failures, `reproduce with FUZZ_SEED=${seed}`).toEqual([]);
  });
});
