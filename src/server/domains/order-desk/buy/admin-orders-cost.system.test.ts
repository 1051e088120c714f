import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInAdmin } from "../../../testing/actors";
import { TRON_WALLET } from "../../../testing/orders";
import { type Recording, recordStatements } from "../../../testing/statement-recorder";
import { createTestApp, type TestApp } from "../../../testing/test-app";

/*
 * What a page of the admin's order list costs the database, counted rather than
 * timed (its speed at 1,000,000 orders is `npm run bench:admin`'s to measure): the
 * statements a request sends, and the buffers they read, which must not grow with
 * the years of orders behind the page.
 */

/**
 * The session, the step-up's renewal, the page, the receiving accounts, payout checks,
 * verified customers' PAN names and holds it names, and the pay step's two lookups:
 * the transfers seen on chain to its orders' wallets, and the other open orders
 * awaiting the same amount to the same wallet.
 */
const STATEMENTS_PER_PAGE = 9;
const HISTORY = 20_000;
/**
 * Buffers a page may read beyond the same page with HISTORY fewer old orders behind it:
 * an index a level deeper costs a page per probe, and a search probes several (the
 * e-mail search read 92 → 100 on PostgreSQL once the UTR's branch joined it), where a
 * read that grows with the years costs hundreds more (d736748's dashboard: 188 → 856).
 */
const EXTRA_BUFFERS_ALLOWED = 15;

const PAGES = {
  "the first page": "/api/admin/orders",
  "pending orders": "/api/admin/orders?status=pending",
  "a search by e-mail": "/api/admin/orders?search=customer7%40mail.example.com",
  "a search by reference": "/api/admin/orders?search=000000000042",
  "the dashboard": "/api/admin/dashboard",
};

let testApp: TestApp;
let admin: Client;
let ordersInserted = 0;

beforeAll(async () => {
  testApp = await createTestApp({}, { freshDatabase: true });
  admin = await signedInAdmin(testApp);
  await sql`
    INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role)
    SELECT 'customer-' || c, 'Customer ' || c, 'customer' || c || '@mail.example.com',
      true, now() - interval '2 years', now(), 'user'
    FROM generate_series(0, 99) AS c`.execute(testApp.db);
  // Today's orders: more than a page of each kind and of each customer, so that
  // every page is full before the history is added as after.
  await insertOrders(5_000, sql`now() - n * interval '1 second'`);
}, 120_000);
afterAll(() => testApp.close());

/** `count` orders of the 100 customers, placed at `placedAt` (of n, their number), a quarter pending. */
async function insertOrders(count: number, placedAt: ReturnType<typeof sql>) {
  await sql`
    INSERT INTO orders (user_id, user_email, send_currency, send_amount, receive_currency,
      receive_amount, exchange_rate, network, wallet_address, payment_reference, status, created_at)
    SELECT 'customer-' || (n % 100), 'customer' || (n % 100) || '@mail.example.com',
      'upi_inr', 8600, 'usdt', 100, 86, 'trc20', ${TRON_WALLET},
      lpad((${ordersInserted}::int + n)::text, 12, '0'),
      CASE WHEN n % 4 = 0 THEN 'pending' ELSE 'completed' END, ${placedAt}
    FROM generate_series(1, ${count}::int) AS n`.execute(testApp.db);
  ordersInserted += count;
  await sql`ANALYZE orders`.execute(testApp.db);
  await testApp.foldOrderTotals(); // as every server process does each second
}

/** Each page once, with what the database was sent for it. */
async function recordPages(): Promise<Record<string, Recording>> {
  // Each request renews the session and the step-up, leaving a dead row behind (a live
  // desk's autovacuum clears them): without them both rounds start alike, as this
  // guard is about the orders behind the page. They once read 10 buffers, then 21.
  await sql`VACUUM admin_elevations, "session"`.execute(testApp.db);
  const recorded: Record<string, Recording> = {};
  for (const [name, path] of Object.entries(PAGES)) {
    await admin.get(path); // the first request of a kind plans its statement
    const recording = recordStatements(testApp.database, { explain: true });
    try {
      const page = await admin.get(path);
      expect(page.status, page.text).toBe(200);
    } finally {
      recorded[name] = recording.stop();
    }
  }
  return recorded;
}

/**
 * The buffers of the statements that read orders and what they name. The session's
 * lookup and the step-up's renewal are left out: they read the same rows whatever the
 * orders, but the renewal's dead rows pile up with every request until a vacuum can
 * clear them, which on a busy machine it sometimes cannot (one CI run read 4, then 20).
 */
function orderBuffers({ statements }: Recording) {
  return statements
    .filter(({ sql }) => !/prepared:sessions|"admin_elevations"/.test(sql))
    .reduce((total, { buffers = 0 }) => total + buffers, 0);
}

function listed({ statements }: Recording) {
  return statements
    .map(({ sql, buffers }) => `${buffers ?? "-"}\t${sql.replace(/\s+/g, " ").slice(0, 120)}`)
    .join("\n");
}

describe("a page of the admin's order list", () => {
  it(`costs at most ${STATEMENTS_PER_PAGE} statements, and as many buffers with ${HISTORY} more orders of earlier years`, async () => {
    const before = await recordPages();
    await insertOrders(HISTORY, sql`now() - interval '400 days' - n * interval '1 minute'`);
    const after = await recordPages();
    for (const name of Object.keys(PAGES)) {
      const [first, later] = [before[name], after[name]] as [Recording, Recording];
      expect(first.statements.length, `${name}:\n${listed(first)}`).toBeLessThanOrEqual(
        STATEMENTS_PER_PAGE,
      );
      expect(
        orderBuffers(later),
        `${name}, before:\n${listed(first)}\nafter:\n${listed(later)}`,
      ).toBeLessThanOrEqual(orderBuffers(first) + EXTRA_BUFFERS_ALLOWED);
    }
  });
});
