import { Hono, type MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { sql } from "kysely";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { ORDER_STATUSES } from "../../shared/admin-order-input";
import { registerAutopilotSeries } from "../domains/autopilot/autopilot-metrics";
import { readWatcherLag } from "../domains/chain/watcher-lag";
import { currentTotals } from "../domains/orders/buy/order-totals";
import type { AppContext } from "../platform/api/app-context";
import { isBearerToken } from "../platform/http/bearer-token";

/**
 * The Prometheus series of one app; a registry of its own so apps never share counts.
 * Series read from the database (orders, outbox, step-up failures) are the desk's,
 * the same from every process; the others are this process's.
 */
export function createMetrics({ db, chains, orderChanges, databasePool }: AppContext) {
  const registry = new Registry();
  // Registered in the order /metrics lists them.
  const http = httpSeries(registry);
  registerDeskSeries(registry, db);
  registerWatcherSeries(registry, db, chains);
  registerAutopilotSeries(registry, db);
  registerProcessSeries(registry, orderChanges, databasePool);
  return { registry, recordRequests: requestRecorder(http) };
}

function httpSeries(registry: Registry) {
  return {
    requests: new Counter({
      name: "rupeedesk_http_requests_total",
      help: "API requests answered, by method, route pattern and status",
      labelNames: ["method", "route", "status"],
      registers: [registry],
    }),
    duration: new Histogram({
      name: "rupeedesk_http_request_duration_seconds",
      help: "Time to answer API requests, by method and route pattern",
      labelNames: ["method", "route"],
      registers: [registry],
    }),
  };
}

/** The middleware that counts and times each answer by its route's pattern. */
function requestRecorder(http: ReturnType<typeof httpSeries>): MiddlewareHandler {
  // Each series' child, looked up once: prom-client hashes a label object on every call.
  const durations = new Map<string, Histogram.Internal<"method" | "route">>();
  const answers = new Map<string, Counter.Internal>();
  return async (c, next) => {
    const started = performance.now();
    await next();
    // After next(), the pattern of the handler that answered, not the path: order ids
    // must not become series of their own.
    const method = c.req.method;
    const route = routePath(c);
    const status = String(c.res.status);
    seriesOf(durations, `${method} ${route}`, () =>
      http.duration.labels({ method, route }),
    ).observe((performance.now() - started) / 1000);
    seriesOf(answers, `${method} ${route} ${status}`, () =>
      http.requests.labels({ method, route, status }),
    ).inc();
  };
}

/** The desk's series, read from the database: the same from every process. */
function registerDeskSeries(registry: Registry, db: AppContext["db"]): void {
  new Gauge({
    name: "rupeedesk_outbox_messages",
    help: "E-mail and Telegram messages in the outbox, by state (pending or failed)",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      const counts = await db
        .selectFrom("notification_outbox")
        .select(({ fn }) => [
          fn.countAll().filterWhere("failed_at", "is", null).as("pending"),
          fn.countAll().filterWhere("failed_at", "is not", null).as("failed"),
        ])
        .where("sent_at", "is", null)
        .executeTakeFirstOrThrow();
      this.set({ state: "pending" }, Number(counts.pending));
      this.set({ state: "failed" }, Number(counts.failed));
    },
  });
  new Gauge({
    name: "rupeedesk_orders",
    help: "Orders by status, all time (from the dashboard's totals)",
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      const rows = await sql<{ status: string; orders: string | number }>`
        SELECT status, coalesce(sum(orders), 0) AS orders FROM ${currentTotals} AS t GROUP BY status
      `.execute(db);
      const counts = new Map(rows.rows.map((row) => [row.status, Number(row.orders)]));
      for (const status of ORDER_STATUSES) this.set({ status }, counts.get(status) ?? 0);
    },
  });
  new Counter({
    name: "rupeedesk_admin_step_up_failures_total",
    help: "Failed admin step-ups (wrong password or code), as recorded in the audit log",
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom("audit_log")
        .select(({ fn }) => fn.countAll<string>().as("count"))
        .where("action", "=", "admin.step_up_failed")
        .executeTakeFirstOrThrow();
      // The audit log only grows, so its count is a counter that survives restarts.
      this.reset();
      this.inc(Number(row.count));
    },
  });
}

/** How far behind the payout wallets' watchers are, by network. */
function registerWatcherSeries(
  registry: Registry,
  db: AppContext["db"],
  chains: AppContext["chains"],
): void {
  new Gauge({
    name: "rupeedesk_chain_watcher_blocks_behind",
    help: "Final blocks the payout watcher has not read yet, by network (0: caught up)",
    labelNames: ["network"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const lag of await readWatcherLag(db, chains)) {
        if (lag.blocksBehind !== null) this.set({ network: lag.network }, lag.blocksBehind);
      }
    },
  });
  new Gauge({
    name: "rupeedesk_chain_watcher_last_advance_seconds",
    help: "Seconds since the payout watcher's cursor last moved, by network",
    labelNames: ["network"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const lag of await readWatcherLag(db, chains)) {
        this.set({ network: lag.network }, lag.secondsSinceAdvance);
      }
    },
  });
}

/** This process's own series: its live streams and its database pool. */
function registerProcessSeries(
  registry: Registry,
  orderChanges: AppContext["orderChanges"],
  databasePool: AppContext["databasePool"],
): void {
  new Gauge({
    name: "rupeedesk_live_streams_open",
    help: "Live order update streams (customers' and the admin's) open in this process",
    registers: [registry],
    collect() {
      this.set(orderChanges.size);
    },
  });
  if (databasePool) {
    new Gauge({
      name: "rupeedesk_db_pool_connections",
      help: "PostgreSQL connections of this process's pool: open, idle, and requests waiting for one",
      labelNames: ["state"],
      registers: [registry],
      collect() {
        this.set({ state: "open" }, databasePool.totalCount);
        this.set({ state: "idle" }, databasePool.idleCount);
        this.set({ state: "waiting" }, databasePool.waitingCount);
      },
    });
  }
}

function seriesOf<Series>(children: Map<string, Series>, key: string, create: () => Series) {
  let series = children.get(key);
  if (!series) {
    series = create();
    children.set(key, series);
  }
  return series;
}

/**
 * GET /metrics for Prometheus, only with `Authorization: Bearer <token>`; without a
 * configured token it does not exist, so metrics are never public by default.
 */
export function createMetricsRouter(registry: Registry, token: string | undefined) {
  return new Hono().get("/metrics", async (c) => {
    if (!token) return c.json({ error: "Not found" }, 404);
    if (!isBearerToken(c.req.header("authorization"), token)) {
      return c.json({ error: "A valid metrics token is required.", code: "UNAUTHORIZED" }, 401);
    }
    return c.text(await registry.metrics(), 200, { "content-type": registry.contentType });
  });
}
