import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB, OrderStatus } from "../../../platform/db/schema";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import {
  type AdminOrderFilter,
  adminOrdersQuery,
  idPrefixRange,
  iterateAdminOrders,
  listAdminOrders,
} from "./list-admin-orders";

/*
 * The admin list on a table of 30,000 orders from 3,000 customers: each kind of
 * search reads through an index, not the whole table, and every way the e-mail
 * search can go finds exactly the orders a plain scan finds.
 */

const ORDERS = 30_000;
const CUSTOMERS = 3_000;
let testApp: TestApp;
let sampleId = "";

beforeAll(async () => {
  testApp = await createTestApp();
  // Customers as better-auth stores them (e-mails in lower case); each order keeps
  // its customer's e-mail, as placing an order does.
  await sql`
    INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role)
    SELECT 'customer-' || c, 'Customer ' || c, 'customer' || c || '@mail' || (c % 7) || '.example.com',
      true, now() - interval '1 year', now(), 'user'
    FROM generate_series(0, ${CUSTOMERS - 1}) AS c`.execute(testApp.db);
  await sql`
    INSERT INTO orders (user_id, user_email, send_currency, send_amount, receive_currency,
      receive_amount, exchange_rate, network, wallet_address, payment_reference, status, created_at)
    SELECT 'customer-' || (n % ${CUSTOMERS}),
      'customer' || (n % ${CUSTOMERS}) || '@mail' || ((n % ${CUSTOMERS}) % 7) || '.example.com',
      'upi_inr', 8600, 'usdt', 100, 86, 'trc20', 'TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6',
      lpad(n::text, 12, '0'), (ARRAY['pending','processing','completed','cancelled'])[n % 4 + 1],
      -- Some orders share a timestamp, so pages also break ties by id.
      now() - (n / 2) * interval '1 minute'
    FROM generate_series(1, ${ORDERS}) AS n`.execute(testApp.db);
  await sql`ANALYZE orders`.execute(testApp.db);
  await sql`ANALYZE "user"`.execute(testApp.db);
  const row = await testApp.db
    .selectFrom("orders")
    .select("id")
    .offset(12_345)
    .limit(1)
    .executeTakeFirstOrThrow();
  sampleId = row.id;
}, 120_000);
afterAll(() => testApp.close());

type Tuning = { fewCustomers?: number; walkedOrders?: number };

/** The plan PostgreSQL runs for a page of 21, with what each part read ("never executed" when skipped). */
async function plan(filter: AdminOrderFilter, tuning?: Tuning) {
  const query = adminOrdersQuery(testApp.db, filter, { limit: 21, tuning }).compile();
  const { rows } = await testApp.db.executeQuery<Record<string, string>>({
    ...query,
    sql: `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${query.sql}`,
  });
  return rows.map((row) => Object.values(row)[0]).join("\n");
}

/** The lines of a plan that ran, from the first line naming `node` down to its end. */
function executed(text: string, node: RegExp) {
  return text.split("\n").filter((line) => node.test(line) && !line.includes("never executed"));
}

describe("the admin order search on a large table", () => {
  it("finds a rare e-mail fragment through the customers, then each one's newest orders", async () => {
    const text = await plan({ search: "customer2718@" });
    // An index on user_id (with 10 orders a customer, PostgreSQL may pick either).
    expect(executed(text, /Scan (using|on) orders_(user_recent|idempotency_key)/)).toHaveLength(1);
    expect(text).not.toMatch(/Seq Scan on orders/);
    // Neither the walk over the newest orders nor the per-customer fallback ran.
    expect(executed(text, /Index (Only )?Scan using orders_recent/)).toEqual([]);
  });

  it("walks the newest orders for a common fragment, and stops at a page", async () => {
    const text = await plan({ search: "example.com" });
    expect(executed(text, /Index Scan using orders_recent/)).toHaveLength(1);
    expect(text).not.toMatch(/Seq Scan on orders/);
    expect(executed(text, /orders_user_recent/)).toEqual([]);
  });

  it("finds an id prefix through the primary key, and a reference's beginning through its prefix index", async () => {
    const text = await plan({ search: sampleId.slice(0, 8) });
    expect(text).toContain("orders_pkey");
    expect(text).toContain("orders_payment_reference_prefix");
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

  // How fast is the benchmark's to say (npm run bench:admin); the plan is above.
  it("answers a page of a common e-mail fragment: 20 of its orders, newest first", async () => {
    const page = await listAdminOrders(testApp.db, { search: "example.com" });
    expect(page.orders).toHaveLength(20);
    expect(page.orders.every((order) => order.user_email.endsWith("example.com"))).toBe(true);
    const times = page.orders.map((order) => new Date(order.created_at).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
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

/** What the list must show: a plain scan of every order with the search as one condition. */
async function expectedIds(
  db: Kysely<DB>,
  { search, status }: { search: string; status?: OrderStatus },
  limit: number,
) {
  const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const range = idPrefixRange(search);
  const rows = await db
    .selectFrom("orders")
    .select("id")
    .where((eb) =>
      eb.or([
        eb("user_email", "ilike", pattern),
        ...(range ? [eb("id", ">=", range.low).and("id", "<=", range.high)] : []),
        eb("payment_reference", "=", search.replace(/\s+/g, "").toUpperCase()),
      ]),
    )
    .$if(status !== undefined, (query) => query.where("status", "=", status as OrderStatus))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

describe("the e-mail search, however it runs", () => {
  const tunings: Record<string, Tuning> = {
    "as configured": {},
    "customer by customer": { fewCustomers: CUSTOMERS },
    "walking the newest orders": { fewCustomers: 0, walkedOrders: ORDERS },
    "a short walk, then customer by customer": { fewCustomers: 0, walkedOrders: 40 },
  };
  const searches: { search: string; status?: OrderStatus }[] = [
    { search: "customer2718@" },
    { search: "CUSTOMER27" },
    { search: "customer27", status: "cancelled" },
    { search: "@mail3." },
    { search: "@mail3.", status: "processing" },
    { search: "example.com", status: "pending" },
    { search: "nobody" },
    { search: "000000012345" },
  ];

  for (const [name, tuning] of Object.entries(tunings)) {
    it(`pages exactly like a plain scan: ${name}`, async () => {
      for (const filter of searches) {
        const expected = await expectedIds(testApp.db, filter, 61);
        const seen: string[] = [];
        let cursor: { createdAt: string; id: string } | null = null;
        for (let page = 0; page < 3; page++) {
          const rows: { id: string; cursor_created_at: string }[] = await adminOrdersQuery(
            testApp.db,
            filter,
            {
              cursor,
              limit: 21,
              tuning,
            },
          ).execute();
          seen.push(...rows.slice(0, 20).map((row) => row.id));
          const last = rows[19];
          if (rows.length < 21 || !last) break;
          cursor = { createdAt: last.cursor_created_at, id: last.id };
        }
        expect(seen, JSON.stringify(filter)).toEqual(expected.slice(0, seen.length));
        expect(seen.length, JSON.stringify(filter)).toBe(Math.min(60, expected.length));
      }
    });
  }
});
