import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USDT_TOKENS } from "../../platform/config/chain-tokens";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { FakeTronNode, randomTronAddress } from "../../testing/fake-tron-node";
import { placeOrder } from "../../testing/orders";
import type { TestApp } from "../../testing/test-app";
import { startWatchedDesk } from "../../testing/watched-desk";

/*
 * A payout that failed on chain (a TRON call that ran out of energy, a reverted
 * transfer), as the operators see it: the desk's TRON wallet watched through a stand-in
 * full node (5 confirmations), the operators told by e-mail.
 */

const OPERATORS = "desk-operators@example.com";
const node = new FakeTronNode({ head: 40 });
const deskWallet = randomTronAddress();
let watched: Awaited<ReturnType<typeof startWatchedDesk>>;
let testApp: TestApp;
let admin: Client;
let customer: Client;

beforeAll(async () => {
  watched = await startWatchedDesk(node, deskWallet, "trc20", { ADMIN_NOTIFY_EMAIL: OPERATORS });
  testApp = watched.testApp;
  admin = await signedInAdmin(testApp);
  customer = await signedInCustomer(testApp);
});
afterAll(() => watched.close());

/** The desk's wallet sends 100 USDT to `to` in a call that fails; the chain goes on until it is final. */
async function failedPayout(to: string) {
  const hash = node.send({
    token: USDT_TOKENS.trc20.token,
    from: deskWallet,
    to,
    baseUnits: 100_000_000n,
    failed: true,
  });
  node.head += 10;
  await testApp.payoutWatch.watchOnce();
  return hash;
}

function alertsOf(hash: string) {
  return testApp.db
    .selectFrom("notification_outbox")
    .select(["channel", "topic", "payload"])
    .where("topic", "=", "chain.payout_failed")
    .where(sql<boolean>`payload::text LIKE ${`%${hash}%`}`)
    .execute();
}

async function listedFailed() {
  const page = await admin.get("/api/admin/payouts/unmatched?state=failed");
  expect(page.status, page.text).toBe(200);
  return page.json.transfers as { txHash: string; direction: string; note: string | null }[];
}

describe("a payout that failed on chain", () => {
  it("is listed apart with why and the operators are told once, naming the order that awaits it", async () => {
    const wallet = randomTronAddress();
    // 8,600 INR: 100 USDT, verified and awaiting its payout.
    const order = await placeOrder(customer, {
      network: "trc20",
      walletAddress: wallet,
      amount: "8600",
    });
    const verified = await admin.post(`/api/admin/orders/${order.id}/status`, {
      status: "processing",
    });
    expect(verified.status, verified.text).toBe(200);

    const hash = await failedPayout(wallet);
    expect(await listedFailed()).toContainEqual(
      expect.objectContaining({
        txHash: hash,
        direction: "out",
        note: "Failed on chain: no USDT left the wallet and nothing was paid. Send the payout again (the wallet may lack the TRX its fees cost, for energy and bandwidth).",
      }),
    );
    const alerts = await alertsOf(hash);
    expect(alerts).toEqual([
      expect.objectContaining({
        channel: "email",
        payload: expect.objectContaining({
          to: OPERATORS,
          subject: expect.stringMatching(/TRC20.*failed on chain/),
          text: expect.stringContaining(order.id.slice(0, 8)),
        }),
      }),
    ]);
    // Nothing was paid: the order still awaits its payout.
    const { status } = await testApp.db
      .selectFrom("orders")
      .select("status")
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(status).toBe("processing");

    await testApp.payoutWatch.watchOnce();
    expect(await alertsOf(hash)).toHaveLength(1);
  });
});
