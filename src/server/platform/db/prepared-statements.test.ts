import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInCustomer } from "../../testing/actors";
import { placeOrder } from "../../testing/orders";
import { createTestApp, type TestApp } from "../../testing/test-app";

describe.runIf(process.env.TEST_DB === "postgres")("the hot statements on PostgreSQL", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it("are prepared once per connection, and others are not", async () => {
    const customer = await signedInCustomer(testApp);
    // One request at a time: the pool hands the last released connection out again.
    await placeOrder(customer);
    await placeOrder(customer);
    const { rows } = await sql<{ name: string }>`
      SELECT name FROM pg_prepared_statements ORDER BY name`.execute(testApp.db);
    expect(rows.map((row) => row.name)).toEqual(["place_orders", "sessions"]);
  });
});
