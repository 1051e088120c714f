// npm run bench:orders — order placement under load on PostgreSQL: the real
// route against a bare INSERT on the same server and database, 64 connections.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { freePort } from "../../src/server/testing/server-process";
import { createBenchDatabase } from "./bench-database";

const CONNECTIONS = 64;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = 3;
/** More than one customer's share of the orders a run places, even on a fast machine. */
const OFFERS_PER_CUSTOMER = 4000;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * CPU time (ms) of each PostgreSQL process on this machine so far, by pid, from
 * /proc (Linux; the benchmark's server is local). Empty where /proc is not readable.
 */
function postgresCpuMs(): Map<string, number> {
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  const byPid = new Map<string, number>();
  try {
    for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
        if (name !== "postgres") continue;
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        byPid.set(pid, (Number(fields[11]) + Number(fields[12])) / ticksPerMs); // utime, stime
      } catch {} // the process ended meanwhile
    }
  } catch {}
  return byPid;
}

/** CPU the PostgreSQL processes used between two readings (a process that ended since is left out). */
function postgresCpuSpent(before: Map<string, number>, after: Map<string, number>): number {
  if (after.size === 0) return Number.NaN;
  let spent = 0;
  for (const [pid, ms] of after) spent += ms - (before.get(pid) ?? 0);
  return spent;
}

const database = await createBenchDatabase("orders");
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
// BENCH_PROFILE=<dir> writes the server's CPU profile there (open it in Chrome's DevTools).
const profileArgs = process.env.BENCH_PROFILE
  ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
  : [];
const server = spawn(
  process.execPath,
  [...profileArgs, "--import", "tsx", "scripts/bench/order-server.ts"],
  {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATABASE_URL: database.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), "rupeedesk-bench-")),
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "error",
      TRUST_PROXY: "true",
      // 64 customers ordering flat out exceed the real per-minute limit; the check still runs.
      ORDER_RATE_LIMIT_PER_MINUTE: "100000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  },
);

try {
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {}
    if (tries > 300) throw new Error("The benchmark server did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const headers = { "content-type": "application/json", origin: baseUrl };
  /** Signs a customer up and in (each from its own address, as the per-IP limits expect). */
  const signedInCookie = async (email: string, address: string) => {
    const from = { ...headers, "x-forwarded-for": address };
    const account = { email, password: "secret1", name: "bench", whatsappNumber: "+919876543210" };
    await fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: "POST",
      headers: from,
      body: JSON.stringify(account),
    });
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers: from,
      body: JSON.stringify({ email, password: "secret1" }),
    });
    return signIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
  };
  // The baseline's rows belong to a user of their own (the first account), so they
  // do not count against the customers' per-minute order limit.
  await signedInCookie("baseline@example.com", "10.9.0.1");
  // One customer per connection, as on a real desk.
  const cookies = await Promise.all(
    Array.from({ length: CONNECTIONS }, (_, i) =>
      signedInCookie(`customer${i}@example.com`, `10.9.1.${i}`),
    ),
  );

  // Every order names the payment step's offer (decision 019). The offers are made
  // beforehand, straight in the database: a customer's unused offers stay valid for
  // an order, one amount each, so the run measures the order route alone.
  const offers = await prepareOffers(database.url, CONNECTIONS);
  let reference = 100_000_000_000;
  const orderBody = (customer: number) => {
    const offer = offers[customer]?.pop();
    if (!offer) throw new Error("The benchmark ran out of prepared offers");
    return JSON.stringify({
      sendCurrency: "upi_inr",
      receiveCurrency: "usdt",
      network: "trc20",
      amount: offer.amount,
      walletAddress: "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6",
      paymentReference: String(reference++),
      payerName: "Rahul Kumar",
      quotedRate: "86",
      receivingOfferId: offer.id,
    });
  };

  const usage = async () => ({
    ...((await (await fetch(`${baseUrl}/bench/usage`)).json()) as {
      cpuMs: number;
      walBytes: number;
    }),
    databaseCpuMs: postgresCpuMs(),
  });
  type Run = Awaited<ReturnType<typeof run>>;
  /** One load run, with the server's CPU and the WAL per request beside autocannon's figures. */
  const run = async (title: string, path: string, extra: Partial<autocannon.Options>) => {
    const before = await usage();
    const result = await load(title, path, extra);
    const after = await usage();
    return {
      ...result,
      cpuMsPerRequest: (after.cpuMs - before.cpuMs) / result.requests.total,
      walBytesPerRequest: (after.walBytes - before.walBytes) / result.requests.total,
      databaseCpuMsPerRequest:
        postgresCpuSpent(before.databaseCpuMs, after.databaseCpuMs) / result.requests.total,
    };
  };
  const load = (title: string, path: string, extra: Partial<autocannon.Options>) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      autocannon(
        {
          url: `${baseUrl}${path}`,
          method: "POST",
          connections: CONNECTIONS,
          duration: DURATION_S,
          title,
          ...extra,
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
    });
  let nextCookie = 0;
  const real = {
    headers,
    requests: [
      {
        setupRequest: (request: autocannon.Request, context: { customer?: number }) => {
          context.customer ??= nextCookie++ % cookies.length;
          return {
            ...request,
            headers: { ...headers, cookie: cookies[context.customer] ?? "" },
            body: orderBody(context.customer),
          };
        },
      },
    ],
  };

  // Warm both paths (connections, JIT, caches) before measuring.
  await run("warm-up", "/bench/baseline", { duration: 2 });
  await run("warm-up", "/api/orders", { ...real, duration: 2 });
  // The two routes take turns, so load from other work on the machine falls on both alike.
  const rounds: { baseline: Run; placement: Run }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const baseline = await run("baseline INSERT", "/bench/baseline", {});
    const placement = await run("POST /api/orders", "/api/orders", real);
    rounds.push({ baseline, placement });
  }

  const row = (name: string, result: Run) =>
    `| ${name} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} | ${result.cpuMsPerRequest.toFixed(2)} | ${result.databaseCpuMsPerRequest.toFixed(2)} | ${result.walBytesPerRequest.toFixed(0)} |`;
  console.log(
    `\nOrder placement, PostgreSQL, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s per route, taking turns`,
  );
  console.log(
    `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB; load average ${loadavg()[0]?.toFixed(1)} at the end\n`,
  );
  console.log(
    "| round: route | requests/s | p50 ms | p99 ms | non-2xx | server CPU ms/request | PostgreSQL CPU ms/request | WAL bytes/request |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  rounds.forEach(({ baseline, placement }, i) => {
    console.log(row(`${i + 1}: baseline, one INSERT, no auth or validation`, baseline));
    console.log(row(`${i + 1}: POST /api/orders`, placement));
  });
  const ratios = rounds.map((r) => r.placement.requests.average / r.baseline.requests.average);
  const p99s = rounds.map((r) => r.placement.latency.p99);
  console.log(
    `\nReal / baseline requests/s: median ${median(ratios).toFixed(2)}× (rounds: ${ratios.map((x) => x.toFixed(2)).join(", ")}; target ≥ 0.75×)`,
  );
  console.log(
    `Real p99: median ${median(p99s)} ms (rounds: ${p99s.join(", ")} ms; target ≤ 50 ms); baseline p99: median ${median(rounds.map((r) => r.baseline.latency.p99))} ms`,
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await database.drop();
}

/** An uncapped UPI account, and for each customer (customer0…) many unused offers into it. */
async function prepareOffers(url: string, customers: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const account = await client.query<{ id: string }>(
      `INSERT INTO receiving_accounts (kind, label, upi_id, payee_name, send_methods)
       VALUES ('upi', 'Bench UPI', 'bench@okhdfcbank', 'RupeeDesk', '{upi}') RETURNING id`,
    );
    const rows = await client.query<{ email: string; id: string; amount: string }>(
      `INSERT INTO receiving_account_offers
         (user_id, receiving_account_id, send_currency, send_amount, expires_at)
       SELECT u.id, $1, 'upi_inr', 1000 + n, now() + interval '1 hour'
         FROM "user" u, generate_series(1, $2::int) AS n
        WHERE u.email LIKE 'customer%@example.com'
       RETURNING (SELECT email FROM "user" WHERE id = user_id), id, send_amount::text AS amount`,
      [account.rows[0]?.id, OFFERS_PER_CUSTOMER],
    );
    const byCustomer = Array.from(
      { length: customers },
      () => [] as { id: string; amount: string }[],
    );
    for (const row of rows.rows) {
      const index = Number(/^customer(\d+)@/.exec(row.email)?.[1]);
      byCustomer[index]?.push({ id: row.id, amount: row.amount });
    }
    return byCustomer;
  } finally {
    await client.end();
  }
}
