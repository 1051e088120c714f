import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";

describe.runIf(process.env.TEST_DB === "postgres")("the app's connections to PostgreSQL", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it("plan without JIT or parallel workers, from their first statement on", async () => {
    // Ten at once: each on a connection of its own, every one of them new.
    const settings = await Promise.all(
      Array.from({ length: 10 }, () =>
        sql<{ jit: string; workers: string }>`
          SELECT current_setting('jit') AS jit,
            current_setting('max_parallel_workers_per_gather') AS workers,
            pg_sleep(0.05)::text`.execute(testApp.db),
      ),
    );
    for (const { rows } of settings) {
      expect(rows[0]).toMatchObject({ jit: "off", workers: "0" });
    }
  });
});
