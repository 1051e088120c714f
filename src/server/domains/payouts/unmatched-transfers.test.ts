import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USDT_TOKENS } from "../../platform/config/chain-tokens";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { FakeEvmNode } from "../../testing/fake-evm-node";
import { placeOrder } from "../../testing/orders";
import type { TestApp } from "../../testing/test-app";
import { createClient } from "../../testing/test-client";
import { freshEvmWallet, startWatchedDesk } from "../../testing/watched-desk";

/*
 * The operators' Unmatched transfers: the desk's BEP20 wallet sends USDT (a stand-in
 * node holds it), the watcher leaves the transfer for an operator, and an operator
 * assigns it to an order (the payout check then completes the order) or marks it
 * not a payout.
 */

const DESK_WALLET = "0x8d3c6f0f2b8a4e5d9c1b7a6e4f3d2c1b0a998877";
const TOKEN = USDT_TOKENS.bep20.token;
/** 100 USDT on BEP20 (18 decimals): what an order of 8,600 INR receives. */
const HUNDRED = 100n * 10n ** 18n;
/** 99.9 USDT: a hundred with a fee taken off. */
const LESS_A_FEE = HUNDRED - 10n ** 17n;
const UNMATCHED = "/api/admin/payouts/unmatched";

let testApp: TestApp;
type Admin = Awaited<ReturnType<typeof signedInAdmin>>;
let admin: Admin;
let secondAdmin: Admin;
let customer: Client;
const node = new FakeEvmNode();
let desk: Awaited<ReturnType<typeof startWatchedDesk>>;

beforeAll(async () => {
  desk = await startWatchedDesk(node, DESK_WALLET);
  testApp = desk.testApp;
  admin = await signedInAdmin(testApp);
  secondAdmin = await signedInAdmin(testApp);
  customer = await signedInCustomer(testApp);
});
afterAll(() => desk.close());

async function orderTo(wallet: string, { verified = true, network = "bep20" } = {}) {
  const order = await placeOrder(customer, { network, walletAddress: wallet, amount: "8600" });
  if (verified) await verify(order.id);
  return order;
}

async function verify(orderId: string) {
  const response = await admin.post(`/api/admin/orders/${orderId}/status`, {
    status: "processing",
  });
  expect(response.status, response.text).toBe(200);
}

/** The desk's wallet sends USDT, the transfer becomes final and the watcher leaves it unmatched. */
async function leftUnmatched(to: string, baseUnits = HUNDRED) {
  const hash = node.send({ token: TOKEN, from: DESK_WALLET, to: to.toLowerCase(), baseUnits });
  node.head += 10;
  await testApp.payoutWatch.watchOnce();
  const transfer = await transferOf(hash);
  expect(transfer.match_state).toBe("unmatched");
  return { id: transfer.id, hash };
}

function transferOf(hash: string) {
  return testApp.db
    .selectFrom("chain_transfers")
    .select(["id", "match_state", "order_id", "note", "decided_by"])
    .where("tx_hash", "=", hash)
    .executeTakeFirstOrThrow();
}

function orderRow(id: string) {
  return testApp.db
    .selectFrom("orders")
    .select(["status", "payout_tx_hash"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

function checkOf(orderId: string) {
  return testApp.db
    .selectFrom("payout_checks")
    .select(["state", "payout_tx_hash", "requested_by", "failure_code"])
    .where("order_id", "=", orderId)
    .executeTakeFirst();
}

function auditOf(action: "chain_transfer.assigned" | "chain_transfer.dismissed", id: string) {
  return testApp.db
    .selectFrom("audit_log")
    .select(["actor_id", "target_type", "target_id", "details"])
    .where("action", "=", action)
    .where(sql<string>`details->>'transferId'`, "=", id)
    .execute();
}

/** A refusal wrote nothing: the transfer still waits, the order has no check, no audit. */
async function expectNothingWritten(transferId: string, hash: string, orderId?: string) {
  expect(await transferOf(hash)).toMatchObject({
    match_state: "unmatched",
    order_id: null,
    decided_by: null,
  });
  expect(await auditOf("chain_transfer.assigned", transferId)).toEqual([]);
  expect(await auditOf("chain_transfer.dismissed", transferId)).toEqual([]);
  if (orderId) expect((await checkOf(orderId))?.payout_tx_hash).not.toBe(hash);
}

const assign = (client: Client, id: string, body: Record<string, unknown>) =>
  client.post(`${UNMATCHED}/${id}/assign`, body);
const dismiss = (client: Client, id: string, body: Record<string, unknown>) =>
  client.post(`${UNMATCHED}/${id}/dismiss`, body);

describe("the unmatched list", () => {
  it("shows the transfers left for an operator, newest first, a page at a time", async () => {
    const first = await leftUnmatched(freshEvmWallet(), LESS_A_FEE);
    const second = await leftUnmatched(freshEvmWallet());
    const page = await admin.get(`${UNMATCHED}?limit=1`);
    expect(page.status, page.text).toBe(200);
    expect(page.json.transfers).toEqual([
      {
        id: second.id,
        network: "bep20",
        direction: "out",
        txHash: second.hash,
        logIndex: 0,
        from: DESK_WALLET,
        to: expect.stringMatching(/^0x[0-9a-f]{40}$/),
        amount: "100",
        blockNumber: expect.stringMatching(/^\d+$/),
        seenAt: expect.any(String),
        finalAt: expect.any(String),
        note: expect.stringMatching(/No open order awaits this amount/),
      },
    ]);
    const next = await admin.get(
      `${UNMATCHED}?limit=1&cursor=${encodeURIComponent(page.json.nextCursor)}`,
    );
    expect(next.json.transfers).toMatchObject([{ id: first.id, amount: "99.9" }]);
    expect((await admin.get(`${UNMATCHED}?cursor=not-ours`)).status).toBe(400);
  });

  it("leaves out what the watcher matched and what an operator decided", async () => {
    const wallet = freshEvmWallet();
    await orderTo(wallet);
    const matched = node.send({
      token: TOKEN,
      from: DESK_WALLET,
      to: wallet.toLowerCase(),
      baseUnits: HUNDRED,
    });
    node.head += 10;
    await testApp.payoutWatch.watchOnce();
    const dismissed = await leftUnmatched(freshEvmWallet());
    expect((await dismiss(admin, dismissed.id, { note: "Cold storage" })).status).toBe(200);
    const list = await admin.get(`${UNMATCHED}?limit=200`);
    const hashes = list.json.transfers.map((transfer: { txHash: string }) => transfer.txHash);
    expect(hashes).not.toContain(matched);
    expect(hashes).not.toContain(dismissed.hash);
  });
});

describe("assigning a transfer to an order", () => {
  it("queues its payout check, and the check completes the order", async () => {
    const wallet = freshEvmWallet();
    const order = await orderTo(wallet);
    const other = await orderTo(wallet);
    const transfer = await leftUnmatched(wallet);
    expect(transfer).toBeDefined();
    const response = await assign(admin, transfer.id, { orderId: order.id });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({ id: transfer.id, decision: "assigned", orderId: order.id });
    expect(await transferOf(transfer.hash)).toMatchObject({
      match_state: "matched",
      order_id: order.id,
      decided_by: admin.userId,
    });
    expect(await checkOf(order.id)).toMatchObject({
      state: "checking",
      payout_tx_hash: transfer.hash,
      requested_by: admin.userId,
    });
    const [audit] = await auditOf("chain_transfer.assigned", transfer.id);
    expect(audit).toMatchObject({
      actor_id: admin.userId,
      target_type: "order",
      target_id: order.id,
    });
    expect(audit?.details).toMatchObject({ txHash: transfer.hash, amount: "100", note: null });

    await testApp.payoutChecks.checkDue();
    expect(await orderRow(order.id)).toEqual({
      status: "completed",
      payout_tx_hash: transfer.hash,
    });
    expect(await orderRow(other.id)).toEqual({ status: "processing", payout_tx_hash: null });
    const list = await admin.get(`${UNMATCHED}?limit=200`);
    expect(list.json.transfers.map((row: { id: string }) => row.id)).not.toContain(transfer.id);
  });

  it("takes an order verified after the watcher looked", async () => {
    const wallet = freshEvmWallet();
    const order = await orderTo(wallet, { verified: false });
    const transfer = await leftUnmatched(wallet);
    expect((await transferOf(transfer.hash)).note).toMatch(/not verified yet/);
    const early = await assign(admin, transfer.id, { orderId: order.id });
    expect(early.status).toBe(409);
    expect(early.json.error).toMatch(/not verified yet/);
    await expectNothingWritten(transfer.id, transfer.hash, order.id);
    await verify(order.id);
    expect((await assign(admin, transfer.id, { orderId: order.id })).status).toBe(200);
    await testApp.payoutChecks.checkDue();
    expect((await orderRow(order.id)).status).toBe("completed");
  });

  it("takes another amount only with the operator's note", async () => {
    const wallet = freshEvmWallet();
    const order = await orderTo(wallet);
    const transfer = await leftUnmatched(wallet, LESS_A_FEE);
    const bare = await assign(admin, transfer.id, { orderId: order.id });
    expect(bare.status).toBe(422);
    expect(bare.json).toMatchObject({ code: "NOTE_REQUIRED" });
    expect(bare.json.error).toMatch(/99\.9 USDT and the order awaits 100/);
    await expectNothingWritten(transfer.id, transfer.hash, order.id);
    expect((await assign(admin, transfer.id, { orderId: order.id, note: "   " })).status).toBe(400);

    const noted = await assign(admin, transfer.id, {
      orderId: order.id,
      note: "  The exchange took a 0.1 USDT fee  ",
    });
    expect(noted.status, noted.text).toBe(200);
    expect(await transferOf(transfer.hash)).toMatchObject({
      match_state: "matched",
      note: "The exchange took a 0.1 USDT fee",
    });
    const [audit] = await auditOf("chain_transfer.assigned", transfer.id);
    expect(audit?.details).toMatchObject({
      amount: "99.9",
      note: "The exchange took a 0.1 USDT fee",
    });
    // The payout check still holds the order to its amount: an operator overrides it with the reason.
    await testApp.payoutChecks.checkDue();
    expect(await checkOf(order.id)).toMatchObject({
      state: "failed",
      failure_code: "WRONG_AMOUNT",
    });
  });

  it("refuses, writing nothing, what cannot be that order's payout", async () => {
    const wallet = freshEvmWallet();
    const transfer = await leftUnmatched(wallet);
    const expectRefused = async (
      body: Record<string, unknown>,
      status: number,
      code: string,
      orderId?: string,
    ) => {
      const response = await assign(admin, transfer.id, body);
      expect(response.status, response.text).toBe(status);
      expect(response.json.code).toBe(code);
      await expectNothingWritten(transfer.id, transfer.hash, orderId);
    };

    await expectRefused({ orderId: randomUUID() }, 404, "NOT_FOUND");
    const elsewhere = await orderTo(wallet, { network: "polygon" });
    await expectRefused({ orderId: elsewhere.id }, 422, "WRONG_NETWORK", elsewhere.id);
    const otherWallet = await orderTo(freshEvmWallet());
    await expectRefused({ orderId: otherWallet.id }, 422, "WRONG_RECIPIENT", otherWallet.id);

    const beingChecked = await orderTo(wallet);
    const entered = await admin.post(`/api/admin/orders/${beingChecked.id}/status`, {
      status: "completed",
      payoutTxHash: `0x${randomBytes(32).toString("hex")}`,
    });
    expect(entered.status, entered.text).toBe(202);
    await expectRefused({ orderId: beingChecked.id }, 409, "PAYOUT_UNDER_WAY");

    const cancelled = await orderTo(wallet);
    const cancel = await admin.post(`/api/admin/orders/${cancelled.id}/status`, {
      status: "cancelled",
      note: "Customer asked",
    });
    expect(cancel.status, cancel.text).toBe(200);
    await expectRefused({ orderId: cancelled.id }, 409, "ORDER_NOT_AWAITING_PAYOUT", cancelled.id);

    const missing = await assign(admin, randomUUID(), { orderId: elsewhere.id });
    expect(missing.status).toBe(404);
    expect((await assign(admin, "not-an-id", { orderId: elsewhere.id })).status).toBe(400);
  });

  it("lets one of two operators deciding at once win; the other hears 409", async () => {
    const wallet = freshEvmWallet();
    const first = await orderTo(wallet);
    const second = await orderTo(wallet);
    const transfer = await leftUnmatched(wallet);
    const answers = await Promise.all([
      assign(admin, transfer.id, { orderId: first.id }),
      assign(secondAdmin, transfer.id, { orderId: second.id }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409);
    expect(loser?.json.code).toBe("TRANSFER_DECIDED");
    const winner = answers.find((answer) => answer.status === 200)?.json.orderId;
    const loserOrder = winner === first.id ? second.id : first.id;
    expect(await checkOf(loserOrder)).toBeUndefined();
    expect(await auditOf("chain_transfer.assigned", transfer.id)).toHaveLength(1);
    expect((await transferOf(transfer.hash)).order_id).toBe(winner);
  });
});

describe("marking a transfer not a payout", () => {
  it("needs a note, and is then decided once, audited", async () => {
    const transfer = await leftUnmatched(freshEvmWallet());
    for (const body of [{}, { note: "   " }, { note: "x".repeat(501) }, { note: "a\u0000b" }]) {
      const refused = await dismiss(admin, transfer.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      await expectNothingWritten(transfer.id, transfer.hash);
    }
    const response = await dismiss(admin, transfer.id, { note: " Moved to cold storage " });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({ id: transfer.id, decision: "dismissed", orderId: null });
    expect(await transferOf(transfer.hash)).toMatchObject({
      match_state: "dismissed",
      order_id: null,
      decided_by: admin.userId,
      note: "Moved to cold storage",
    });
    const [audit] = await auditOf("chain_transfer.dismissed", transfer.id);
    expect(audit).toMatchObject({
      actor_id: admin.userId,
      target_type: "chain_transfer",
      target_id: transfer.id,
    });
    expect(audit?.details).toMatchObject({ txHash: transfer.hash, note: "Moved to cold storage" });

    const again = await dismiss(secondAdmin, transfer.id, { note: "A refund" });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatch(/already marked not a payout by an operator/);
    const order = await orderTo(freshEvmWallet());
    expect((await assign(admin, transfer.id, { orderId: order.id })).status).toBe(409);
    expect((await dismiss(admin, randomUUID(), { note: "A refund" })).status).toBe(404);
  });
});

describe("who may use the unmatched transfers", () => {
  it("answers 401 signed out, 403 to a customer and to an admin without step-up", async () => {
    const transfer = await leftUnmatched(freshEvmWallet());
    const order = await orderTo(freshEvmWallet());
    const visitors = [
      { client: createClient(testApp), status: 401 },
      { client: customer, status: 403 },
      { client: await signedInAdmin(testApp, { isElevated: false }), status: 403 },
    ];
    for (const { client, status } of visitors) {
      expect((await client.get(UNMATCHED)).status).toBe(status);
      expect((await assign(client, transfer.id, { orderId: order.id })).status).toBe(status);
      expect((await dismiss(client, transfer.id, { note: "Cold storage" })).status).toBe(status);
    }
    await expectNothingWritten(transfer.id, transfer.hash, order.id);
  });

  it("is in the OpenAPI document, tagged Admin", async () => {
    const document = await createClient(testApp).get("/api/openapi.json");
    const paths = document.json.paths;
    expect(paths[UNMATCHED].get.tags).toEqual(["Admin"]);
    expect(paths[`${UNMATCHED}/{id}/assign`].post.responses).toHaveProperty("422");
    expect(paths[`${UNMATCHED}/{id}/dismiss`].post.responses).toHaveProperty("409");
  });
});
