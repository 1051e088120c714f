import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin } from "../../testing/actors";
import { FakeEvmNode } from "../../testing/fake-evm-node";
import { startFakeTelegram } from "../../testing/fake-telegram";
import type { TestApp } from "../../testing/test-app";
import { readMails } from "../../testing/test-client";
import { startWatchedDesk } from "../../testing/watched-desk";

/*
 * The payout watcher's lag, on /metrics and the dashboard, and the operators' alerts
 * when it stalls and recovers: the desk's BEP20 wallet watched through a stand-in
 * node that moves ahead, goes down and comes back.
 */

const DESK_WALLET = "0x8d3c6f0f2b8a4e5d9c1b7a6e4f3d2c1b0a998877";
const OPERATORS = "operators@example.com";
const TOKEN = "metrics-token-for-tests";
const node = new FakeEvmNode();
let desk: Awaited<ReturnType<typeof startWatchedDesk>>;
let testApp: TestApp;
let telegram: Awaited<ReturnType<typeof startFakeTelegram>>;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  telegram = await startFakeTelegram();
  desk = await startWatchedDesk(node, DESK_WALLET, "bep20", {
    METRICS_TOKEN: TOKEN,
    TELEGRAM_BOT_TOKEN: "123:test-token",
    TELEGRAM_CHAT_ID: "-100200300",
    TELEGRAM_API_URL: telegram.url,
    ADMIN_NOTIFY_EMAIL: OPERATORS,
  });
  testApp = desk.testApp;
  admin = await signedInAdmin(testApp);
});
afterAll(async () => {
  await desk.close();
  await telegram.close();
});

async function metric(series: string) {
  const response = await testApp.app.request("/metrics", {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.status).toBe(200);
  const line = (await response.text())
    .split("\n")
    .find((candidate) => candidate.startsWith(`${series}{network="bep20"} `));
  return line === undefined ? undefined : Number(line.split(" ")[1]);
}
const blocksBehind = () => metric("rupeedesk_chain_watcher_blocks_behind");
const sinceAdvance = () => metric("rupeedesk_chain_watcher_last_advance_seconds");

async function dashboardWatcher() {
  const response = await admin.get("/api/admin/dashboard");
  expect(response.status, response.text).toBe(200);
  return response.json.watchers.find((watcher: { network: string }) => watcher.network === "bep20");
}

async function alerts() {
  await testApp.outbox.deliverDue();
  return {
    telegram: telegram.messages.map((message) => message.text),
    mail: (await readMails(testApp, OPERATORS)).map((mail) => mail.subject),
  };
}

describe("the payout watcher's lag", () => {
  it("reads 0 blocks behind once a pass caught up with the final blocks", async () => {
    node.head = 100;
    await testApp.payoutWatch.watchOnce();
    expect(await blocksBehind()).toBe(0);
    expect(await sinceAdvance()).toBeLessThan(60);
    expect(await dashboardWatcher()).toMatchObject({
      wallet: DESK_WALLET,
      blocksBehind: 0,
      stalled: false,
      lastError: null,
    });
  });

  it("counts the final blocks a pass could not reach, which the next passes catch up", async () => {
    // 5,000 blocks at once: a pass reads at most 2,000, up to block 2,096.
    node.head = 5100;
    await testApp.payoutWatch.watchOnce();
    const finalHead = 5100 - 5 + 1;
    expect(await blocksBehind()).toBe(finalHead - 2096);
    expect((await dashboardWatcher()).blocksBehind).toBe(finalHead - 2096);
    await testApp.payoutWatch.watchOnce();
    await testApp.payoutWatch.watchOnce();
    expect(await blocksBehind()).toBe(0);
  });
});

describe("the operators' alerts", () => {
  it("tell once when the watcher stalls on a failing node, and once when it recovers", async () => {
    node.isDown = true;
    await testApp.payoutWatch.watchOnce();
    expect(await alerts()).toEqual({ telegram: [], mail: [] });
    // Ten minutes without a move, as the cursor would have it after them.
    await testApp.db
      .updateTable("chain_watch_cursors")
      .set({ advanced_at: sql<Date>`now() - interval '11 minutes'` })
      .where("wallet_address", "=", DESK_WALLET)
      .execute();
    // Two processes judging at once, then one restarted: one alert.
    await Promise.all([testApp.payoutWatch.watchOnce(), testApp.payoutWatch.watchOnce()]);
    await testApp.payoutWatch.watchOnce();
    const stalled = await alerts();
    expect(stalled.mail).toEqual(["BEP20: the payout watcher has not advanced for 11 minutes"]);
    expect(stalled.telegram).toHaveLength(1);
    expect(stalled.telegram[0]).toMatch(
      /payout watcher of 0x8d3c.* has not advanced for 11 minutes; the node's last error: .+\. .*CHAIN_RPC_BEP20/,
    );
    expect(await sinceAdvance()).toBeGreaterThanOrEqual(660);
    expect(await dashboardWatcher()).toMatchObject({
      stalled: true,
      lastError: expect.any(String),
    });

    node.isDown = false;
    node.head += 1;
    await Promise.all([testApp.payoutWatch.watchOnce(), testApp.payoutWatch.watchOnce()]);
    await testApp.payoutWatch.watchOnce();
    const recovered = await alerts();
    expect(recovered.mail).toEqual([stalled.mail[0], "BEP20: the payout watcher advances again"]);
    expect(recovered.telegram).toHaveLength(2);
    expect(recovered.telegram[1]).toContain("advances again");
    expect(await dashboardWatcher()).toMatchObject({ stalled: false, lastError: null });
    expect(await sinceAdvance()).toBeLessThan(60);
  });
});
