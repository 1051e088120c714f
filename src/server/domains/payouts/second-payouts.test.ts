import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USDT_TOKENS } from "../../platform/config/chain-tokens";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { baseUnitsOf, FakeEvmNode } from "../../testing/fake-evm-node";
import { placeOrder } from "../../testing/orders";
import type { TestApp } from "../../testing/test-app";
import { freshEvmWallet, startWatchedDesk } from "../../testing/watched-desk";

/*
 * A second payout to one order (issue 51): the desk's BEP20 payout wallet is watched
 * through a stand-in node; a second transfer out to an order being paid, or paid, is
 * told to the operators and shown on the order and the dashboard.
 */

const DESK_WALLET = "0x9696f59e4d72e237be84ffd425dcad154bf96976";
const OPERATORS = "desk-operators@example.com";
const node = new FakeEvmNode();
let desk: Awaited<ReturnType<typeof startWatchedDesk>>;
let testApp: TestApp;
let admin: Client;
let customer: Client;

beforeAll(async () => {
  desk = await startWatchedDesk(node, DESK_WALLET, "bep20", { ADMIN_NOTIFY_EMAIL: OPERATORS });
  testApp = desk.testApp;
  admin = await signedInAdmin(testApp);
  customer = await signedInCustomer(testApp);
});
afterAll(() => desk.close());

/** An order of 100 USDT to a wallet of its own, its payment verified. */
async function verifiedOrder() {
  const wallet = freshEvmWallet();
  const order = await placeOrder(customer, {
    network: "bep20",
    walletAddress: wallet,
    amount: "8600",
  });
  const verified = await admin.post(`/api/admin/orders/${order.id}/status`, {
    status: "processing",
  });
  expect(verified.status, verified.text).toBe(200);
  return { ...order, wallet };
}

/** The desk's wallet sends 100 USDT to `to`, final at once; answers the hash. */
function deskPays(to: string) {
  const hash = node.send({
    token: USDT_TOKENS.bep20.token,
    from: DESK_WALLET,
    to,
    baseUnits: baseUnitsOf("100", USDT_TOKENS.bep20.decimals),
  });
  node.head += 10;
  return hash;
}

async function runWorkers() {
  await testApp.payoutWatch.watchOnce();
  await testApp.payoutChecks.checkDue();
}

function alertsOf(orderId: string) {
  return testApp.db
    .selectFrom("notification_outbox")
    .select("payload")
    .where("topic", "=", "order.second_payout")
    .where(sql<boolean>`payload::text LIKE ${`%${orderId.slice(0, 8)}%`}`)
    .execute();
}

async function secondPayoutsShown(orderId: string) {
  const details = await admin.get(`/api/admin/orders/${orderId}`);
  expect(details.status, details.text).toBe(200);
  return details.json.secondPayouts as { txHash: string }[];
}

describe("a second payout to one order", () => {
  it("is told when an operator's hash replaced the watcher's check and both transfers paid the order", async () => {
    const order = await verifiedOrder();
    const first = deskPays(order.wallet);
    await testApp.payoutWatch.watchOnce(); // matched: its check is queued
    const second = deskPays(order.wallet); // an operator pays again by hand…
    const entered = await admin.post(`/api/admin/orders/${order.id}/status`, {
      status: "completed",
      payoutTxHash: second, // …and enters that hash, which replaces the check under way
    });
    expect(entered.status, entered.text).toBe(202);
    await runWorkers();

    const { status } = await testApp.db
      .selectFrom("orders")
      .select("status")
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(status).toBe("completed");
    expect(await alertsOf(order.id)).toHaveLength(1);
    expect((await alertsOf(order.id))[0]?.payload).toMatchObject({ to: OPERATORS });
    const shown = (await secondPayoutsShown(order.id)).map((payout) => payout.txHash);
    expect(shown).toHaveLength(1);
    expect([first, second]).toContain(shown[0]);
  });

  it("is told when the desk pays an order it paid already, and the transfer waits for an operator", async () => {
    const order = await verifiedOrder();
    deskPays(order.wallet);
    await runWorkers();
    const again = deskPays(order.wallet);
    await runWorkers();

    expect(await alertsOf(order.id)).toHaveLength(1);
    expect(await secondPayoutsShown(order.id)).toMatchObject([{ txHash: again }]);
    const transfer = await testApp.db
      .selectFrom("chain_transfers")
      .select(["match_state", "note"])
      .where("tx_hash", "=", again)
      .executeTakeFirstOrThrow();
    expect(transfer.match_state).toBe("unmatched");
    expect(transfer.note).toContain(order.id.slice(0, 8));
    const dashboard = await admin.get("/api/admin/dashboard");
    expect(dashboard.json.secondPayouts).toBeGreaterThanOrEqual(2);
  });
});
