import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USDT_TOKENS } from "../../platform/config/chain-tokens";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { FakeEvmNode } from "../../testing/fake-evm-node";
import { FakeSolanaNode, freshSolanaAddress } from "../../testing/fake-solana-node";
import { FakeTronNode, randomTronAddress } from "../../testing/fake-tron-node";
import { placeOrder } from "../../testing/orders";
import type { TestApp } from "../../testing/test-app";
import { startWatchedDesk } from "../../testing/watched-desk";

/*
 * The desk sends USDT from its payout wallet (a stand-in node holds the transfer: TRC20,
 * TRC20 through TronGrid's index, BEP20, then Solana); the watcher finds it and the order
 * completes with no hash typed, when and only when one verified order awaits exactly that
 * transfer.
 */

// A new TRON wallet's first pass reads back up to an hour of blocks: a short chain here.
const tronNode = new FakeTronNode({ head: 40 });
// TronGrid: its index too, which wants the desk's API key.
const gridNode = new FakeTronNode({ head: 40 });
gridNode.servesIndex = true;
gridNode.apiKey = "desk-grid-key";
const evmNode = new FakeEvmNode();
const solanaNode = new FakeSolanaNode();

/** A network's desk: its stand-in node, wallets, and how its chain moves on. */
const DESKS = [
  tronDesk("trc20", tronNode),
  tronDesk("trc20 through TronGrid's index", gridNode, { CHAIN_API_KEY_TRC20: "desk-grid-key" }),
  {
    label: "bep20",
    network: "bep20" as const,
    env: {} as Record<string, string>,
    node: evmNode,
    deskWallet: "0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359",
    /** A customer wallet no other test uses. */
    freshWallet: () => `0x${randomBytes(20).toString("hex")}`,
    /** 100 USDT on BEP20 (18 decimals): what an order of 8,600 INR receives. */
    hundred: 100n * 10n ** 18n,
    /** The desk's wallet sends USDT; answers the transaction's hash. */
    send(from: string, to: string, baseUnits: bigint) {
      return evmNode.send({ token: USDT_TOKENS.bep20.token, from, to, baseUnits });
    },
    /** The chain goes on until what was sent is final. */
    settle() {
      evmNode.head += 10;
    },
  },
  {
    label: "solana",
    network: "solana" as const,
    env: {} as Record<string, string>,
    node: solanaNode,
    deskWallet: freshSolanaAddress(),
    freshWallet: freshSolanaAddress,
    /** 100 USDT on Solana (6 decimals). */
    hundred: 100n * 10n ** 6n,
    send(from: string, to: string, baseUnits: bigint) {
      return solanaNode.send({ mint: USDT_TOKENS.solana.token, from, to, baseUnits });
    },
    settle() {
      solanaNode.slot += 40;
    },
  },
];

/** A TRON desk whose node is `node`, configured with `env`. */
function tronDesk(label: string, node: FakeTronNode, env: Record<string, string> = {}) {
  return {
    label,
    network: "trc20" as const,
    env,
    node,
    deskWallet: randomTronAddress(),
    freshWallet: randomTronAddress,
    /** 100 USDT on TRC20 (6 decimals). */
    hundred: 100n * 10n ** 6n,
    send(from: string, to: string, baseUnits: bigint) {
      return node.send({ token: USDT_TOKENS.trc20.token, from, to, baseUnits });
    },
    settle() {
      node.head += 10;
    },
  };
}

describe.each(DESKS)("payouts found on chain ($label)", (desk) => {
  const { network, deskWallet, freshWallet, hundred } = desk;
  let testApp: TestApp;
  let admin: Client;
  let customer: Client;
  let watched: Awaited<ReturnType<typeof startWatchedDesk>>;

  beforeAll(async () => {
    watched = await startWatchedDesk(desk.node, deskWallet, network, desk.env);
    testApp = watched.testApp;
    admin = await signedInAdmin(testApp);
    customer = await signedInCustomer(testApp);
  });
  afterAll(() => watched.close());

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
  async function deskSends(to: string, baseUnits = hundred) {
    const hash = desk.send(deskWallet, to, baseUnits);
    desk.settle();
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
    const hash = await deskSends(wallet, hundred - hundred / 1000n);
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
    const hash = desk.send(deskWallet, wallet, hundred);
    desk.settle();
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
