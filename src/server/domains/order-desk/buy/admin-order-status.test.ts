import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  signedInAdmin,
  type signedInCustomer,
  verifiedCustomer,
} from "../../../testing/actors";
import { countRows, ERC20_WALLET, placeOrder, TRON_TX_HASH } from "../../../testing/orders";
import { TEST_ORIGIN } from "../../../testing/origin";
import { readEvents } from "../../../testing/sse";
import { createTestApp, type TestApp } from "../../../testing/test-app";

let testApp: TestApp;
let admin: Client & { userId: string; email: string };
let customer: Awaited<ReturnType<typeof signedInCustomer>>;

const ERC20_TX_HASH = `0x${"ab".repeat(32)}`;
const SOLANA_SIGNATURE =
  "2iBvoWnk18wtp8Jd6tp4CPbx5FTCAcGsnM1bjVTnTZmKEKDkTuZYC9wqMzkuJYhFyrt2SvHqZbaycadus8gSj6EZ";
const SOLANA_WALLET = "5oNDL3swdJJF1g9DzJiZ4ynHXgszjAEpUkxVYejchzrY";

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_RATE_LIMIT_PER_MINUTE: "1000" });
  admin = await signedInAdmin(testApp);
  customer = await verifiedCustomer(testApp); // so order e-mails reach them
});
afterAll(() => testApp.close());

function setStatus(orderId: string, body: Record<string, unknown>, client: Client = admin) {
  return client.post(`/api/admin/orders/${orderId}/status`, body);
}

async function eventsOf(orderId: string) {
  return testApp.db
    .selectFrom("order_events")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
}

async function auditOf(orderId: string) {
  return testApp.db
    .selectFrom("audit_log")
    .selectAll()
    .where("target_type", "=", "order")
    .where("target_id", "=", orderId)
    .orderBy("id")
    .execute();
}

describe("POST /api/admin/orders/{id}/status", () => {
  it("walks an order through every status, each change an event and an audit entry the customer sees at once", async () => {
    const order = await placeOrder(customer);
    const steps = [
      { status: "processing", note: "Payment found in the bank statement" },
      { status: "cancelled" },
      { status: "pending" },
      { status: "completed", payoutTxHash: TRON_TX_HASH.toUpperCase() },
    ];
    let from = "pending";
    for (const step of steps) {
      const response = await setStatus(order.id, step);
      expect(response.status, response.text).toBe(200);
      expect(response.json).toMatchObject({ id: order.id, status: step.status });
      const seen = await customer.get(`/api/orders/${order.id}`);
      expect(seen.json.status).toBe(step.status);
      expect(seen.json.events.at(-1)).toMatchObject({
        actorRole: "admin",
        fromStatus: from,
        toStatus: step.status,
        note: step.note ?? null,
      });
      from = step.status;
    }

    const seen = await customer.get(`/api/orders/${order.id}`);
    expect(seen.json).toMatchObject({
      status: "completed",
      payoutTxHash: TRON_TX_HASH,
      payoutExplorerUrl: `https://tronscan.org/#/transaction/${TRON_TX_HASH}`,
    });
    expect(new Date(seen.json.updatedAt).getTime()).toBeGreaterThan(
      new Date(seen.json.createdAt).getTime(),
    );

    const events = await eventsOf(order.id);
    expect(events.map((event) => [event.from_status, event.to_status, event.actor_id])).toEqual([
      [null, "pending", customer.userId],
      ["pending", "processing", admin.userId],
      ["processing", "cancelled", admin.userId],
      ["cancelled", "pending", admin.userId],
      ["pending", "completed", admin.userId],
    ]);
    const audit = await auditOf(order.id);
    expect(audit).toHaveLength(4);
    expect(audit.every((entry) => entry.action === "order.status_changed")).toBe(true);
    expect(audit[0]).toMatchObject({
      actor_id: admin.userId,
      actor_email: admin.email,
      details: { from: "pending", to: "processing", note: "Payment found in the bank statement" },
    });
    expect(audit.at(-1)?.details).toMatchObject({
      from: "pending",
      to: "completed",
      payoutTxHash: TRON_TX_HASH,
    });
  });

  it("reaches the customer's open order page through its live event stream", async () => {
    const order = await placeOrder(customer);
    const stream = await testApp.app.request(`/api/orders/${order.id}/events`, {
      headers: {
        origin: TEST_ORIGIN,
        cookie: [...customer.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      },
    });
    const events = readEvents(stream);
    expect(JSON.parse((await events.next()).data)).toEqual({
      orderId: order.id,
      status: "pending",
    });
    // The order's own "created" announcement is not awaited by its placement, so it may come now.
    await testApp.announcer.announce(
      { id: order.id, user_id: customer.userId, status: "pending" },
      "created",
    );
    await setStatus(order.id, { status: "completed", payoutTxHash: TRON_TX_HASH });
    expect(JSON.parse((await events.next(2000)).data)).toEqual({
      orderId: order.id,
      status: "completed",
    });
    await events.close();
  });

  it("queues the customer's e-mail when an order is completed or cancelled", async () => {
    const order = await placeOrder(customer);
    const before = await countRows(testApp);
    await setStatus(order.id, { status: "processing" });
    expect((await countRows(testApp)).notification_outbox).toBe(before.notification_outbox);
    await setStatus(order.id, { status: "completed", payoutTxHash: TRON_TX_HASH });
    const mails = await testApp.db
      .selectFrom("notification_outbox")
      .selectAll()
      .where("topic", "=", "order.completed")
      .execute();
    expect(mails.map((mail) => JSON.stringify(mail.payload))).toContainEqual(
      expect.stringContaining(TRON_TX_HASH),
    );
  });

  it("clears the payout hash when a completed order is moved back, and keeps it in the audit", async () => {
    const order = await placeOrder(customer);
    await setStatus(order.id, { status: "completed", payoutTxHash: TRON_TX_HASH });
    const response = await setStatus(order.id, { status: "processing", note: "Wrong transfer" });
    expect(response.json).toMatchObject({ payoutTxHash: null, payoutExplorerUrl: null });
    const audit = await auditOf(order.id);
    expect(audit.at(-1)?.details).toMatchObject({
      from: "completed",
      to: "processing",
      payoutTxHash: null,
      previousPayoutTxHash: TRON_TX_HASH,
    });
  });

  it("checks the hash for the order's network and links its explorer", async () => {
    const erc = await placeOrder(customer, { network: "erc20", walletAddress: ERC20_WALLET });
    const response = await setStatus(erc.id, { status: "completed", payoutTxHash: ERC20_TX_HASH });
    expect(response.json.payoutExplorerUrl).toBe(`https://etherscan.io/tx/${ERC20_TX_HASH}`);

    const sol = await placeOrder(customer, { network: "solana", walletAddress: SOLANA_WALLET });
    const solana = await setStatus(sol.id, { status: "completed", payoutTxHash: SOLANA_SIGNATURE });
    expect(solana.json.payoutExplorerUrl).toBe(`https://solscan.io/tx/${SOLANA_SIGNATURE}`);
  });

  it("closes at once where no chain endpoint is set, the event saying the payout was not checked on chain", async () => {
    const order = await placeOrder(customer);
    const response = await setStatus(order.id, {
      status: "completed",
      payoutTxHash: "cd".repeat(32),
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ status: "completed", payoutCheck: null });
    const details = await admin.get(`/api/admin/orders/${order.id}`);
    expect(details.json.events.at(-1)).toMatchObject({
      toStatus: "completed",
      payoutCheck: "not_checked",
      staffOnly: false,
    });
  });

  it("takes the provider's reference for an e-wallet payout, with no explorer link", async () => {
    const order = await placeOrder(customer, {
      receiveCurrency: "payeer_usd",
      network: null,
      walletAddress: "P1000000",
    });
    const response = await setStatus(order.id, {
      status: "completed",
      payoutTxHash: "PAYEER-2026_000123",
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      payoutTxHash: "PAYEER-2026_000123",
      payoutExplorerUrl: null,
    });
  });

  it("records one hash on several orders paid together to the same wallet (a batch payout)", async () => {
    const hash = `0x${"12".repeat(32)}`;
    const first = await placeOrder(customer, { network: "erc20", walletAddress: ERC20_WALLET });
    const second = await placeOrder(customer, { network: "erc20", walletAddress: ERC20_WALLET });
    expect((await setStatus(first.id, { status: "completed", payoutTxHash: hash })).status).toBe(
      200,
    );
    const response = await setStatus(second.id, {
      status: "completed",
      payoutTxHash: hash.toUpperCase().replace("0X", "0x"),
    });
    expect(response.status, response.text).toBe(200);
    expect(response.json.payoutTxHash).toBe(hash);
  });

  it("refuses a hash already recorded on an order paid to another wallet or network, naming it, and writes nothing", async () => {
    const hash = `0x${"34".repeat(32)}`;
    const paid = await placeOrder(customer, { network: "erc20", walletAddress: ERC20_WALLET });
    expect((await setStatus(paid.id, { status: "completed", payoutTxHash: hash })).status).toBe(
      200,
    );
    const otherWallet = await placeOrder(customer, {
      network: "erc20",
      walletAddress: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    });
    const otherNetwork = await placeOrder(customer, {
      network: "bep20",
      walletAddress: ERC20_WALLET,
    });
    for (const order of [otherWallet, otherNetwork]) {
      const before = await countRows(testApp);
      const response = await setStatus(order.id, { status: "completed", payoutTxHash: hash });
      expect(response.status).toBe(409);
      expect(response.json).toMatchObject({
        code: "PAYOUT_TX_HASH_USED",
        error: `This transaction hash is already recorded on order ${paid.shortId}, which was paid to ${ERC20_WALLET} (ERC20). One transaction pays one wallet: check the hash.`,
      });
      expect(await countRows(testApp)).toEqual(before);
      const seen = (await customer.get(`/api/orders/${order.id}`)).json;
      expect(seen).toMatchObject({ status: "pending", payoutTxHash: null });
    }
    // Once the first order gives the hash up, another order may take it.
    expect((await setStatus(paid.id, { status: "processing" })).status).toBe(200);
    expect(
      (await setStatus(otherWallet.id, { status: "completed", payoutTxHash: hash })).status,
    ).toBe(200);
  });

  it("lets only one of two admins record one hash on orders to different wallets at the same moment", async () => {
    const other = await signedInAdmin(testApp);
    const hash = `0x${"56".repeat(32)}`;
    const first = await placeOrder(customer, { network: "erc20", walletAddress: ERC20_WALLET });
    const second = await placeOrder(customer, {
      network: "erc20",
      walletAddress: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    });
    const responses = await Promise.all([
      setStatus(first.id, { status: "completed", payoutTxHash: hash }),
      setStatus(second.id, { status: "completed", payoutTxHash: hash }, other),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const holders = await testApp.db
      .selectFrom("orders")
      .select("id")
      .where("payout_tx_hash", "=", hash)
      .execute();
    expect(holders).toHaveLength(1);
  });

  it("lets the second of two admins acting at once see the first one's status", async () => {
    const other = await signedInAdmin(testApp);
    for (let round = 0; round < 5; round += 1) {
      const order = await placeOrder(customer);
      const [a, b] = await Promise.all([
        setStatus(order.id, { status: "completed", payoutTxHash: TRON_TX_HASH }),
        setStatus(order.id, { status: "cancelled" }, other),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const events = await eventsOf(order.id);
      expect(events).toHaveLength(3);
      // Each change starts where the one before it ended.
      expect(events[1]?.from_status).toBe("pending");
      expect(events[2]?.from_status).toBe(events[1]?.to_status);
      const final = (await customer.get(`/api/orders/${order.id}`)).json;
      expect(final.status).toBe(events[2]?.to_status);
      expect(final.payoutTxHash).toBe(final.status === "completed" ? TRON_TX_HASH : null);
    }
  });

  it("applies one of two identical changes at once and answers the other 409", async () => {
    const other = await signedInAdmin(testApp);
    const order = await placeOrder(customer);
    const responses = await Promise.all([
      setStatus(order.id, { status: "processing" }),
      setStatus(order.id, { status: "processing" }, other),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(await eventsOf(order.id)).toHaveLength(2);
    expect(await auditOf(order.id)).toHaveLength(1);
  });

  const refusals: [string, Record<string, unknown>, number, RegExp][] = [
    ["an unknown status", { status: "shipped" }, 400, /status/],
    ["no status", {}, 400, /status/],
    ["the status it already has", { status: "pending" }, 409, /already pending/],
    [
      "a hash on a status other than completed",
      { status: "processing", payoutTxHash: TRON_TX_HASH },
      400,
      /only when the order is marked completed/,
    ],
    [
      "an EVM hash on a TRC20 order",
      { status: "completed", payoutTxHash: ERC20_TX_HASH },
      400,
      /not a valid TRC20 transaction hash: it is 64 characters 0–9 and a–f, without 0x/,
    ],
    [
      "a TRC20 hash one character short",
      { status: "completed", payoutTxHash: TRON_TX_HASH.slice(1) },
      400,
      /TRC20/,
    ],
    ["a hash that is not hex", { status: "completed", payoutTxHash: "z".repeat(64) }, 400, /TRC20/],
    ["an overlong hash", { status: "completed", payoutTxHash: "a".repeat(500) }, 400, /200/],
    ["an overlong note", { status: "processing", note: "x".repeat(501) }, 400, /500/],
    ["a note with a NUL", { status: "processing", note: "a\u0000b" }, 400, /cannot be stored/],
  ];

  it.each(refusals)(
    "refuses %s with a clear message and writes nothing",
    async (_name, body, status, message) => {
      const order = await placeOrder(customer);
      const before = await countRows(testApp);
      const response = await setStatus(order.id, body);
      expect(response.status).toBe(status);
      expect(response.json.error).toMatch(message);
      expect(await countRows(testApp)).toEqual(before);
      expect((await customer.get(`/api/orders/${order.id}`)).json.status).toBe("pending");
    },
  );

  it("refuses a bad hash on an Ethereum order with the ERC20 format", async () => {
    const order = await placeOrder(customer, { network: "erc20", walletAddress: ERC20_WALLET });
    const response = await setStatus(order.id, { status: "completed", payoutTxHash: TRON_TX_HASH });
    expect(response.status).toBe(400);
    expect(response.json.error).toMatch(
      /not a valid ERC20 transaction hash: it is 0x followed by 64/,
    );
  });

  it("refuses a payout reference with spaces for an e-wallet order", async () => {
    const order = await placeOrder(customer, {
      receiveCurrency: "advcash_usd",
      network: null,
      walletAddress: "U123456789012",
    });
    const response = await setStatus(order.id, { status: "completed", payoutTxHash: "a b" });
    expect(response.status).toBe(400);
    expect(response.json.error).toMatch(/AdvCash USD payout reference has 1 to 100 letters/);
  });

  it("answers 404 for an unknown or malformed id and writes nothing", async () => {
    const before = await countRows(testApp);
    const unknown = await setStatus("00000000-0000-4000-8000-000000000000", {
      status: "completed",
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toBe("Order not found");
    expect((await setStatus("not-a-uuid", { status: "completed" })).status).toBe(404);
    expect(await countRows(testApp)).toEqual(before);
  });

  it("is refused to the order's own customer", async () => {
    const order = await placeOrder(customer);
    const response = await setStatus(order.id, { status: "completed" }, customer);
    expect(response.status).toBe(403);
    expect((await customer.get(`/api/orders/${order.id}`)).json.status).toBe("pending");
  });
});
