// npm run bench:admin — the admin orders list and the dashboard at 10,000 and
// 1,000,000 orders on PostgreSQL: p95 of each query, and the 1M / 10k ratio. The
// list's page is timed twice: its rows alone, and as the route answers it (with each
// order's account, payout check, verified name, hold and pay step).
// Both sizes are seeded first (a database each), then each query is timed on
// them in turn, one run on each, so load from other work on the machine falls on
// both sizes alike instead of skewing the ratio.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pino from "pino";
import { openRuntime } from "../../src/server/app/runtime";
import { getDashboardStats } from "../../src/server/domains/dashboard/dashboard-stats";
import { adminOrderViews } from "../../src/server/domains/order-desk/buy/admin-order-views";
import {
  type AdminOrderFilter,
  listAdminOrders,
} from "../../src/server/domains/order-desk/buy/list-admin-orders";
import { foldOrderTotals } from "../../src/server/domains/orders/buy/order-totals";
import { ensureAdmin } from "../../src/server/platform/auth/ensure-admin";
import type { ChainConfig } from "../../src/server/platform/config/chain-config";
import { parseEnv } from "../../src/server/platform/config/env";
import type { Database } from "../../src/server/platform/db/database";
import { createBenchDatabase, percentile } from "./bench-database";

const SIZES = [10_000, 1_000_000];
// Enough runs that a p95 of 1–2 ms rests on 50 samples of the tail, not 10.
const ITERATIONS = 1000;
const WARM_UP = 20;
const CUSTOMERS = 5_000;
/**
 * Pending orders, and as many processing: the operators' backlog, the same
 * whatever the size of the history (and more than a page, so the status pages
 * compare a full page with a full page).
 */
const BACKLOG = 50;

/** The desk's customers, as better-auth stores them (e-mails in lower case). */
async function seedCustomers(db: Database) {
  await sql`
    INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role)
    SELECT 'bench-customer-' || c, 'Customer ' || c, 'customer' || c || '@example.com', true,
      now() - interval '800 days', now(), 'user'
    FROM generate_series(0, ${CUSTOMERS - 1}) AS c`.execute(db);
}

/**
 * `total` orders, as a desk would have them after two years: almost all
 * completed, a few cancelled, and a recent backlog pending or processing; each
 * order belongs to one of the customers and keeps their e-mail.
 */
async function seedOrders(db: Database, total: number) {
  const batch = 200_000;
  for (let start = 1; start <= total; start += batch) {
    const end = Math.min(total, start + batch - 1);
    await sql`
      INSERT INTO orders (user_id, user_email, send_currency, send_amount, receive_currency,
        receive_amount, exchange_rate, network, wallet_address, payment_reference, status, created_at, updated_at)
      SELECT 'bench-customer-' || (g % ${CUSTOMERS}), 'customer' || (g % ${CUSTOMERS}) || '@example.com',
        'upi_inr', amount, 'usdt',
        trunc(amount / 86, 4), 86, 'trc20', 'TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6', lpad(g::text, 12, '0'),
        CASE WHEN g <= ${BACKLOG} THEN 'pending' WHEN g <= ${2 * BACKLOG} THEN 'processing'
             WHEN g % 33 = 0 THEN 'cancelled' ELSE 'completed' END,
        CASE WHEN g <= ${2 * BACKLOG} THEN now() - random() * interval '2 hours'
             ELSE now() - random() * interval '730 days' END,
        now()
      FROM generate_series(${start}::int, ${end}::int) AS g,
        LATERAL (SELECT round((1000 + random() * 99000)::numeric, 2) AS amount) AS a`.execute(db);
  }
  // What the server's folding loop does every second.
  await foldOrderTotals(db);
  // What autovacuum does on a live database: fresh statistics and visibility map.
  await sql`VACUUM ANALYZE orders`.execute(db);
  await sql`VACUUM ANALYZE order_totals`.execute(db);
  await sql`VACUUM ANALYZE order_total_changes`.execute(db);
  await sql`VACUUM ANALYZE "user"`.execute(db);
}

interface Desk {
  size: number;
  db: Database;
  chains: ChainConfig;
  close(): Promise<void>;
}

/** A database of its own with the customers and `size` orders. */
async function openDesk(size: number): Promise<Desk> {
  const started = performance.now();
  const database = await createBenchDatabase(`admin_${size}`);
  const runtime = await openRuntime(
    parseEnv({
      DATABASE_URL: database.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), "rupeedesk-bench-")),
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    }),
    { logger: pino({ level: "error" }) },
  );
  const { db, auth, chains } = runtime.context;
  await ensureAdmin(
    { auth, db },
    { email: "bench-owner@example.com", password: "bench-pass" },
    "admin:create",
  );
  await seedCustomers(db);
  await seedOrders(db, size);
  console.log(
    `Seeded ${size.toLocaleString("en")} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return {
    size,
    db,
    chains,
    close: async () => {
      await runtime.close();
      await database.drop();
    },
  };
}

type Timing = { p50: number; p95: number };

/**
 * Times one query on every desk: warm-up runs, then ITERATIONS rounds of one run
 * on each desk, the order of the desks reversed every other round.
 */
async function timeInterleaved(runs: (() => Promise<unknown>)[]): Promise<Timing[]> {
  for (let i = 0; i < WARM_UP; i++) for (const run of runs) await run();
  const samples = runs.map((): number[] => []);
  const order = runs.map((_, index) => index);
  for (let i = 0; i < ITERATIONS; i++) {
    for (const index of i % 2 === 0 ? order : order.toReversed()) {
      const started = performance.now();
      await runs[index]?.();
      samples[index]?.push(performance.now() - started);
    }
  }
  return samples.map((values) => ({ p50: percentile(values, 50), p95: percentile(values, 95) }));
}

/** A page of the list as GET /api/admin/orders answers it: the rows, then their views. */
async function pageAsAnswered({ db, chains }: Desk, filter: AdminOrderFilter) {
  return adminOrderViews(db, chains, (await listAdminOrders(db, filter)).orders);
}

const queries: Record<string, (desk: Desk) => Promise<unknown>> = {
  "orders list, first page": ({ db }) => listAdminOrders(db, {}),
  "orders list, first page as answered (views, pay steps)": (desk) => pageAsAnswered(desk, {}),
  "orders list, status = pending": ({ db }) => listAdminOrders(db, { status: "pending" }),
  "orders list, processing oldest first as answered (the payout queue)": (desk) =>
    pageAsAnswered(desk, { status: "processing", oldestFirst: true }),
  "orders list, status = completed": ({ db }) => listAdminOrders(db, { status: "completed" }),
  "orders list, search by reference": ({ db }) => listAdminOrders(db, { search: "000000004321" }),
  "orders list, search by e-mail": ({ db }) => listAdminOrders(db, { search: "customer4321@" }),
  "orders list, search by a common e-mail part": ({ db }) =>
    listAdminOrders(db, { search: "example.com" }),
  "dashboard stats": ({ db }) => getDashboardStats(db),
};

const desks: Desk[] = [];
try {
  for (const size of SIZES) desks.push(await openDesk(size));
  // Write the seeds' dirty pages out now, not in the background while queries are
  // timed (CHECKPOINT needs a superuser or pg_checkpoint; without, the run goes on).
  await sql`CHECKPOINT`.execute((desks[0] as Desk).db).catch(() => {});
  const loadBefore = loadavg()[0] ?? Number.NaN;
  const results: [string, Timing[]][] = [];
  for (const [name, query] of Object.entries(queries)) {
    results.push([name, await timeInterleaved(desks.map((desk) => () => query(desk)))]);
  }
  const loadAfter = loadavg()[0] ?? Number.NaN;
  console.log(
    `\nAdmin queries on PostgreSQL, ${ITERATIONS} runs each at each size after ${WARM_UP} warm-up runs, the sizes alternating`,
  );
  console.log(
    `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB; load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after\n`,
  );
  console.log(
    "| query | p50 at 10k (ms) | p50 at 1M (ms) | p95 at 10k (ms) | p95 at 1M (ms) | 1M / 10k (p95) |",
  );
  console.log("|---|---|---|---|---|---|");
  for (const [name, [small, large]] of results) {
    if (!small || !large) continue;
    console.log(
      `| ${name} | ${small.p50.toFixed(2)} | ${large.p50.toFixed(2)} | ${small.p95.toFixed(2)} | ${large.p95.toFixed(2)} | ${(large.p95 / small.p95).toFixed(2)}× |`,
    );
  }
  console.log("\nTargets: every 1M p95 ≤ 20 ms and ≤ 1.5× its 10k time.");
} finally {
  for (const desk of desks) await desk.close();
}
