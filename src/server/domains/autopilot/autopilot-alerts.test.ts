import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { readMails } from "../../testing/test-client";

/*
 * The operators' alerts of autopilot, sent from the web process's payout watch: the
 * signer's own process writes its passes (autopilot_signers) and may stop all sending
 * by itself (autopilot_switch); here those rows are written as it writes them.
 */

const OPERATORS = "operators@example.com";
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ ADMIN_NOTIFY_EMAIL: OPERATORS });
  await testApp.db
    .updateTable("autopilot_networks")
    .set({ enabled: true, max_payout_usdt: "100", max_day_usdt: "1000" })
    .where("network", "=", "erc20")
    .execute();
});
afterAll(() => testApp?.close());

/** The subjects mailed to the operators since the last look, after a pass of the watch. */
let seen = 0;
async function newAlerts() {
  await testApp.payoutWatch.watchOnce();
  await testApp.outbox.deliverDue();
  const subjects = (await readMails(testApp, OPERATORS)).map((mail) => mail.subject);
  const fresh = subjects.slice(seen);
  seen = subjects.length;
  return fresh;
}

const signerPassed = (secondsAgo: number, lastError: string | null = null) =>
  testApp.db
    .insertInto("autopilot_signers")
    .values({
      network: "erc20",
      sender_address: "0x52908400098527886e0f7030069857d2e4169ee7",
      passed_at: sql<Date>`now() - make_interval(secs => ${secondsAgo})`,
      last_error: lastError,
    })
    .onConflict((conflict) =>
      conflict.column("network").doUpdateSet({
        passed_at: sql<Date>`now() - make_interval(secs => ${secondsAgo})`,
        last_error: lastError,
      }),
    )
    .execute();

describe("autopilot's alerts to the operators", () => {
  it("tells once that the signer went silent while autopilot is on, and once that it runs again", async () => {
    await signerPassed(0);
    expect(await newAlerts()).toEqual([]);
    await signerPassed(300);
    expect(await newAlerts()).toEqual(["ERC20: the payout signer has not run for 5 minutes"]);
    expect(await newAlerts()).toEqual([]);
    await signerPassed(0);
    expect(await newAlerts()).toEqual(["ERC20: the payout signer runs again"]);
  });

  it("says nothing of a silent signer while all sending is stopped by an operator", async () => {
    await testApp.db.updateTable("autopilot_switch").set({ stopped: true }).execute();
    await signerPassed(300);
    expect(await newAlerts()).toEqual([]);
    await testApp.db.updateTable("autopilot_switch").set({ stopped: false }).execute();
    expect(await newAlerts()).toEqual(["ERC20: the payout signer has not run for 5 minutes"]);
    await signerPassed(0);
    await newAlerts();
  });

  it("tells once that its passes fail, with the node's words, and once that they go through", async () => {
    await signerPassed(0, "fetch failed");
    expect(await newAlerts()).toEqual(["ERC20: autopilot's payouts fail"]);
    expect(await newAlerts()).toEqual([]);
    await signerPassed(0);
    expect(await newAlerts()).toEqual(["ERC20: autopilot's payouts go through again"]);
  });

  it("tells once that the signer stopped all sending by itself, and why", async () => {
    await testApp.db
      .updateTable("autopilot_switch")
      .set({ stopped: true, stopped_reason: "3 payouts in a row on erc20 could not be made" })
      .execute();
    expect(await newAlerts()).toEqual(["Autopilot stopped itself"]);
    const [mail] = (await readMails(testApp, OPERATORS)).slice(-1);
    expect(mail?.text).toContain("3 payouts in a row on erc20 could not be made");
    expect(await newAlerts()).toEqual([]);
  });
});
