import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NetworkId } from "../../../shared/catalog";
import { USDT_TOKENS } from "../../platform/config/chain-tokens";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { FakeEvmNode } from "../../testing/fake-evm-node";
import { FakeTronNode, randomTronAddress } from "../../testing/fake-tron-node";
import { placeOrder } from "../../testing/orders";
import type { TestApp } from "../../testing/test-app";
import { startWatchedDesk } from "../../testing/watched-desk";

/*
 * The desk sends USDT from its payout wallet (a stand-in node of each family holds the
 * transfer); the watcher finds it and the order completes with no hash typed, when
 * and only when one verified order awaits exactly that transfer.
 */

/** Each family's desk on a stand-in node; `unit` is one USDT in base units. */
const FAMILIES = [
  {
    network: "trc20" as NetworkId,
    // A new wallet's first pass reads back up to an hour of blocks: a short chain here.
    node: new FakeTronNode({ head: 40 }),
    deskWallet: randomTronAddress(),
    freshWallet: randomTronAddress,
    unit: 10n ** BigInt(USDT_TOKENS.trc20.decimals),
  },
  {
    network: "bep20" as NetworkId,
    node: new FakeEvmNode(),
    deskWallet: "0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359",
    /** A customer wallet no other test uses. */
    freshWallet: () => `0x${randomBytes(20).toString("hex")}`,
    unit: 10n ** BigInt(USDT_TOKENS.bep20.decimals),
  },
];

describe.each(FAMILIES)("payouts found on chain ($network)", (family) => {
  const { network, node, deskWallet, freshWallet } = family;
  const TOKEN = USDT_TOKENS[network].token;
  /** 100 USDT: what an order of 8,600 INR receives. */
  const HUNDRED = 100n * family.unit;
  let testApp: TestApp;
  let admin: Client;
  let customer: Client;
  let desk: Awaited<ReturnType<typeof startWatchedDesk>>;

  beforeAll(async () => {
    desk = await startWatchedDesk(node, deskWallet, network);
    testApp = desk.testApp;
    admin = await signedInAdmin(testApp);
    customer = await signedInCustomer(testApp);
  });
  afterAll(() => desk.close());

  async function orderTo(wallet: string, { verified = true } = {}) {
    const order = await placeOrder(customer, { network, walletAddress: wallet, amount: "8600" });
    if (verified) {
      const response = await admin.post(`/api/admin/orders/${order.id}/status`, {
        status: "processing",
      });
      expect(response.status, response.text).toBe(200);
    }
    return order;
  }

  /** The desk's wallet sends USDT; the chain goes on until the transfer is final; the desk's workers run. */
  async function deskSends(to: string, baseUnits = HUNDRED) {
    const hash = node.send({ token: TOKEN, from: deskWallet, to, baseUnits });
    node.head += 10;
    await testApp.payoutWatch.watchOnce();
    await testApp.payoutChecks.checkDue();
    return hash;
  }

  function orderRow(id: string) {
    return testApp.db
      .selectFrom("orders")
      .select(["status", "payout_tx_hash"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  }

  function transferOf(hash: string) {
    return testApp.db
      .selectFrom("chain_transfers")
      .select(["match_state", "order_id", "note", "decided_by"])
      .where("tx_hash", "=", hash)
      .executeTakeFirstOrThrow();
  }

  it("completes the one verified order awaiting the transfer, with its hash", async () => {
    const wallet = freshWallet();
    const order = await orderTo(wallet);
    const hash = await deskSends(wallet);
    expect(await orderRow(order.id)).toEqual({ status: "completed", payout_tx_hash: hash });
    expect(await transferOf(hash)).toMatchObject({
      match_state: "matched",
      order_id: order.id,
      decided_by: null,
    });
    const audit = await testApp.db
      .selectFrom("audit_log")
      .select(["actor_id", "details"])
      .where("action", "=", "order.payout_found_on_chain")
      .where("target_id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(audit.actor_id).toBeNull();
    expect(audit.details).toMatchObject({ by: "payout watcher", txHash: hash, amount: "100" });
    const events = await testApp.db
      .selectFrom("order_events")
      .select(["actor_role", "payout_check", "to_status"])
      .where("order_id", "=", order.id)
      .where("payout_check", "is not", null)
      .orderBy("created_at")
      .execute();
    expect(events).toEqual([
      { actor_role: "system", payout_check: "checking", to_status: "processing" },
      { actor_role: "system", payout_check: "confirmed", to_status: "completed" },
    ]);
  });

  it("leaves a transfer two orders await for an operator", async () => {
    const wallet = freshWallet();
    const first = await orderTo(wallet);
    const second = await orderTo(wallet);
    const hash = await deskSends(wallet);
    expect(await transferOf(hash)).toMatchObject({ match_state: "unmatched", order_id: null });
    expect((await transferOf(hash)).note).toMatch(/Two or more open orders/);
    expect((await orderRow(first.id)).status).toBe("processing");
    expect((await orderRow(second.id)).status).toBe("processing");
  });

  it("leaves a transfer of another amount (a fee taken off) for an operator", async () => {
    const wallet = freshWallet();
    const order = await orderTo(wallet);
    const hash = await deskSends(wallet, HUNDRED - family.unit / 10n);
    expect(await transferOf(hash)).toMatchObject({ match_state: "unmatched" });
    expect((await transferOf(hash)).note).toMatch(/No open order awaits this amount/);
    expect(await orderRow(order.id)).toEqual({ status: "processing", payout_tx_hash: null });
  });

  it("never closes an order whose payment is not verified yet", async () => {
    const wallet = freshWallet();
    const order = await orderTo(wallet, { verified: false });
    const hash = await deskSends(wallet);
    expect((await transferOf(hash)).note).toMatch(/not verified yet/);
    expect(await orderRow(order.id)).toEqual({ status: "pending", payout_tx_hash: null });
    const audit = await testApp.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "chain_transfer.unmatched")
      .execute();
    expect(audit.map((entry) => entry.details)).toContainEqual(
      expect.objectContaining({ txHash: hash, by: "payout watcher" }),
    );
  });

  it("links a transfer whose hash an operator already entered, and queues no second check", async () => {
    const wallet = freshWallet();
    const order = await orderTo(wallet);
    const hash = node.send({ token: TOKEN, from: deskWallet, to: wallet, baseUnits: HUNDRED });
    node.head += 10;
    const response = await admin.post(`/api/admin/orders/${order.id}/status`, {
      status: "completed",
      payoutTxHash: hash,
    });
    expect(response.status, response.text).toBe(202);
    await testApp.payoutWatch.watchOnce();
    await testApp.payoutChecks.checkDue();
    expect(await orderRow(order.id)).toEqual({ status: "completed", payout_tx_hash: hash });
    expect(await transferOf(hash)).toMatchObject({ match_state: "matched", order_id: order.id });
  });
});
