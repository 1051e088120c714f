import { cpus, loadavg, totalmem } from "node:os";
import { sql } from "kysely";
import { importStatement } from "../../src/server/domains/reconciliation/import-statement";
import {
  groupedLinesQuery,
  listReconciliationGroups,
  notReceivedQuery,
} from "../../src/server/domains/reconciliation/match-statement-lines";
import { readStatement } from "../../src/server/domains/reconciliation/read-statement";
import { ensureAdmin } from "../../src/server/platform/auth/ensure-admin";
import type { Database } from "../../src/server/platform/db/database";
import {
  type SampleTransaction,
  sampleStatementCsv,
} from "../../src/server/testing/statement-fixtures";
import { openBenchRuntime } from "./bench-database";

const ORDERS = 1_000_000;
const CREDITS = 50_000;
/** Credits with an order: the rest are unclaimed. */
const CLAIMED = 45_000;
/** Every 10th order is paid into the statement's account, the others into another one. */
const ACCOUNT_SHARE = 10;
/** Every 100th claimed credit pays a pending order of the other account (the wrong account). */
const PAID_ELSEWHERE_EVERY = 100;
/** Pending orders of the account whose payment is in no statement line. */
const NOT_PAID = 2_000;
const CUSTOMERS = 1_000;
/** Times the statement is imported and matched (BENCH_RUNS); the median is the figure. */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const { runtime, usePglite, close } = await openBenchRuntime("reconcile");
const { db, auth } = runtime.context;

const indiaDay = (offset: number) =>
  new Date(Date.now() + 5.5 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * The k-th credit's order: every ACCOUNT_SHARE-th order, so they are spread through
 * the table; for every PAID_ELSEWHERE_EVERY-th, the next order (the other account's).
 */
const orderOfCredit = (k: number) => k * ACCOUNT_SHARE + (k % PAID_ELSEWHERE_EVERY === 1 ? 1 : 0);
const reference = (g: number) => String(g).padStart(12, "0");

/**
 * A million orders over two years, almost all completed; the statement's account
 * has every 10th. Its recent ones (those the statement pays, and NOT_PAID more),
 * and the other account's orders the statement pays, are pending, placed 2–3 days
 * ago, so the statement covers them.
 */
async function seed(db: Database) {
  const started = performance.now();
  await ensureAdmin(
    { auth, db },
    { email: "bench-owner@example.com", password: "bench-pass" },
    "admin:create",
  );
  const admin = await db
    .selectFrom("user")
    .select("id")
    .where("email", "=", "bench-owner@example.com")
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role)
    SELECT 'bench-customer-' || c, 'Customer ' || c, 'customer' || c || '@example.com', true,
      now() - interval '800 days', now(), 'user'
    FROM generate_series(0, ${CUSTOMERS - 1}) AS c`.execute(db);
  const [account, other] = await db
    .insertInto("receiving_accounts")
    .values([
      { kind: "upi", label: "Statement UPI", upi_id: "bench@okhdfcbank", send_methods: ["upi"] },
      { kind: "upi", label: "Other UPI", upi_id: "other@okhdfcbank", send_methods: ["upi"] },
    ])
    .returning("id")
    .execute();
  if (!account || !other) throw new Error("No accounts");
  const lastPending = orderOfCredit(CLAIMED + NOT_PAID);
  const batch = 200_000;
  for (let start = 1; start <= ORDERS; start += batch) {
    const end = Math.min(ORDERS, start + batch - 1);
    await sql`
      INSERT INTO orders (user_id, user_email, send_currency, send_amount, receive_currency,
        receive_amount, exchange_rate, network, wallet_address, payment_reference, payer_name,
        receiving_account_id, status, created_at, updated_at)
      SELECT 'bench-customer-' || (g % ${CUSTOMERS}), 'customer' || (g % ${CUSTOMERS}) || '@example.com',
        'upi_inr', 1000 + g % 90000, 'usdt', trunc((1000 + g % 90000) / 86.0, 4), 86, 'trc20',
        'TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6', lpad(g::text, 12, '0'), 'Rahul Kumar',
        CASE WHEN g % ${ACCOUNT_SHARE} = 0 THEN ${account.id}::uuid ELSE ${other.id}::uuid END,
        CASE WHEN pending THEN 'pending' WHEN g % 33 = 0 THEN 'cancelled' ELSE 'completed' END,
        CASE WHEN pending THEN now() - interval '2 days' - random() * interval '1 day'
             ELSE now() - interval '4 days' - random() * interval '726 days' END,
        now()
      FROM generate_series(${start}::int, ${end}::int) AS g,
        LATERAL (SELECT g / ${ACCOUNT_SHARE} AS k, g % ${ACCOUNT_SHARE} AS share) AS c,
        LATERAL (SELECT g <= ${lastPending} AND CASE
          WHEN k % ${PAID_ELSEWHERE_EVERY} = 1 AND k <= ${CLAIMED} THEN share = 1 ELSE share = 0 END
        AS pending) AS p`.execute(db);
  }
  await sql`ANALYZE orders`.execute(db);
  console.log(
    `Seeded ${ORDERS.toLocaleString("en")} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { accountId: account.id, adminId: admin.id };
}

/**
 * The account's statement over five days: CREDITS credits (most paying a pending
 * order: some for another amount, some from another person, some with the
 * payer's initial), the rest unclaimed, and a debit a day.
 */
function statementFile(): Buffer {
  const lines: SampleTransaction[] = [];
  for (let day = -4; day <= 0; day++) {
    lines.push({ date: indiaDay(day), narration: "ATM WDL MG ROAD", debit: "2000.00" });
  }
  for (let k = 1; k <= CREDITS; k++) {
    const claimed = k <= CLAIMED;
    const g = claimed ? orderOfCredit(k) : ORDERS + k;
    const amount = 1000 + (g % 90000) + (claimed && k % 50 === 0 ? 1 : 0);
    const payer = k % 70 === 0 ? "ANITA DESAI" : k % 3 === 0 ? "R KUMAR" : "RAHUL KUMAR";
    lines.push({
      date: indiaDay(-4 + (k % 5)),
      narration: `UPI/CR/${reference(g)}/${payer}/HDFC/payer${k}@okhdfcbank/Payment`,
      credit: `${amount}.00`,
    });
  }
  return Buffer.from(sampleStatementCsv("sbi", lines));
}

/** Runs `work`, sampling memory every 5 ms: its time and the process's peak RSS and heap meanwhile. */
async function measure<T>(work: () => Promise<T>) {
  let peakRss = process.memoryUsage.rss();
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const { rss, heapUsed } = process.memoryUsage();
    peakRss = Math.max(peakRss, rss);
    peakHeap = Math.max(peakHeap, heapUsed);
  }, 5);
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  clearInterval(sampler);
  return { result, ms, peakRss, peakHeap };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Removes an import and its lines, so the next run imports the statement as new. */
async function forgetImport(importId: string) {
  await sql`DELETE FROM statement_lines WHERE import_id = ${importId}::uuid`.execute(db);
  await sql`DELETE FROM statement_debits WHERE import_id = ${importId}::uuid`.execute(db);
  await sql`DELETE FROM statement_imports WHERE id = ${importId}::uuid`.execute(db);
  await sql`VACUUM ANALYZE statement_lines`.execute(db);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

try {
  const { accountId, adminId } = await seed(db);
  const file = statementFile();
  const actor = { id: adminId, email: "bench-owner@example.com" };

  // Each run reads the file alone (the floor), then imports and matches it; the
  // import is then removed for the next run. The first run is the first time this
  // process touches the statement tables and the account's pending orders.
  const runs = [];
  for (let run = 1; run <= RUNS; run++) {
    global.gc?.();
    const floor = await measure(async () => {
      let lines = 0;
      for await (const _ of readStatement(file, "csv")) lines += 1;
      return lines;
    });
    const endToEnd = await measure(async () => {
      const started = performance.now();
      const imported = await importStatement(db, { accountId, fileName: "bench.csv", file, actor });
      const importMs = performance.now() - started;
      const groups = await listReconciliationGroups(db, accountId);
      return { imported, importMs, groups };
    });
    runs.push({ floor, endToEnd });
    if (run < RUNS) await forgetImport(endToEnd.result.imported.importId);
  }
  const importOnly = await measure(() =>
    importStatement(db, { accountId, fileName: "again.csv", file, actor }),
  );
  const groupsOnly = await measure(() => listReconciliationGroups(db, accountId));
  // BENCH_EXPLAIN=1: how PostgreSQL runs the two queries of the groups.
  if (process.env.BENCH_EXPLAIN) {
    for (const query of [groupedLinesQuery(accountId), notReceivedQuery(accountId)]) {
      const plan = await sql<{ "QUERY PLAN": string }>`EXPLAIN ANALYZE ${query}`.execute(db);
      console.log(plan.rows.map((row) => row["QUERY PLAN"]).join("\n"));
    }
  }

  const last = runs.at(-1);
  if (!last) throw new Error("BENCH_RUNS must be 1 or more");
  const { groups } = last.endToEnd.result;
  console.log(
    `\n${usePglite ? "PGlite" : "PostgreSQL"}; ${cpus().length} CPUs, ${mb(totalmem())} RAM, load ${loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")}`,
  );
  console.log(
    `Statement: ${(file.byteLength / 1024 / 1024).toFixed(1)} MB CSV, ${last.floor.result.toLocaleString("en")} lines; ${ORDERS.toLocaleString("en")} orders`,
  );
  console.log(
    `Groups: ${Object.entries(groups)
      .map(([group, { count }]) => `${group} ${count}`)
      .join(", ")}`,
  );
  console.table([
    ...runs.map(({ floor, endToEnd }, index) => ({
      step: `run ${index + 1}: import ${endToEnd.result.imported.creditsAdded} credits + match`,
      "floor (read only)": seconds(floor.ms),
      "end to end": seconds(endToEnd.ms),
      "of which import": seconds(endToEnd.result.importMs),
      "× floor": (endToEnd.ms / floor.ms).toFixed(2),
      "peak RSS": mb(endToEnd.peakRss),
      "peak heap": mb(endToEnd.peakHeap),
    })),
    {
      step: "the same file again (all already imported)",
      "end to end": seconds(importOnly.ms),
      "peak RSS": mb(importOnly.peakRss),
      "peak heap": mb(importOnly.peakHeap),
    },
    {
      step: "the groups alone (page load)",
      "end to end": seconds(groupsOnly.ms),
      "peak RSS": mb(groupsOnly.peakRss),
      "peak heap": mb(groupsOnly.peakHeap),
    },
  ]);
  console.log(
    `Median of ${runs.length}: floor ${seconds(median(runs.map((run) => run.floor.ms)))}, end to end ${seconds(
      median(runs.map((run) => run.endToEnd.ms)),
    )} (target 5 s)`,
  );
} finally {
  await close();
}
