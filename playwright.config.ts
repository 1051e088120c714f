import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_ADMIN } from "./e2e/admin-credentials";
import type { DeskFolders } from "./e2e/desk-folders";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium";

/** Asks the OS for a port nobody uses. */
async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

// Chosen once in the main process; workers inherit them through the environment.
// The stand-in Polygon node e2e/treasury.spec.ts answers on while it runs.
process.env.E2E_CHAIN_PORT ??= String(await findFreePort());
// The stand-in BNB Smart Chain node e2e/payouts-on-chain.spec.ts's desk wallet sends from.
process.env.E2E_BEP20_PORT ??= String(await findFreePort());
// The desk of e2e/autopilot-chain.spec.ts: a server of its own on PostgreSQL, with its signer.
process.env.E2E_AUTOPILOT_PORT ??= String(await findFreePort());

/**
 * A server the journeys run against, with its own port, data and admin session (kept
 * apart from the server's data and its backups); e2e/desk-folders.ts reads them back.
 */
async function desk(name: string) {
  const variable = (what: string) => `E2E_${name}_${what}`;
  process.env[variable("PORT")] ??= String(await findFreePort());
  process.env[variable("DATA_DIR")] ??= mkdtempSync(join(tmpdir(), "rupeedesk-e2e-"));
  process.env[variable("ADMIN_SESSION_DIR")] ??= mkdtempSync(
    join(tmpdir(), "rupeedesk-e2e-admin-"),
  );
  const folders: DeskFolders = {
    dataDir: process.env[variable("DATA_DIR")] ?? "",
    adminSessionDir: process.env[variable("ADMIN_SESSION_DIR")] ?? "",
  };
  return { baseURL: `http://127.0.0.1:${process.env[variable("PORT")]}`, metadata: folders };
}

// Most journeys share one desk. Those that change what the whole site does run one at a
// time on a second desk of the same kind, beside the others rather than after them: on
// two cores a lone journey left a third of the machine idle for four minutes.
const SHARED_DESK = await desk("SHARED");
const SITE_WIDE_DESK = await desk("SITE_WIDE");
// The receiving-accounts journey changes which accounts take payments, so it has a desk of
// its own too: on the site-wide desk it had to wait for that desk's specs, and Playwright
// then ran it after every journey of chromium's, alone, for 50 s (projects run in phases).
const ACCOUNTS_DESK = await desk("ACCOUNTS");

// Specs that change what the whole site does: the rate and limits, buying turned on, autopilot, the
// desk's BEP20 wallet and the stand-in BEP20 node on E2E_BEP20_PORT (payouts-on-chain, sell-usdt
// and sale-tax register the wallet and answer on that port), and the tax settings.
const SITE_WIDE_SPECS = /(admin-settings|sell-usdt|sale-tax|payouts-on-chain|autopilot)\.spec\.ts/;
const ACCOUNTS_SPECS = /receiving-accounts\.spec\.ts/;
const MAIN_THREAD_SPECS = /first-screen-work\.spec\.ts/;
const OWN_DESK_SPECS = /autopilot-chain\.spec\.ts/;
const DESKTOP = { ...devices["Desktop Chrome"], channel: undefined };

/** The server of one desk, as `npm start` runs it. */
function deskServer({ baseURL, metadata }: Awaited<ReturnType<typeof desk>>) {
  return {
    command: "node dist/server/main.js",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: new URL(baseURL).port,
      DATA_DIR: metadata.dataDir,
      PUBLIC_URL: baseURL,
      // Each test sends its own X-Forwarded-For, so per-IP rate limits apply per test.
      TRUST_PROXY: "true",
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: "warn",
      CHAIN_RPC_POLYGON: `http://127.0.0.1:${process.env.E2E_CHAIN_PORT}`,
      CHAIN_RPC_BEP20: `http://127.0.0.1:${process.env.E2E_BEP20_PORT}`,
      // Few blocks to wait: the journeys move the stand-in's head themselves.
      CHAIN_CONFIRMATIONS_BEP20: "3",
      CHAIN_TIMEOUT_MS: "5000",
    },
  };
}

export default defineConfig({
  testDir: "e2e",
  // The journeys (the setup project names its own file); e2e/*.test.ts are Vitest's.
  testMatch: /\.spec\.ts$/,
  // Two workers share two cores with two browsers and the server: a journey that
  // takes 11 s alone took 32 s beside an axe tour, so the budgets leave room for that.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  reporter: process.env.CI ? "line" : "list",
  forbidOnly: Boolean(process.env.CI),
  use: {
    // DOM snapshots are enough to read a failure; the screencast behind trace
    // screenshots kept the browser encoding frames through every journey.
    trace: { mode: "retain-on-failure", screenshots: false },
    // The installed app's service worker is e2e/installable.spec.ts's subject; elsewhere
    // it would only stand between the journeys' page.route() and the network.
    serviceWorkers: "block",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // Each desk's receiving accounts, set up once before its journeys.
    {
      name: "setup",
      testMatch: /desk\.setup\.ts/,
      use: { baseURL: SHARED_DESK.baseURL },
      metadata: SHARED_DESK.metadata,
    },
    {
      name: "site-wide-setup",
      testMatch: /desk\.setup\.ts/,
      use: { baseURL: SITE_WIDE_DESK.baseURL },
      metadata: SITE_WIDE_DESK.metadata,
    },
    {
      name: "accounts-setup",
      testMatch: /desk\.setup\.ts/,
      use: { baseURL: ACCOUNTS_DESK.baseURL },
      metadata: ACCOUNTS_DESK.metadata,
    },
    // A desk of its own (PostgreSQL, a local EVM node, the payout signer's process),
    // started by the spec itself: autopilot pays from it with no operator's click. After
    // the setups, so that it runs beside the journeys, not before them on a lone worker.
    {
      name: "own-desk",
      use: { ...DESKTOP, baseURL: `http://127.0.0.1:${process.env.E2E_AUTOPILOT_PORT}` },
      testMatch: OWN_DESK_SPECS,
      dependencies: ["setup"],
    },
    // Specs that change site-wide settings, on their own desk, one file at a time (one
    // worker: two files of a project otherwise run side by side), so they cannot change
    // the rate, the limits or the BEP20 wallet under another test's feet. Before chromium:
    // a free worker takes the first test of the projects in this order that may run, so
    // one worker goes through these while the other takes chromium's.
    {
      name: "site-wide",
      use: { ...DESKTOP, baseURL: SITE_WIDE_DESK.baseURL },
      metadata: SITE_WIDE_DESK.metadata,
      testMatch: SITE_WIDE_SPECS,
      dependencies: ["site-wide-setup"],
      fullyParallel: false,
      workers: 1,
    },
    // Changes which receiving accounts take payments, and lets offers hold a whole cap:
    // alone on its desk. Before chromium, so that a worker takes it early, not last.
    {
      name: "accounts",
      use: { ...DESKTOP, baseURL: ACCOUNTS_DESK.baseURL },
      metadata: ACCOUNTS_DESK.metadata,
      testMatch: ACCOUNTS_SPECS,
      dependencies: ["accounts-setup"],
    },
    {
      name: "chromium",
      use: { ...DESKTOP, baseURL: SHARED_DESK.baseURL },
      metadata: SHARED_DESK.metadata,
      testIgnore: [SITE_WIDE_SPECS, ACCOUNTS_SPECS, MAIN_THREAD_SPECS, OWN_DESK_SPECS],
      dependencies: ["setup"],
      // Test by test, not file by file: the axe tours fill a file for minutes, and
      // the journeys share nothing but the desk the setup made.
      fullyParallel: true,
    },
    // The main thread's guard times tasks in CPU time against a yardstick; beside another
    // worker's browser the two cores' sharing moved its figure up to two yardsticks (a
    // median of 5.9 in one CI run, 3.3-5.1 alone). Last, alone, one language at a time.
    {
      name: "main-thread",
      use: { ...DESKTOP, baseURL: SHARED_DESK.baseURL },
      metadata: SHARED_DESK.metadata,
      testMatch: MAIN_THREAD_SPECS,
      dependencies: ["chromium", "site-wide", "accounts"],
      fullyParallel: false,
    },
  ],
  webServer: [deskServer(SHARED_DESK), deskServer(SITE_WIDE_DESK), deskServer(ACCOUNTS_DESK)],
});
