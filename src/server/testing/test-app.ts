import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino, { type Logger } from "pino";
import { createApp } from "../app/create-app";
import { openRuntime } from "../app/runtime";
import { foldTotalsAndTellOperatorsNearCap } from "../domains/orders/buy/cap-alert";
import { remindSuspicionReportsDue } from "../domains/risk/suspicion-reports/reports-due";
import { askLargeCustomersToVerify } from "../domains/verification/large-customers";
import { parseEnv } from "../platform/config/env";
import type { DatabaseHandle } from "../platform/db/database";
import { insertBankAccount, insertUpiAccount } from "./desk-accounts";
import { raiseOrderLimits } from "./order-limits";
import { TEST_ORIGIN } from "./origin";
import { openTemplateDatabase } from "./pglite-pool";
import { isPostgresRun } from "./postgres";
import { openPostgresTemplateDatabase } from "./postgres-pool";
import { quickPasswordHashing } from "./quick-passwords";

/**
 * A fresh app for one test file, on a database in the migrated template's state: a PGlite
 * database (pglite-pool.ts), or a database on TEST_DATABASE_URL's server when the suite
 * runs with TEST_DB=postgres (postgres-pool.ts). E-mails land in `mailDir`; logs go to
 * `logger` (none by default). The customers' order limits are out of reach
 * unless `shippedOrderLimits` keeps the migration's defaults. Passwords are hashed by a
 * cheaper scrypt (quick-passwords.ts) unless `realPasswords` keeps better-auth's. A test
 * that counts the buffers its statements read takes a `freshDatabase`, as a new desk's: one
 * used before holds the dead rows and the planner's figures of the tests before it.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  {
    logger = pino({ level: "silent" }),
    shippedOrderLimits = false,
    realPasswords = false,
    freshDatabase = false,
  }: {
    logger?: Logger;
    shippedOrderLimits?: boolean;
    realPasswords?: boolean;
    freshDatabase?: boolean;
  } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), "rupeedesk-test-"));
  const env = parseEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    TRUST_PROXY: "true",
    LOG_LEVEL: "silent",
    ...overrides,
  });
  const { database, databaseUrl } = await openTestDatabase(freshDatabase);
  const runtime = await openRuntime(env, {
    database,
    logger,
    passwordHashing: realPasswords ? undefined : quickPasswordHashing,
  });
  const app = createApp(runtime.context);
  if (!shippedOrderLimits) await raiseOrderLimits(runtime.context.db);
  await insertUpiAccount(runtime.context.db);
  await insertBankAccount(runtime.context.db);
  return {
    app,
    db: runtime.context.db,
    /** The driver under `db`, for tests that count what a request costs it. */
    database,
    /** The PostgreSQL database's URL (PostgreSQL run only), for a second process's connections. */
    databaseUrl,
    auth: runtime.context.auth,
    announcer: runtime.context.announcer,
    /** Waits for the work the app does after its answers (mails). */
    settle: () => runtime.backgroundTasks.drain(),
    outbox: runtime.outbox,
    /**
     * What the server does every second: folds the order totals and the treasury's
     * owed, tells of accounts near their cap and of networks short of coins.
     */
    foldOrderTotals: () =>
      foldTotalsAndTellOperatorsNearCap(runtime.context.db, runtime.context.notificationTargets),
    /** The daily job that asks large customers to verify, driven by hand. */
    askLargeCustomersToVerify: () =>
      askLargeCustomersToVerify(runtime.context.db, runtime.context.notificationTargets),
    /** The daily reminder of suspicious transaction reports due, driven by hand. */
    remindSuspicionReportsDue: () =>
      remindSuspicionReportsDue(runtime.context.db, runtime.context.notificationTargets),
    /** The payout wallets' scheduled reads, driven by hand. */
    treasury: runtime.treasury,
    payoutChecks: runtime.payoutChecks,
    /** The payout wallets' watcher, driven by hand. */
    payoutWatch: runtime.payoutWatch,
    backups: runtime.context.backups,
    mailDir: join(dataDir, "mail"),
    kind: database.kind,
    async close() {
      // Gives the database back to its pool (pglite-pool.ts, postgres-pool.ts).
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

async function openTestDatabase(
  fresh: boolean,
): Promise<{ database: DatabaseHandle; databaseUrl?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (isPostgresRun() && serverUrl) {
    const { database, url } = await openPostgresTemplateDatabase(serverUrl, { fresh });
    return { database, databaseUrl: url };
  }
  return { database: await openTemplateDatabase({ fresh }) };
}
