// npm run bench:admin — the admin orders list and the dashboard at 10,000 and
// 1,000,000 orders on PostgreSQL: p95 of each query, and the 1M / 10k ratio.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pino from "pino";
import { getDashboardStats } from "../../src/server/admin/dashboard/dashboard-stats";
import { foldOrderTotals } from "../../src/server/admin/dashboard/order-totals";
import { listAdminOrders } from "../../src/server/admin/orders/list-admin-orders";
import { ensureAdmin } from "../../src/server/auth/ensure-admin";
import type { Database } from "../../src/server/db/database";
import { parseEnv } from "../../src/server/env";
import { openRuntime } from "../../src/server/runtime";
import { createBenchDatabase, percentile } from "./bench-database";

const SIZES = [10_000, 1_000_000];
const ITERATIONS = 200;
const CUSTOMERS = 5_000;

/** The desk's customers, as better-auth stores them (e-mails in lower case). */
async function seedCustomers(db: Database) {
  await sql`
    INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role)
    SELECT 'bench-customer-' || c, 'Customer ' || c, 'customer' || c || '@example.com', true,
      now() - interval '800 days', now(), 'user'
    FROM generate_series(0, ${CUSTOMERS - 1}) AS c`.execute(db);
}

/**
 * Adds orders up to `total`, as a desk would have them after two years: almost
 * all completed, a few cancelled, and the pending and processing ones recent;
 * each order belongs to one of the customers and keeps their e-mail.
 */
async function seedOrdersUpTo(db: Database, total: number) {
  const { rows } = await sql<{ count: number }>`SELECT count(*)::int AS count FROM orders`.execute(
    db,
  );
  const from = (rows[0]?.count ?? 0) + 1;
  const batch = 200_000;
  for (let start = from; start <= total; start += batch) {
    const end = Math.min(total, start + batch - 1);
    await sql`
      INSERT INTO orders (user_id, user_email, send_currency, send_amount, receive_currency,
        receive_amount, exchange_rate, network, wallet_address, payment_reference, status, created_at, updated_at)
      SELECT 'bench-customer-' || (g % ${CUSTOMERS}), 'customer' || (g % ${CUSTOMERS}) || '@example.com',
        'upi_inr', amount, 'usdt',
        trunc(amount / 86, 4), 86, 'trc20', 'TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6', lpad(g::text, 12, '0'),
        CASE WHEN g % 2000 = 0 THEN 'pending' WHEN g % 2000 = 1 THEN 'processing'
             WHEN g % 33 = 0 THEN 'cancelled' ELSE 'completed' END,
        CASE WHEN g % 2000 IN (0, 1) THEN now() - random() * interval '2 hours'
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
  // Write the seed's dirty pages out now, not in the background while queries are
  // timed (CHECKPOINT needs a superuser or pg_checkpoint; without, the run goes on).
  await sql`CHECKPOINT`.execute(db).catch(() => {});
}

async function timeIt(run: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

const database = await createBenchDatabase("admin");
const runtime = await openRuntime(
  parseEnv({
    DATABASE_URL: database.url,
    DATA_DIR: mkdtempSync(join(tmpdir(), "rupeedesk-bench-")),
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
  }),
  { logger: pino({ level: "error" }) },
);
try {
  const { db, auth } = runtime.context;
  await ensureAdmin(auth, { email: "bench-owner@example.com", password: "bench-pass" });
  await seedCustomers(db);
  const queries: Record<string, () => Promise<unknown>> = {
    "orders list, first page": () => listAdminOrders(db, {}),
    "orders list, status = pending": () => listAdminOrders(db, { status: "pending" }),
    "orders list, status = completed": () => listAdminOrders(db, { status: "completed" }),
    "orders list, search by reference": () => listAdminOrders(db, { search: "000000004321" }),
    "orders list, search by e-mail": () => listAdminOrders(db, { search: "customer4321@" }),
    "orders list, search by a common e-mail part": () =>
      listAdminOrders(db, { search: "example.com" }),
    "dashboard stats": () => getDashboardStats(db),
  };
  const results: Record<string, Record<number, { p50: number; p95: number }>> = {};
  for (const size of SIZES) {
    const started = performance.now();
    await seedOrdersUpTo(db, size);
    console.log(
      `Seeded ${size.toLocaleString("en")} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    for (const [name, run] of Object.entries(queries)) {
      results[name] ??= {};
      (results[name] as Record<number, { p50: number; p95: number }>)[size] = await timeIt(run);
    }
  }
  console.log(`\nAdmin queries on PostgreSQL, ${ITERATIONS} runs each after 20 warm-up runs`);
  console.log(
    `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB\n`,
  );
  console.log("| query | p95 at 10k (ms) | p95 at 1M (ms) | 1M / 10k |");
  console.log("|---|---|---|---|");
  for (const [name, bySize] of Object.entries(results)) {
    const small = bySize[SIZES[0] as number]?.p95 ?? Number.NaN;
    const large = bySize[SIZES[1] as number]?.p95 ?? Number.NaN;
    console.log(
      `| ${name} | ${small.toFixed(2)} | ${large.toFixed(2)} | ${(large / small).toFixed(2)}× |`,
    );
  }
  console.log("\nTargets: every 1M p95 ≤ 20 ms and ≤ 1.5× its 10k time.");
} finally {
  await runtime.close();
  await database.drop();
}
