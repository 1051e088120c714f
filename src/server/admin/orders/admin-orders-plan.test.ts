import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInCustomer } from "../../testing/actors";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { adminOrdersQuery, iterateAdminOrders } from "./list-admin-orders";

/*
 * The admin list on a table of 30,000 orders from 3,000 customers: each kind of
 * search reads through an index, not the whole table.
 */

const ORDERS = 30_000;
let testApp: TestApp;
let sampleId = "";

beforeAll(async () => {
  testApp = await createTestApp();
  const owner = await signedInCustomer(testApp);
  await sql`
    INSERT INTO orders (user_id, user_email, send_currency, send_amount, receive_currency,
      receive_amount, exchange_rate, network, wallet_address, payment_reference, status, created_at)
    SELECT ${owner.userId}, 'customer' || (n % 3000) || '@mail' || (n % 7) || '.example.com',
      'upi_inr', 8600, 'usdt', 100, 86, 'trc20', 'TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6',
      lpad(n::text, 12, '0'), (ARRAY['pending','processing','completed','cancelled'])[n % 4 + 1],
      now() - n * interval '1 minute'
    FROM generate_series(1, ${ORDERS}) AS n`.execute(testApp.db);
  await sql`ANALYZE orders`.execute(testApp.db);
  const row = await testApp.db
    .selectFrom("orders")
    .select("id")
    .offset(12_345)
    .limit(1)
    .executeTakeFirstOrThrow();
  sampleId = row.id;
}, 120_000);
afterAll(() => testApp.close());

async function plan(search: string) {
  const rows = await adminOrdersQuery(testApp.db, { search }, { limit: 21 }).explain();
  return rows.map((row) => Object.values(row)[0]).join("\n");
}

describe("the admin order search on a large table", () => {
  it("finds a rare e-mail fragment through the trigram index", async () => {
    const text = await plan("customer2718@");
    expect(text).toContain("orders_user_email_trgm");
    expect(text).not.toMatch(/Seq Scan on orders/);
  });

  it("finds an id prefix through the primary key, and a reference through its unique index", async () => {
    const text = await plan(sampleId.slice(0, 8));
    expect(text).toContain("orders_pkey");
    expect(text).toContain("orders_payment_reference_key");
    expect(text).not.toMatch(/Seq Scan on orders/);
  });

  it("pages the unfiltered and status-filtered lists in index order, without sorting the table", async () => {
    for (const filter of [{}, { status: "completed" as const }]) {
      const text = (await adminOrdersQuery(testApp.db, filter, { limit: 21 }).explain())
        .map((row) => Object.values(row)[0])
        .join("\n");
      expect(text).toMatch(/Index Scan using orders_(status_)?recent/);
      expect(text).not.toMatch(/Seq Scan on orders|Sort/);
    }
  });

  it("answers a page of a common e-mail fragment in well under a second", async () => {
    const started = performance.now();
    const rows = await adminOrdersQuery(
      testApp.db,
      { search: "example.com" },
      { limit: 21 },
    ).execute();
    expect(rows).toHaveLength(21);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("reads an export in bounded batches, newest first, up to the cap", async () => {
    const seen: string[] = [];
    let previous = Number.POSITIVE_INFINITY;
    for await (const order of iterateAdminOrders(
      testApp.db,
      {},
      { batchSize: 500, maxRows: 1234 },
    )) {
      expect(order.created_at.getTime()).toBeLessThanOrEqual(previous);
      previous = order.created_at.getTime();
      seen.push(order.id);
    }
    expect(seen).toHaveLength(1234);
    expect(new Set(seen).size).toBe(1234);
  });
});
