import type { Server } from "node:http";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { foldTotalsAndTellOperatorsNearCap } from "../domains/orders/buy/cap-alert";
import { startFoldingOrderTotals } from "../domains/orders/buy/order-totals";
import { runDailyRetention } from "../domains/risk/retention/retention";
import { remindSuspicionReportsDue } from "../domains/risk/suspicion-reports/reports-due";
import { askLargeCustomersToVerify } from "../domains/verification/large-customers";
import { announceServer, newServerToken } from "../platform/backup/running-server";
import { ConfigError, parseEnv } from "../platform/config/env";
import { createApp } from "./create-app";
import { startDailyJob } from "./daily-jobs";
import { openRuntime } from "./runtime";

/** How long an idle keep-alive connection stays open. */
const KEEP_ALIVE_MS = 65_000;
/** How long requests under way may take to finish once the process is told to stop. */
const SHUTDOWN_GRACE_MS = 15_000;

async function main() {
  const env = parseEnv(process.env);
  // The build's web app sits beside dist/server; run from the sources, this is src/web.
  const webRoot = fileURLToPath(
    new URL(import.meta.url.endsWith(".ts") ? "../../web" : "../web", import.meta.url),
  );
  // The embedded database is this process's alone: `npm run backup` asks it (running-server.ts).
  const serverToken = env.DATABASE_URL ? undefined : newServerToken();
  const runtime = await openRuntime(env, { webRoot, serverToken });
  const { logger } = runtime.context;
  const app = createApp(runtime.context);
  runtime.outbox.start();
  runtime.payoutChecks.start();
  runtime.payoutWatch.start();
  runtime.treasury.start();
  const stopFolding = startFoldingOrderTotals(
    () =>
      foldTotalsAndTellOperatorsNearCap(runtime.context.db, runtime.context.notificationTargets),
    logger,
  );
  const stopBackups = runtime.context.backups.startSchedule(logger);
  const stopRetention = startDailyJob(
    runtime.context.db,
    "retention",
    () => runDailyRetention(runtime.context.db),
    logger,
  );
  const stopAskingLargeCustomers = startDailyJob(
    runtime.context.db,
    "large-customers",
    () => askLargeCustomersToVerify(runtime.context.db, runtime.context.notificationTargets),
    logger,
  );
  const stopRemindingReportsDue = startDailyJob(
    runtime.context.db,
    "suspicion-reports-due",
    () => remindSuspicionReportsDue(runtime.context.db, runtime.context.notificationTargets),
    logger,
  );
  let withdrawAnnouncement = () => {};

  const server = serve({ fetch: app.fetch, port: env.PORT }, (info) => {
    if (serverToken) {
      withdrawAnnouncement = announceServer(resolve(env.DATA_DIR), {
        pid: process.pid,
        port: info.port,
        token: serverToken,
      });
    }
    logger.info(
      `RupeeDesk is serving on http://localhost:${info.port} (public URL ${runtime.publicUrl})`,
    );
  });
  // Longer than a proxy's or a client's idle connection (often 60 s): with Node's 5 s a
  // client reusing a connection as the server closes it met a reset (ECONNRESET).
  const httpServer = server as Server; // serve() makes an HTTP/1.1 server unless told otherwise
  httpServer.keepAliveTimeout = KEEP_ALIVE_MS;
  httpServer.headersTimeout = KEEP_ALIVE_MS + 1_000;

  const shutdown = (signal: string) => {
    logger.info({ signal }, "shutting down");
    server.close(async () => {
      withdrawAnnouncement();
      await stopBackups();
      await stopRetention();
      await stopAskingLargeCustomers();
      await stopRemindingReportsDue();
      await stopFolding();
      await runtime.close();
      process.exit(0);
    });
    // Requests under way finish; event streams would never end on their own.
    runtime.context.orderChanges.close();
    // close() ends idle connections only. One still open after the grace (a client that
    // never finished sending a body it was refused, a stalled download) is cut, so the
    // process stops within systemd's TimeoutStopSec, not after the keep-alive's 65 s.
    setTimeout(() => httpServer.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
