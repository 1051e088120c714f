// The benchmark's server process: the real app plus bare baseline routes (an order's
// INSERT, a sale's) on the same server and database. Started by scripts/bench/orders.ts.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { sql } from "kysely";
import { createApp } from "../../src/server/app/create-app";
import { openRuntime } from "../../src/server/app/runtime";
import { foldTotalsAndTellOperatorsNearCap } from "../../src/server/domains/orders/buy/cap-alert";
import { startFoldingOrderTotals } from "../../src/server/domains/orders/buy/order-totals";
import { parseEnv } from "../../src/server/platform/config/env";
import { raiseOrderLimits } from "../../src/server/testing/order-limits";

const runtime = await openRuntime(parseEnv(process.env));
const app = createApp(runtime.context);
const { db } = runtime.context;
// Customers ordering flat out pass any real order limit; the checks still run.
await raiseOrderLimits(db);
let sequence = 0;
let benchUserId: string | undefined;

/** One INSERT of a fixed order: no session, no validation, no rate, no events, no outbox. */
const baseline = new Hono().post("/bench/baseline", async (c) => {
  sequence += 1;
  const reference = `B${process.pid}-${sequence}`; // taken before the await, so unique
  benchUserId ??= (await db.selectFrom("user").select("id").executeTakeFirstOrThrow()).id;
  await sql`
    INSERT INTO orders (user_id, user_email, send_currency, send_amount, receive_currency,
      receive_amount, exchange_rate, network, wallet_address, payment_reference)
    VALUES (${benchUserId}, 'bench@example.com', 'upi_inr', 8600, 'usdt', 100, 86, 'trc20',
      'TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6', ${reference})`.execute(db);
  return c.json({ ok: true }, 201);
});

let saleSequence = 0;
let benchDestinationId: string | undefined;

/**
 * One INSERT of a fixed sale, a deposit amount of its own: no session, no rules. Written
 * as expired, so the baseline's rows do not swell the open sales the real route reads.
 */
baseline.post("/bench/sale-baseline", async (c) => {
  saleSequence += 1;
  // Far above the real sales' amounts, so the baseline never takes one of theirs.
  const usdt = 10_000_000 + saleSequence;
  benchUserId ??= (await db.selectFrom("user").select("id").executeTakeFirstOrThrow()).id;
  benchDestinationId ??= (
    await db
      .selectFrom("payout_destinations")
      .select("id")
      .where("user_id", "=", benchUserId)
      .executeTakeFirstOrThrow()
  ).id;
  await sql`
    INSERT INTO sell_orders (user_id, user_email, network, requested_usdt, deposit_usdt, buy_rate,
      inr_amount, deposit_address, destination_id, status, expires_at)
    VALUES (${benchUserId}, 'bench@example.com', 'trc20', ${usdt}, ${usdt}, 85, ${usdt * 85},
      'TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6', ${benchDestinationId}, 'expired', now())`.execute(db);
  return c.json({ ok: true }, 201);
});

/** This process's CPU time (ms) and the WAL written so far (bytes), for each route's cost per request. */
baseline.get("/bench/usage", async (c) => {
  const { user, system } = process.cpuUsage();
  const { rows } = await sql<{ bytes: string }>`
    SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') AS bytes`.execute(db);
  return c.json({ cpuMs: (user + system) / 1000, walBytes: Number(rows[0]?.bytes) });
});

// BENCH_PROFILE_DIR: each load run's CPU profile alone (start-up and sign-ups left out),
// written as <name>.cpuprofile for Chrome's DevTools.
const profileDir = process.env.BENCH_PROFILE_DIR;
if (profileDir) {
  const inspector = new Session();
  inspector.connect();
  await inspector.post("Profiler.enable");
  baseline.post("/bench/profile/start", async (c) => {
    await inspector.post("Profiler.start");
    return c.body(null, 204);
  });
  baseline.post("/bench/profile/stop/:name{[a-z0-9-]+}", async (c) => {
    const { profile } = await inspector.post("Profiler.stop");
    writeFileSync(join(profileDir, `${c.req.param("name")}.cpuprofile`), JSON.stringify(profile));
    return c.body(null, 204);
  });
}

// The running totals are folded every second, as the real server does (main.ts).
const stopFolding = startFoldingOrderTotals(
  () => foldTotalsAndTellOperatorsNearCap(db, runtime.context.notificationTargets),
  runtime.context.logger,
);

/** Requests being answered: the load's last ones outlive its connections. */
let underWay = 0;
let whenIdle = () => {};
const server = serve({
  // The Node request and response go on to the app, as `serve` passes them in main.ts.
  fetch: async (request, nodeHandles) => {
    underWay += 1;
    try {
      return await (new URL(request.url).pathname.startsWith("/bench/")
        ? baseline.fetch(request)
        : app.fetch(request, nodeHandles));
    } finally {
      underWay -= 1;
      if (underWay === 0) whenIdle();
    }
  },
  port: Number(process.env.PORT),
});
process.on("SIGTERM", () =>
  server.close(async () => {
    if (underWay > 0) await new Promise<void>((resolve) => (whenIdle = resolve));
    await stopFolding();
    await runtime.close();
    process.exit(0);
  }),
);
console.log("ready");
