import { cpus, loadavg, totalmem } from "node:os";
import { sql } from "kysely";
import { booksWorkbook } from "../../src/server/domains/books/books-export";
import { getBooks } from "../../src/server/domains/books/daily-books";
import { listPurchases } from "../../src/server/domains/books/usdt-purchases";
import { getDashboardStats } from "../../src/server/domains/dashboard/dashboard-stats";
import { foldOrderTotals } from "../../src/server/domains/orders/buy/order-totals";
import { ensureAdmin } from "../../src/server/platform/auth/ensure-admin";
import { insertGeneratedOrders } from "../../src/server/testing/generated-orders";
import { openBenchRuntime, percentile } from "./bench-database";

const DAYS = 365;
const PER_DAY = 1_000;
/** Sell orders paid a day: USDT bought from customers (issue 44). */
const SALES_PER_DAY = 100;
/** A purchase every this many days. */
const PURCHASE_EVERY = 3;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const { runtime, usePglite, close } = await openBenchRuntime("books");
const { db, auth } = runtime.context;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
const yearStart = addDays(today, -(DAYS - 1));
const monthStart = addDays(today, -29);

async function seed() {
  const started = performance.now();
  await ensureAdmin(
    { auth, db },
    { email: "bench-owner@example.com", password: "bench-pass" },
    "admin:create",
  );
  const owner = await db
    .selectFrom("user")
    .select("id")
    .where("email", "=", "bench-owner@example.com")
    .executeTakeFirstOrThrow();
  const accountIds = [];
  for (const label of ["UPI main", "UPI spare", "HDFC current"]) {
    const { id } = await db
      .insertInto("receiving_accounts")
      .values({
        kind: "upi",
        label,
        upi_id: `${label.replaceAll(" ", ".")}@okhdfcbank`,
        send_methods: ["upi"],
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    accountIds.push(id);
  }
  // A month at a time: one statement per month keeps the embedded database's memory in bounds.
  for (let month = 0; month * 30 < DAYS; month++) {
    await insertGeneratedOrders(db, {
      from: addDays(yearStart, month * 30),
      days: Math.min(30, DAYS - month * 30),
      perDay: PER_DAY,
      userId: owner.id,
      accountIds,
      tag: `BENCH-${month}-`,
    });
    await foldOrderTotals(db);
  }
  await sql`
    INSERT INTO usdt_purchases (bought_on, network, quantity_usdt, paid_currency, paid_amount, source)
    SELECT ${yearStart}::date + d, 'trc20', 400000, 'INR', 400000 * (85 + (d % 50) / 100.0), 'bench'
    FROM generate_series(0, ${DAYS - 1}, ${PURCHASE_EVERY}) AS d`.execute(db);
  // Customers' sales, each received and paid on its day, from the three accounts in turn.
  const { id: destinationId } = await db
    .insertInto("payout_destinations")
    .values({
      user_id: owner.id,
      kind: "upi",
      holder_name: "Bench Seller",
      upi_id: "bench.seller@okaxis",
      holder_is_customer: true,
      blocklist_keys: [],
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const accounts = sql.join(accountIds.map((id) => sql`${id}::uuid`));
  await sql`
    INSERT INTO sell_orders (user_id, user_email, network, requested_usdt, deposit_usdt, buy_rate,
      inr_amount, deposit_address, destination_id, status, expires_at, deposit_tx_hash,
      received_at, paid_utr, paid_from_account_id, paid_at, created_at)
    SELECT ${owner.id}, 'bench-owner@example.com', (ARRAY['trc20', 'bep20', 'polygon'])[1 + i % 3],
      usdt, usdt, 83.5, round(usdt * 83.5, 2), 'bench-wallet', ${destinationId}::uuid, 'paid',
      at + interval '30 minutes', md5(i::text), at + interval '5 minutes',
      '5' || lpad(i::text, 11, '0'), (ARRAY[${accounts}])[1 + i % 3], at + interval '20 minutes', at
    FROM (
      SELECT i, (50 + i % 2000)::numeric(14, 2) AS usdt,
        (${yearStart}::date::timestamp AT TIME ZONE 'Asia/Kolkata')
          + make_interval(days => (i / ${SALES_PER_DAY})::int, secs => (i * 7919) % 80000) AS at
      FROM generate_series(0, ${DAYS * SALES_PER_DAY - 1}) AS i
    ) AS g`.execute(db);
  // As the server does after its folds (vacuumFoldedChanges): no dead change rows left to scan.
  await sql`VACUUM ANALYZE`.execute(db);
  return performance.now() - started;
}

/** Runs `work` RUNS times: its median and p95 in ms. */
async function time(work: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await work();
    ms.push(performance.now() - started);
  }
  return { median: percentile(ms, 50), p95: percentile(ms, 95) };
}

/** The floor: one pass over the same completed orders, summed and nothing more. */
const bareSum = (from: string, to: string) =>
  sql`SELECT count(*), sum(send_amount), sum(receive_amount) FROM orders
    WHERE status = 'completed'
      AND created_at >= (${from}::date::timestamp AT TIME ZONE 'Asia/Kolkata')
      AND created_at < ((${to}::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')`.execute(db);

try {
  const seedMs = await seed();
  const month = { from: monthStart, to: today };
  const year = { from: yearStart, to: today };
  const figures = {
    "floor: bare sum of the month's orders": await time(() => bareSum(month.from, month.to)),
    "floor: the dashboard's figures": await time(() => getDashboardStats(db)),
    "books of the month": await time(() => getBooks(db, month)),
    "books of the month + workbook": await time(async () =>
      booksWorkbook(await getBooks(db, month), await listPurchases(db, month)),
    ),
    "floor: bare sum of the year's orders": await time(() => bareSum(year.from, year.to)),
    "books of the year": await time(() => getBooks(db, year)),
    "books of the year + workbook": await time(async () =>
      booksWorkbook(await getBooks(db, year), await listPurchases(db, year)),
    ),
  };
  const books = await getBooks(db, year);
  console.log(
    `\n${usePglite ? "PGlite" : "PostgreSQL"}; ${cpus().length} CPUs, ${(totalmem() / 2 ** 30).toFixed(1)} GB RAM, load ${loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")}`,
  );
  console.log(
    `${(DAYS * PER_DAY).toLocaleString("en")} orders over ${DAYS} days (${books.totals.orders.toLocaleString("en")} completed) and ${books.totals.sellOrders.toLocaleString("en")} sell orders paid, seeded in ${(seedMs / 1000).toFixed(1)} s; median of ${RUNS} runs`,
  );
  const floorOf = (name: string) =>
    name.includes("month")
      ? figures["floor: bare sum of the month's orders"].median
      : figures["floor: bare sum of the year's orders"].median;
  console.table(
    Object.entries(figures).map(([step, { median, p95 }]) => ({
      step,
      "median ms": median.toFixed(1),
      "p95 ms": p95.toFixed(1),
      "× bare sum": step.startsWith("floor") ? "" : (median / floorOf(step)).toFixed(2),
    })),
  );
} finally {
  await close();
}
