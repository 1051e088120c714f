import { randomBytes } from "node:crypto";
import { base58 } from "@scure/base";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ChainFamily, type NetworkId, networkOf } from "../../../shared/catalog";
import { plainDecimal } from "../../../shared/money";
import { FEE_COINS, USDT_TOKENS } from "../../platform/config/chain-tokens";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import {
  answerAsChain,
  type FakeChainAnswer,
  type FakeTransaction,
  STAND_IN_FEES,
  startFakeChain,
} from "../../testing/fake-chain";
import { countRows, placeOrder, TRON_WALLET } from "../../testing/orders";
import { TEST_ORIGIN } from "../../testing/origin";
import { readEvents } from "../../testing/sse";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { UNSEEN_LOOKS } from "./payout-check-worker";

/*
 * Mark as Completed with a payout hash, through the admin API, against a stand-in
 * node for every network: the order closes only once the chain confirms the payout.
 */

/** A second customer wallet on TRON (a valid address no one holds). */
const OTHER_TRON_WALLET = "TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY";

let testApp: TestApp;
let chain: Awaited<ReturnType<typeof startFakeChain>>;
let admin: Client & { userId: string; email: string };
let customer: Client & { userId: string };
/** What the stand-in node answers now; each test sets it. */
let answer: (call: string) => FakeChainAnswer = () => ({ json: null });
/** Resolves at the stand-in's next call. */
let nextCall: { promise: Promise<void>; resolve: () => void };

function expectCall() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  nextCall = { promise, resolve };
  return promise;
}

beforeAll(async () => {
  expectCall();
  chain = await startFakeChain((call) => {
    nextCall.resolve();
    return answer(call);
  });
  testApp = await createTestApp({
    ORDER_RATE_LIMIT_PER_MINUTE: "1000",
    CHAIN_RPC_TRC20: chain.url,
    CHAIN_RPC_BEP20: chain.url,
    CHAIN_RPC_ERC20: chain.url,
    CHAIN_RPC_POLYGON: chain.url,
    CHAIN_RPC_SOLANA: chain.url,
    CHAIN_CONFIRMATIONS_TRC20: "20",
    CHAIN_CONFIRMATIONS_BEP20: "20",
    CHAIN_CONFIRMATIONS_ERC20: "20",
    CHAIN_CONFIRMATIONS_POLYGON: "20",
    // Long enough that a busy machine never turns an answer into a timeout.
    CHAIN_TIMEOUT_MS: "3000",
    // A payout awaiting confirmations is due again at once; the tests say when to look.
    CHAIN_RECHECK_SECONDS: "0",
  });
  admin = await signedInAdmin(testApp);
  customer = await signedInCustomer(testApp);
});
afterAll(async () => {
  await testApp.close();
  await chain.close();
});

const NETWORKS: { network: NetworkId; wallet: string; other: string; otherToken: string }[] = [
  {
    network: "trc20",
    wallet: TRON_WALLET,
    other: "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb",
    otherToken: "TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR",
  },
  ...(["bep20", "erc20", "polygon"] as const).map((network) => ({
    network,
    wallet: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    other: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    otherToken: "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
  })),
  {
    network: "solana",
    wallet: "5oNDL3swdJJF1g9DzJiZ4ynHXgszjAEpUkxVYejchzrY",
    other: "4BJXYkfvg37zEmBbsacZjeQDpTNx91KppxFJxRqrz48e",
    otherToken: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
  },
];

/** A hash no earlier test used, in the network's form. */
function freshHash(family: ChainFamily): string {
  if (family === "solana") return base58.encode(randomBytes(64));
  const hex = randomBytes(32).toString("hex");
  return family === "evm" ? `0x${hex}` : hex;
}

/** The base units of a USDT amount on a network. */
function baseUnits(network: NetworkId, amount: string): bigint {
  const [whole = "0", fraction = ""] = amount.split(".");
  const { decimals } = USDT_TOKENS[network];
  return BigInt(whole + fraction.padEnd(decimals, "0").slice(0, decimals));
}

function paysOrder(network: NetworkId, wallet: string, amount = "100"): FakeTransaction {
  return {
    succeeded: true,
    confirmations: 40,
    transfers: [
      { token: USDT_TOKENS[network].token, to: wallet, baseUnits: baseUnits(network, amount) },
    ],
  };
}

function chainHolds(network: NetworkId, tx: FakeTransaction | null) {
  answer = answerAsChain(networkOf(network).family, tx);
}

/** A paid order (8,600 INR → 100 USDT) the operator has verified. */
async function processingOrder(network: NetworkId, wallet: string, amount = "8600") {
  const order = await placeOrder(customer, { network, walletAddress: wallet, amount });
  expect((await setStatus(order.id, { status: "processing" })).status).toBe(200);
  return order;
}

function setStatus(orderId: string, body: Record<string, unknown>) {
  return admin.post(`/api/admin/orders/${orderId}/status`, body);
}

async function complete(orderId: string, payoutTxHash: string) {
  const response = await setStatus(orderId, { status: "completed", payoutTxHash, note: "Paid" });
  expect(response.status, response.text).toBe(202);
  return response;
}

async function adminView(orderId: string) {
  const response = await admin.get(`/api/admin/orders/${orderId}`);
  expect(response.status).toBe(200);
  return response.json;
}

beforeEach(() => {
  answer = () => ({ json: null });
});

describe.each(NETWORKS)("payout checked on $network", ({ network, wallet, other, otherToken }) => {
  const family = networkOf(network).family;

  it("keeps the order open while checking, and closes it once the chain confirms the payout", async () => {
    const order = await processingOrder(network, wallet);
    const hash = freshHash(family);
    chainHolds(network, paysOrder(network, wallet));

    const answered = await complete(order.id, hash);
    expect(answered.json).toMatchObject({
      status: "processing",
      payoutTxHash: null,
      payoutCheck: { state: "checking", payoutTxHash: hash, failureCode: null },
    });
    const seenByCustomer = await customer.get(`/api/orders/${order.id}`);
    expect(seenByCustomer.json.status).toBe("processing");
    expect(seenByCustomer.json.events.map((event: { toStatus: string }) => event.toStatus)).toEqual(
      ["pending", "processing"],
    );

    expect(await testApp.payoutChecks.checkDue()).toBe(1);
    const closed = await adminView(order.id);
    expect(closed).toMatchObject({
      status: "completed",
      payoutTxHash: hash,
      payoutCheck: { state: "confirmed" },
    });
    // What the payout cost, from the answer that confirmed it: the books count it.
    const { fee_paid, fee_coin } = await testApp.db
      .selectFrom("payout_checks")
      .select(["fee_paid", "fee_coin"])
      .where("order_id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect({ fee: plainDecimal(fee_paid ?? "-1"), coin: fee_coin }).toEqual({
      fee: STAND_IN_FEES[family],
      coin: FEE_COINS[network].symbol,
    });
    expect(
      closed.events.map((event: { toStatus: string; payoutCheck: string | null }) => [
        event.toStatus,
        event.payoutCheck,
      ]),
    ).toEqual([
      ["pending", null],
      ["processing", null],
      ["processing", "checking"],
      ["completed", "confirmed"],
    ]);
    const customerTimeline = (await customer.get(`/api/orders/${order.id}`)).json;
    expect(customerTimeline).toMatchObject({ status: "completed", payoutTxHash: hash });
    expect(customerTimeline.events.at(-1)).toMatchObject({ toStatus: "completed", note: "Paid" });
    expect(customerTimeline.events).toHaveLength(3);
  });

  it("waits for the confirmations, then closes the order", async () => {
    const order = await processingOrder(network, wallet);
    const hash = freshHash(family);
    chainHolds(network, { ...paysOrder(network, wallet), confirmations: 2 });
    await complete(order.id, hash);

    await testApp.payoutChecks.checkDue();
    const waiting = await adminView(order.id);
    expect(waiting).toMatchObject({
      status: "processing",
      payoutCheck: { state: "awaiting_confirmations" },
    });
    expect(waiting.events.at(-1)).toMatchObject({
      payoutCheck: "awaiting_confirmations",
      staffOnly: true,
    });

    chainHolds(network, paysOrder(network, wallet));
    await testApp.payoutChecks.checkDue();
    expect(await adminView(order.id)).toMatchObject({
      status: "completed",
      payoutCheck: { state: "confirmed" },
    });
  });

  it.each([
    [
      "a transaction that failed on chain",
      "TX_FAILED",
      (tx: FakeTransaction) => ({ ...tx, succeeded: false }),
    ],
    [
      "another token",
      "WRONG_TOKEN",
      (tx: FakeTransaction) => ({ ...tx, transfers: [{ ...tx.transfers[0], token: otherToken }] }),
    ],
    [
      "another recipient",
      "WRONG_RECIPIENT",
      (tx: FakeTransaction) => ({ ...tx, transfers: [{ ...tx.transfers[0], to: other }] }),
    ],
    [
      "another amount",
      "WRONG_AMOUNT",
      (tx: FakeTransaction) => ({
        ...tx,
        transfers: [{ ...tx.transfers[0], baseUnits: baseUnits(network, "99.99") }],
      }),
    ],
  ] as const)(
    "leaves the order open and names %s (%s) to the desk only",
    async (_name, code, change) => {
      const order = await processingOrder(network, wallet);
      chainHolds(network, change(paysOrder(network, wallet)) as FakeTransaction);
      await complete(order.id, freshHash(family));
      await testApp.payoutChecks.checkDue();

      const seen = await adminView(order.id);
      expect(seen).toMatchObject({
        status: "processing",
        payoutTxHash: null,
        payoutCheck: { state: "failed", failureCode: code },
      });
      expect(seen.payoutCheck.failureMessage).toMatch(/\S/);
      expect(seen.events.at(-1)).toMatchObject({ payoutCheck: code, staffOnly: true });
      const seenByCustomer = (await customer.get(`/api/orders/${order.id}`)).json;
      expect(seenByCustomer.status).toBe("processing");
      expect(JSON.stringify(seenByCustomer)).not.toContain(code);
    },
  );

  it("names a hash the chain never sees (TX_UNKNOWN) after looking a few times", async () => {
    const order = await processingOrder(network, wallet);
    chainHolds(network, null);
    await complete(order.id, freshHash(family));
    for (let look = 1; look < UNSEEN_LOOKS; look += 1) {
      await testApp.payoutChecks.checkDue();
      expect((await adminView(order.id)).payoutCheck.state).toBe("checking");
    }
    await testApp.payoutChecks.checkDue();
    expect((await adminView(order.id)).payoutCheck).toMatchObject({
      state: "failed",
      failureCode: "TX_UNKNOWN",
    });
  });

  it("names a node that answers garbage, and closes the order when a retry finds the payout", async () => {
    const order = await processingOrder(network, wallet);
    const hash = freshHash(family);
    answer = () => ({ garbage: "<html>502 Bad Gateway</html>" });
    await complete(order.id, hash);
    await testApp.payoutChecks.checkDue();
    expect((await adminView(order.id)).payoutCheck).toMatchObject({
      state: "failed",
      failureCode: "CHAIN_BAD_ANSWER",
    });

    chainHolds(network, paysOrder(network, wallet));
    const retried = await admin.post(`/api/admin/orders/${order.id}/payout-check/retry`, {});
    expect(retried.status, retried.text).toBe(202);
    expect(retried.json.payoutCheck).toMatchObject({ state: "checking", failureCode: null });
    await testApp.payoutChecks.checkDue();
    expect(await adminView(order.id)).toMatchObject({ status: "completed", payoutTxHash: hash });
  });
});

describe("live at the desk", () => {
  it("tells the admin's open pages of each step of the check", async () => {
    // The stream opens first: the order's own earlier changes then come in order,
    // not late through the database's notifications, whatever its speed.
    const stream = await testApp.app.request("/api/admin/order-events", {
      headers: {
        origin: TEST_ORIGIN,
        cookie: [...admin.cookies].map(([key, value]) => `${key}=${value}`).join("; "),
      },
    });
    const events = readEvents(stream);
    const order = await processingOrder("trc20", TRON_WALLET);
    chainHolds("trc20", { ...paysOrder("trc20", TRON_WALLET), confirmations: 2 });
    /** The next change of this order on the feed (other events, the pending count, pass by). */
    const nextChange = async () => {
      for (;;) {
        const event = await events.next(5000);
        const data = JSON.parse(event.data);
        if (event.event === "order" && data.orderId === order.id) return data;
      }
    };
    expect(await nextChange()).toMatchObject({ status: "pending", kind: "created" });
    expect(await nextChange()).toMatchObject({ status: "processing", kind: "status" });
    await complete(order.id, freshHash("tron"));
    expect(await nextChange()).toMatchObject({ status: "processing", kind: "payout" });
    await testApp.payoutChecks.checkDue(); // seen, too few confirmations
    expect(await nextChange()).toMatchObject({ status: "processing", kind: "payout" });
    chainHolds("trc20", paysOrder("trc20", TRON_WALLET));
    await testApp.payoutChecks.checkDue();
    expect(await nextChange()).toMatchObject({ status: "completed", kind: "status" });
    await events.close();
  });
});

describe("a chain endpoint that is down or slow", () => {
  it("never holds up the panel: the order shows checking, then the timeout", async () => {
    const order = await processingOrder("trc20", NETWORKS[0]?.wallet ?? "");
    answer = () => ({ hang: true });
    await complete(order.id, freshHash("tron"));
    const called = expectCall();
    const checking = testApp.payoutChecks.checkDue();
    await called;
    // The node is holding the check's call open; the desk still works.
    const list = await admin.get("/api/admin/orders?status=processing");
    expect(list.status).toBe(200);
    expect(
      list.json.orders.find((row: { id: string }) => row.id === order.id).payoutCheck.state,
    ).toBe("checking");
    await checking;
    expect((await adminView(order.id)).payoutCheck).toMatchObject({
      state: "failed",
      failureCode: "CHAIN_TIMEOUT",
    });
  });

  it("names an endpoint that cannot be reached", async () => {
    const order = await processingOrder("erc20", NETWORKS[2]?.wallet ?? "");
    answer = () => ({ drop: true });
    await complete(order.id, freshHash("evm"));
    await testApp.payoutChecks.checkDue();
    expect((await adminView(order.id)).payoutCheck).toMatchObject({
      state: "failed",
      failureCode: "CHAIN_UNREACHABLE",
    });
  });
});

describe("one transfer closes one order", () => {
  const wallet = TRON_WALLET;

  it("closes only one of two orders of one wallet and amount pointed at a single transfer", async () => {
    const first = await processingOrder("trc20", wallet);
    const second = await processingOrder("trc20", wallet);
    const hash = freshHash("tron");
    chainHolds("trc20", paysOrder("trc20", wallet));
    await complete(first.id, hash);
    await complete(second.id, hash); // a batch payout's hash may be on both…
    await testApp.payoutChecks.checkDue(); // …and both are checked at the same moment

    const views = [await adminView(first.id), await adminView(second.id)];
    expect(views.map((view) => view.status).sort()).toEqual(["completed", "processing"]);
    const closed = views.find((view) => view.status === "completed");
    const refused = views.find((view) => view.status === "processing");
    expect(refused.payoutCheck).toMatchObject({ state: "failed", failureCode: "TRANSFER_USED" });
    expect(refused.payoutCheck.failureMessage).toContain(closed.shortId);

    // Nor can an admin override it: that transfer paid the other order.
    const before = await countRows(testApp);
    const override = await admin.post(`/api/admin/orders/${refused.id}/payout-check/override`, {
      note: "Same transfer, I am sure",
    });
    expect(override.status).toBe(409);
    expect(override.json.code).toBe("TRANSFER_USED");
    expect(await countRows(testApp)).toEqual(before);
  });

  it("closes no second order on the transfer an override closed the first on, unknown as it was", async () => {
    const first = await processingOrder("trc20", wallet);
    const second = await processingOrder("trc20", wallet);
    const hash = freshHash("tron");
    answer = () => ({ drop: true }); // the node is down when the first payout is checked
    await complete(first.id, hash);
    await testApp.payoutChecks.checkDue();
    expect((await adminView(first.id)).payoutCheck.failureCode).toBe("CHAIN_UNREACHABLE");
    const overridden = await admin.post(`/api/admin/orders/${first.id}/payout-check/override`, {
      note: "Sent from the desk's wallet; the node was down",
    });
    expect(overridden.status, overridden.text).toBe(200);

    // The one transfer to the wallet: the same hash on the second order (a batch payout's may be).
    chainHolds("trc20", paysOrder("trc20", wallet));
    await complete(second.id, hash);
    await testApp.payoutChecks.checkDue();
    const refused = await adminView(second.id);
    expect(refused).toMatchObject({
      status: "processing",
      payoutCheck: { state: "failed", failureCode: "TRANSFER_USED" },
    });
    expect(refused.payoutCheck.failureMessage).toContain(first.id.slice(0, 8));
  });

  it("closes two orders of one wallet paid by two transfers of one transaction (a batch payout)", async () => {
    const first = await processingOrder("trc20", wallet, "8600"); // 100 USDT
    const second = await processingOrder("trc20", wallet, "4300"); // 50 USDT
    const hash = freshHash("tron");
    chainHolds("trc20", {
      succeeded: true,
      confirmations: 40,
      transfers: [
        ...paysOrder("trc20", wallet, "100").transfers,
        ...paysOrder("trc20", wallet, "50").transfers,
      ],
    });
    await complete(first.id, hash);
    await complete(second.id, hash);
    await testApp.payoutChecks.checkDue();
    expect((await adminView(first.id)).status).toBe("completed");
    expect((await adminView(second.id)).status).toBe("completed");
  });
});

describe("overriding a failed check", () => {
  const wallet = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

  it("closes the order on the admin's note, audited with the failure, the note kept from the customer", async () => {
    const order = await processingOrder("polygon", wallet);
    const hash = freshHash("evm");
    chainHolds("polygon", paysOrder("polygon", wallet, "99"));
    await complete(order.id, hash);
    await testApp.payoutChecks.checkDue();
    expect((await adminView(order.id)).payoutCheck.failureCode).toBe("WRONG_AMOUNT");

    const before = await countRows(testApp);
    for (const body of [{}, { note: "   " }, { note: "x".repeat(501) }, { note: "a\u0000b" }]) {
      const refused = await admin.post(`/api/admin/orders/${order.id}/payout-check/override`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json.error).toMatch(/\S/);
    }
    expect(await countRows(testApp)).toEqual(before);

    const reason = "Customer agreed to the 1 USDT fee by WhatsApp";
    const overridden = await admin.post(`/api/admin/orders/${order.id}/payout-check/override`, {
      note: reason,
    });
    expect(overridden.status, overridden.text).toBe(200);
    expect(overridden.json).toMatchObject({
      status: "completed",
      payoutTxHash: hash,
      payoutCheck: { state: "overridden", failureCode: "WRONG_AMOUNT" },
    });
    const audit = await testApp.db
      .selectFrom("audit_log")
      .selectAll()
      .where("target_id", "=", order.id)
      .where("action", "=", "order.payout_check_overridden")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: admin.userId,
      details: { payoutTxHash: hash, failureCode: "WRONG_AMOUNT", note: reason },
    });
    const events = (await adminView(order.id)).events;
    expect(events.slice(-2)).toMatchObject([
      { payoutCheck: "overridden", note: reason, staffOnly: true },
      { toStatus: "completed", payoutCheck: "overridden", note: "Paid" },
    ]);
    expect(JSON.stringify((await customer.get(`/api/orders/${order.id}`)).json)).not.toContain(
      reason,
    );
  });
});

describe("unhappy inputs", () => {
  const wallet = TRON_WALLET;

  it("refuses a malformed hash with 400 and queues nothing", async () => {
    const order = await processingOrder("trc20", wallet);
    const before = await countRows(testApp);
    const response = await setStatus(order.id, { status: "completed", payoutTxHash: "0xnothex" });
    expect(response.status).toBe(400);
    expect(response.json.code).toBe("INVALID_PAYOUT_TX_HASH");
    expect(await countRows(testApp)).toEqual(before);
    expect((await adminView(order.id)).payoutCheck).toBeNull();
  });

  it("refuses to retry or override an order without a failed check, and writes nothing", async () => {
    const order = await processingOrder("trc20", wallet);
    chainHolds("trc20", paysOrder("trc20", wallet));
    const before = await countRows(testApp);
    for (const path of ["retry", "override"]) {
      const response = await admin.post(`/api/admin/orders/${order.id}/payout-check/${path}`, {
        note: "why",
      });
      expect(response.status).toBe(409);
      expect(response.json.code).toBe("NO_FAILED_PAYOUT_CHECK");
    }
    for (const path of ["retry", "override"]) {
      const missing = await admin.post(
        `/api/admin/orders/00000000-0000-4000-8000-000000000000/payout-check/${path}`,
        { note: "why" },
      );
      expect(missing.status).toBe(404);
    }
    const stranger = await customer.post(`/api/admin/orders/${order.id}/payout-check/retry`, {});
    expect(stranger.status).toBe(403);
    expect(await countRows(testApp)).toEqual(before);
  });

  it("ends the check when an admin changes the order meanwhile", async () => {
    const order = await processingOrder("trc20", wallet);
    chainHolds("trc20", paysOrder("trc20", wallet));
    await complete(order.id, freshHash("tron"));
    expect((await setStatus(order.id, { status: "cancelled" })).status).toBe(200);
    expect(await testApp.payoutChecks.checkDue()).toBe(0);
    expect(await adminView(order.id)).toMatchObject({ status: "cancelled", payoutCheck: null });
  });

  it("refuses a hash being checked for another wallet's order", async () => {
    const first = await processingOrder("trc20", wallet);
    const second = await processingOrder("trc20", OTHER_TRON_WALLET);
    const hash = freshHash("tron");
    await complete(first.id, hash);
    const before = await countRows(testApp);
    const response = await setStatus(second.id, { status: "completed", payoutTxHash: hash });
    expect(response.status).toBe(409);
    expect(response.json).toMatchObject({ code: "PAYOUT_TX_HASH_USED", orderId: first.id });
    expect(await countRows(testApp)).toEqual(before);
  });
});
