import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USDT_TOKENS } from "../../platform/config/chain-tokens";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { baseUnitsOf, FakeEvmNode } from "../../testing/fake-evm-node";
import { countRows, placeOrder } from "../../testing/orders";
import type { TestApp } from "../../testing/test-app";
import { freshEvmWallet, startWatchedDesk } from "../../testing/watched-desk";

/*
 * One link per chain transfer (decision 053): the desk's BEP20 payout wallet is watched
 * through a stand-in node; whichever path decides what a transfer is, a second path
 * deciding it otherwise gets a 409 and writes nothing, and the database itself refuses
 * a second link.
 */

const DESK_WALLET = "0x3f5ce5fbfe3e9af3971dd833d26ba9b5c936f0be";
const TOKEN = USDT_TOKENS.bep20.token;
const node = new FakeEvmNode();
let desk: Awaited<ReturnType<typeof startWatchedDesk>>;
let testApp: TestApp;
let admin: Client;
let customer: Client;

beforeAll(async () => {
  desk = await startWatchedDesk(node, DESK_WALLET);
  testApp = desk.testApp;
  admin = await signedInAdmin(testApp);
  customer = await signedInCustomer(testApp);
});
afterAll(() => desk.close());

/** The desk's wallet sends (or receives) USDT, final at once; the watcher's pass runs. */
async function transfer(usdt: string, { to = freshEvmWallet(), from = DESK_WALLET } = {}) {
  const hash = node.send({
    token: TOKEN,
    from,
    to,
    baseUnits: baseUnitsOf(usdt, USDT_TOKENS.bep20.decimals),
  });
  node.head += 10;
  await testApp.payoutWatch.watchOnce();
  return testApp.db
    .selectFrom("chain_transfers")
    .selectAll()
    .where("tx_hash", "=", hash)
    .executeTakeFirstOrThrow();
}

function linksOf(txHash: string) {
  return testApp.db
    .selectFrom("chain_transfer_links")
    .select(["log_index", "kind", "order_id", "sell_order_id", "purchase_id", "chain_transfer_id"])
    .where("tx_hash", "=", txHash)
    .execute();
}

describe("one link per chain transfer", () => {
  it("is the database's own rule: a second link, or a link naming another kind's row, is refused", async () => {
    const deposit = await transfer("41.5", { from: freshEvmWallet(), to: DESK_WALLET });
    const key = { network: "bep20", tx_hash: deposit.tx_hash, log_index: deposit.log_index };
    await testApp.db
      .insertInto("chain_transfer_links")
      .values({ ...key, kind: "refund", chain_transfer_id: deposit.id })
      .execute();
    await expect(
      testApp.db
        .insertInto("chain_transfer_links")
        .values({ ...key, kind: "dismissal", chain_transfer_id: deposit.id })
        .execute(),
    ).rejects.toThrow(/duplicate key|unique/i);
    await expect(
      testApp.db
        .insertInto("chain_transfer_links")
        .values({
          ...key,
          log_index: key.log_index + 1,
          kind: "purchase",
          chain_transfer_id: deposit.id,
        })
        .execute(),
    ).rejects.toThrow(/chain_transfer_links_one_target/);
    expect(await linksOf(deposit.tx_hash)).toEqual([
      {
        log_index: key.log_index,
        kind: "refund",
        order_id: null,
        sell_order_id: null,
        purchase_id: null,
        chain_transfer_id: deposit.id,
      },
    ]);
  });

  it("refuses to mark not a payout (409) a transfer an order's payout check confirmed, and writes nothing", async () => {
    const wallet = freshEvmWallet();
    const order = await placeOrder(customer, {
      network: "bep20",
      walletAddress: wallet,
      amount: "8600",
    });
    // Paid before the payment was verified: the watcher leaves it for an operator.
    const payout = await transfer("100", { to: wallet });
    expect(payout.match_state).toBe("unmatched");
    const verified = await admin.post(`/api/admin/orders/${order.id}/status`, {
      status: "processing",
    });
    expect(verified.status, verified.text).toBe(200);
    const completed = await admin.post(`/api/admin/orders/${order.id}/status`, {
      status: "completed",
      payoutTxHash: payout.tx_hash,
    });
    expect(completed.status, completed.text).toBe(202);
    await testApp.payoutChecks.checkDue();
    expect(await linksOf(payout.tx_hash)).toMatchObject([
      { log_index: payout.log_index, kind: "payout", order_id: order.id },
    ]);

    const before = await countRows(testApp);
    const dismissed = await admin.post(`/api/admin/payouts/unmatched/${payout.id}/dismiss`, {
      note: "Cold storage",
    });
    expect(dismissed.status, dismissed.text).toBe(409);
    expect(dismissed.json).toMatchObject({ code: "TRANSFER_LINKED" });
    expect(dismissed.json.error).toContain(`the payout of order ${order.id.slice(0, 8)}`);
    expect(await countRows(testApp)).toEqual(before);
  });
});
