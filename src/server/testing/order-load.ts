import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { saleBlocklistKeys } from "../../shared/blocklist-keys";
import { randomTronAddress } from "./fake-tron-node";
import { REPO_ROOT } from "./run-process";
import { freePort, SERVER_START_MS } from "./server-process";

/*
 * Order placement under load on PostgreSQL, for `npm run bench:orders` and its
 * short run in the test suite: the real route against a bare INSERT on the same
 * server process and database, each signed-in customer on a connection of its own.
 * A buy order (POST /api/orders) against an INSERT into orders; a sale (POST
 * /api/sell-orders) against an INSERT into sell_orders.
 */

export type LoadRoute = "baseline" | "orders" | "sale-baseline" | "sales";

const ROUTE_PATHS: Record<LoadRoute, string> = {
  baseline: "/bench/baseline",
  orders: "/api/orders",
  "sale-baseline": "/bench/sale-baseline",
  sales: "/api/sell-orders",
};

/** The TRON wallet the bench's buy orders pay out to. */
const BENCH_TRON_WALLET = "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6";

export interface LoadRun {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** The server process's CPU time per request (ms). */
  serverCpuMs: number;
  /** The PostgreSQL processes' CPU time per request (ms), NaN where /proc cannot tell. */
  databaseCpuMs: number;
  walBytes: number;
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * Starts the benchmark's server (scripts/bench/order-server.ts) on the database,
 * with one customer per connection and `offersPerCustomer` payment offers each
 * (an order names one, decision 019). `run` loads one route for a while.
 */
export async function startOrderLoad({
  databaseUrl,
  connections,
  offersPerCustomer,
  profileDir,
}: {
  databaseUrl: string;
  connections: number;
  offersPerCustomer: number;
  /** Where the server writes each run's CPU profile (open them in Chrome's DevTools). */
  profileDir?: string;
}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "rupeedesk-bench-"));
  const server = spawn(process.execPath, ["--import", "tsx", "scripts/bench/order-server.ts"], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "error",
      TRUST_PROXY: "true",
      // Customers ordering flat out exceed the real per-minute limit; the check still runs.
      ORDER_RATE_LIMIT_PER_MINUTE: "100000",
      ...(profileDir ? { BENCH_PROFILE_DIR: profileDir } : {}),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const close = async () => {
    if (server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const deadline = Date.now() + SERVER_START_MS;
    for (;;) {
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) break;
      } catch {}
      if (Date.now() > deadline) throw new Error("The benchmark server did not start");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const headers = { "content-type": "application/json", origin: baseUrl };
    /** Signs a customer up and in (each from its own address, as the per-IP limits expect). */
    const signedInCookie = async (email: string, address: string) => {
      const from = { ...headers, "x-forwarded-for": address };
      const account = {
        email,
        password: "secret1",
        name: "bench",
        whatsappNumber: "+919876543210",
      };
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
    const cookies = await Promise.all(
      Array.from({ length: connections }, (_, i) =>
        signedInCookie(`customer${i}@example.com`, `10.9.1.${i}`),
      ),
    );
    const offers = await prepareOffers(databaseUrl, connections, offersPerCustomer);
    const sales = await prepareSales(databaseUrl, connections);
    let reference = 100_000_000_000;
    /** An order for one of the customer's offers: the next unused one, or (`peek`) its last. */
    const orderBody = (customer: number, { peek }: { peek: boolean }) => {
      const customerOffers = offers[customer] ?? [];
      const offer = peek ? customerOffers.at(-1) : customerOffers.pop();
      if (!offer) throw new Error("The benchmark ran out of prepared offers");
      return JSON.stringify({
        sendCurrency: "upi_inr",
        receiveCurrency: "usdt",
        network: "trc20",
        amount: offer.amount,
        walletAddress: BENCH_TRON_WALLET,
        paymentReference: String(reference++),
        payerName: "Rahul Kumar",
        quotedRate: "86",
        receivingOfferId: offer.id,
      });
    };
    /** Every sale of a run a USDT amount of its own, so each takes its amount at the first try (decision 049). */
    let saleUsdt = 10;
    const saleBody = (customer: number) =>
      JSON.stringify({
        network: "trc20",
        usdtAmount: String(saleUsdt++),
        quotedBuyRate: sales.buyRate,
        destinationId: sales.destinations[customer],
      });
    // As a browser sends it: an answer the server would compress costs it more.
    const customerHeaders = cookies.map((cookie) => ({
      ...headers,
      cookie,
      "accept-encoding": "gzip, deflate, br",
    }));
    let nextCustomer = 0;
    /**
     * Both routes of a pair get the same requests, a customer's order or sale with
     * its cookie, built the same way, so the load generator (on the same cores) and
     * the server's reading of them cost both alike; the baseline ignores what it is
     * sent and leaves the customer's offers for the real route.
     */
    const customerRequests = (route: LoadRoute): Partial<autocannon.Options> => ({
      requests: [
        {
          setupRequest: (request: autocannon.Request, context: { customer?: number }) => {
            context.customer ??= nextCustomer++ % cookies.length;
            return {
              ...request,
              headers: customerHeaders[context.customer],
              body:
                route === "sales" || route === "sale-baseline"
                  ? saleBody(context.customer)
                  : orderBody(context.customer, { peek: route === "baseline" }),
            };
          },
        },
      ],
    });

    const usage = async () => ({
      ...((await (await fetch(`${baseUrl}/bench/usage`)).json()) as {
        cpuMs: number;
        walBytes: number;
      }),
      databaseCpuMs: postgresCpuMs(),
    });
    const load = (route: LoadRoute, durationS: number) =>
      new Promise<autocannon.Result>((resolve, reject) => {
        autocannon(
          {
            url: `${baseUrl}${ROUTE_PATHS[route]}`,
            method: "POST",
            connections,
            duration: durationS,
            ...customerRequests(route),
          },
          (error, result) => (error ? reject(error) : resolve(result)),
        );
      });
    let runs = 0;
    const profiled = async <T>(route: LoadRoute, work: () => Promise<T>) => {
      if (!profileDir) return work();
      runs += 1;
      await fetch(`${baseUrl}/bench/profile/start`, { method: "POST" });
      const result = await work();
      await fetch(`${baseUrl}/bench/profile/stop/${runs}-${route}`, { method: "POST" });
      return result;
    };
    /** One load run, with the server's and PostgreSQL's CPU and the WAL per request. */
    const run = async (route: LoadRoute, durationS: number): Promise<LoadRun> => {
      const before = await usage();
      const result = await profiled(route, () => load(route, durationS));
      const after = await usage();
      const requests = result.requests.total;
      return {
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        non2xx: result.non2xx,
        serverCpuMs: (after.cpuMs - before.cpuMs) / requests,
        databaseCpuMs: postgresCpuSpent(before.databaseCpuMs, after.databaseCpuMs) / requests,
        walBytes: (after.walBytes - before.walBytes) / requests,
      };
    };
    return { run, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * A real route and its baseline in turns (the buy order's unless said), `rounds` times
 * after a warm-up of each, so load from other work on the machine falls on both alike;
 * each round's real / baseline ratio (`orders`: the real route's run).
 */
export async function alternateRounds(
  run: (route: LoadRoute, durationS: number) => Promise<LoadRun>,
  { rounds, durationS, warmUpS }: { rounds: number; durationS: number; warmUpS: number },
  routes: { baseline: LoadRoute; real: LoadRoute } = { baseline: "baseline", real: "orders" },
) {
  await run(routes.baseline, warmUpS);
  await run(routes.real, warmUpS);
  const results: { baseline: LoadRun; orders: LoadRun; ratio: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    const baseline = await run(routes.baseline, durationS);
    const orders = await run(routes.real, durationS);
    results.push({
      baseline,
      orders,
      ratio: orders.requestsPerSecond / baseline.requestsPerSecond,
    });
  }
  return results;
}

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

/**
 * An uncapped UPI account, and for each customer (customer0…) unused offers into
 * it, straight in the database: an offer stays valid for an order, one amount
 * each, so the load measures the order route alone.
 */
async function prepareOffers(url: string, customers: number, offersPerCustomer: number) {
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
      [account.rows[0]?.id, offersPerCustomer],
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

/**
 * What the customers' sales need, straight in the database: buying on TRON with the
 * desk's wallet to deposit to, every sale limit beyond reach (the checks still run),
 * a UPI payout account in each customer's own name (customer0…, and the baseline's
 * user), and each verified with a PAN. The buy rate the page would quote, and each customer's account.
 */
async function prepareSales(url: string, customers: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const unreached = "999999999999.99";
    const settings = await client.query<{ buy_rate: string }>(
      `UPDATE site_settings SET buy_networks = '{trc20}', sell_limit_order_inr = $1,
         sell_limit_day_inr = $1, verified_sell_limit_order_inr = $1, verified_sell_limit_day_inr = $1
       RETURNING trim_scale(buy_rate)::text AS buy_rate`,
      [unreached],
    );
    // The desk's wallet, where sales are deposited: another than the buy orders' (an
    // order to the desk's own wallet is refused).
    await client.query(`UPDATE treasury_networks SET wallet_address = $1 WHERE network = 'trc20'`, [
      randomTronAddress(),
    ]);
    const rows = await client.query<{ email: string; id: string; name: string; upi_id: string }>(
      `INSERT INTO payout_destinations (user_id, kind, holder_name, upi_id, holder_is_customer,
         blocklist_keys)
       SELECT id, 'upi', name, split_part(email, '@', 1) || '@okaxis', true, '{}' FROM "user"
        WHERE email LIKE 'customer%@example.com' OR email = 'baseline@example.com'
       RETURNING (SELECT email FROM "user" WHERE id = user_id), id, holder_name AS name, upi_id`,
    );
    const destinations = Array.from({ length: customers }, () => "");
    for (const row of rows.rows) {
      // The keys the payout accounts' page keeps, so the blocklist looks up real ones.
      const keys = saleBlocklistKeys({ ...row, holder_name: row.name, account_number: null });
      await client.query("UPDATE payout_destinations SET blocklist_keys = $1 WHERE id = $2", [
        keys,
        row.id,
      ]);
      const index = Number(/^customer(\d+)@/.exec(row.email)?.[1]);
      if (Number.isInteger(index)) destinations[index] = row.id;
    }
    // Verified with a PAN, as a desk's regular sellers are: past the year's threshold each
    // sale is taxed (decision 060), and the query reads their PAN.
    await client.query(
      `WITH submitted AS (
         INSERT INTO verification_submissions (user_id, legal_name, pan, date_of_birth, address,
           address_document_kind, decision, decided_at)
         SELECT id, name, 'BNCPK' || lpad((row_number() OVER ())::text, 4, '0') || 'Z', '1990-01-01',
           'Bench Road', 'passport', 'verified', now()
         FROM "user" WHERE email LIKE 'customer%@example.com' OR email = 'baseline@example.com'
         RETURNING id, user_id, legal_name
       )
       INSERT INTO customer_verifications (user_id, status, submission_id, verified_name)
       SELECT user_id, 'verified', id, legal_name FROM submitted
       ON CONFLICT (user_id) DO UPDATE SET status = 'verified',
         submission_id = excluded.submission_id, verified_name = excluded.verified_name`,
    );
    return { buyRate: settings.rows[0]?.buy_rate ?? "", destinations };
  } finally {
    await client.end();
  }
}
