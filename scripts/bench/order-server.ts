// The benchmark's server process: the real app plus one bare baseline route on
// the same server and database. Started by scripts/bench/orders.ts.
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { sql } from "kysely";
import { startFoldingOrderTotals } from "../../src/server/admin/dashboard/order-totals";
import { createApp } from "../../src/server/app";
import { parseEnv } from "../../src/server/env";
import { foldTotalsAndTellOperatorsNearCap } from "../../src/server/orders/cap-alert";
import { openRuntime } from "../../src/server/runtime";
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

/** This process's CPU time (ms) and the WAL written so far (bytes), for each route's cost per request. */
baseline.get("/bench/usage", async (c) => {
  const { user, system } = process.cpuUsage();
  const { rows } = await sql<{ bytes: string }>`
    SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') AS bytes`.execute(db);
  return c.json({ cpuMs: (user + system) / 1000, walBytes: Number(rows[0]?.bytes) });
});

// The running totals are folded every second, as the real server does (main.ts).
const stopFolding = startFoldingOrderTotals(
  () => foldTotalsAndTellOperatorsNearCap(db, runtime.context.notificationTargets),
  runtime.context.logger,
);

/** Requests being answered: the load's last ones outlive its connections. */
let underWay = 0;
let whenIdle = () => {};
const server = serve({
  fetch: async (request) => {
    underWay += 1;
    try {
      return await (new URL(request.url).pathname.startsWith("/bench/")
        ? baseline.fetch(request)
        : app.fetch(request));
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
