import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin, signedInCustomer } from "../../testing/actors";
import { ERC20_WALLET, placeOrder } from "../../testing/orders";
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

  it("tells once to sweep what the hot wallet holds above its ceiling, and again only once it rose above it anew", async () => {
    await testApp.db
      .updateTable("autopilot_networks")
      .set({ hot_wallet_ceiling_usdt: "5000" })
      .where("network", "=", "erc20")
      .execute();
    const holds = (usdt: string) =>
      testApp.db.updateTable("autopilot_signers").set({ usdt_balance: usdt }).execute();
    await holds("5000");
    expect(await newAlerts()).toEqual([]);
    await holds("7250.5");
    expect(await newAlerts()).toEqual([
      "ERC20: sweep 2250.5 USDT from the hot wallet to cold storage",
    ]);
    const [mail] = (await readMails(testApp, OPERATORS)).slice(-1);
    expect(mail?.text).toContain("holds 7250.5 USDT, above its ceiling of 5000 USDT");
    await holds("9000");
    expect(await newAlerts()).toEqual([]);
    await holds("4000");
    expect(await newAlerts()).toEqual([]);
    await holds("6000");
    expect(await newAlerts()).toEqual([
      "ERC20: sweep 1000 USDT from the hot wallet to cold storage",
    ]);
  });

  it("tells once that a payout reverted on chain, naming the order to pay by hand", async () => {
    const customer = await signedInCustomer(testApp);
    const admin = await signedInAdmin(testApp);
    const order = await placeOrder(customer, { network: "erc20", walletAddress: ERC20_WALLET });
    await admin.post(`/api/admin/orders/${order.id}/status`, { status: "processing" });
    await newAlerts(); // the new order's own
    const txHash = `0x${"ab".repeat(32)}`;
    await testApp.db
      .insertInto("autopilot_sends")
      .values({
        order_id: order.id,
        network: "erc20",
        from_address: "0x52908400098527886e0f7030069857d2e4169ee7",
        nonce: 7,
        to_address: ERC20_WALLET,
        amount: "100",
        signed_tx: "0x02",
        tx_hash: txHash,
        broadcast_at: new Date(),
      })
      .execute();
    expect(await newAlerts()).toEqual([]);
    await testApp.db
      .updateTable("autopilot_sends")
      .set({ fee_paid: "0.000042", reverted: true })
      .where("order_id", "=", order.id)
      .execute();
    const short = order.id.slice(0, 8);
    expect(await newAlerts()).toEqual([`ERC20: autopilot's payout of order #${short} reverted`]);
    const [mail] = (await readMails(testApp, OPERATORS)).slice(-1);
    expect(mail?.text).toContain(`reverted on chain (transaction ${txHash}): no USDT moved`);
    expect(await newAlerts()).toEqual([]);
  });
});
