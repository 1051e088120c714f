import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Client, signedInAdmin, signedInCustomer } from "../../../testing/actors";
import {
  countRows,
  ERC20_WALLET,
  nextReference,
  placeOrder,
  postOrder,
  TRON_WALLET,
} from "../../../testing/orders";
import { createTestApp, type TestApp } from "../../../testing/test-app";

let testApp: TestApp;
let admin: Client & { userId: string; email: string };
let customer: Awaited<ReturnType<typeof signedInCustomer>>;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
  customer = await signedInCustomer(testApp);
});
afterAll(() => testApp.close());
beforeEach(() =>
  testApp.db
    .updateTable("site_settings")
    .set({ exchange_rate: "86", min_inr_amount: "0", maintenance_mode: false })
    .where("id", "=", 1)
    .execute(),
);

function input(overrides: Record<string, unknown> = {}) {
  return {
    userEmail: customer.email,
    sendAmount: "10000",
    receiveAmount: "115.5",
    walletAddress: TRON_WALLET,
    network: "trc20",
    ...overrides,
  };
}

describe("POST /api/admin/orders", () => {
  it("places a pending INR → USDT order for the customer, with an admin event and an audit entry", async () => {
    await testApp.db.updateTable("site_settings").set({ exchange_rate: "90.5" }).execute();
    const response = await admin.post(
      "/api/admin/orders",
      input({ userEmail: ` ${customer.email.toUpperCase()} ` }),
    );
    expect(response.status, response.text).toBe(201);
    expect(response.json).toMatchObject({
      userId: customer.userId,
      userEmail: customer.email,
      status: "pending",
      sendCurrency: "upi_inr",
      sendAmount: "10000.00",
      receiveCurrency: "usdt",
      receiveAmount: "115.5000",
      // The rate its amounts imply (₹10,000 for 115.5 USDT), not the ₹90.5 in force.
      exchangeRate: "86.5801",
      network: "trc20",
      walletAddress: TRON_WALLET,
      paymentReference: null,
    });
    const id = response.json.id as string;

    // The customer sees it as their own, with the admin's note on the timeline.
    const seen = await customer.get(`/api/orders/${id}`);
    expect(seen.status).toBe(200);
    expect(seen.json.events).toEqual([
      expect.objectContaining({
        actorRole: "admin",
        fromStatus: null,
        toStatus: "pending",
        note: "Created by admin",
      }),
    ]);
    const mine = await customer.get("/api/orders");
    expect(mine.json.orders[0].id).toBe(id);

    const audit = await testApp.db
      .selectFrom("audit_log")
      .selectAll()
      .where("target_id", "=", id)
      .execute();
    expect(audit).toMatchObject([
      {
        action: "order.created",
        actor_id: admin.userId,
        target_type: "order",
        details: { userEmail: customer.email, sendAmount: "10000.00", receiveAmount: "115.5000" },
      },
    ]);
    const detail = await admin.get(`/api/admin/orders/${id}`);
    expect(detail.json.events[0]).toMatchObject({ actorEmail: admin.email, actorRole: "admin" });
  });

  it("places orders without a reference side by side, and keeps a given one unique", async () => {
    const first = await admin.post("/api/admin/orders", input());
    const second = await admin.post("/api/admin/orders", input());
    expect([first.status, second.status]).toEqual([201, 201]);

    const reference = nextReference();
    const spaced = `${reference.slice(0, 6)} ${reference.slice(6)}`;
    const withReference = await admin.post(
      "/api/admin/orders",
      input({ paymentReference: spaced, note: "Paid by IMPS, confirmed on call" }),
    );
    expect(withReference.status).toBe(201);
    expect(withReference.json.paymentReference).toBe(reference);
    const events = (await customer.get(`/api/orders/${withReference.json.id}`)).json.events;
    expect(events[0].note).toBe("Created by admin: Paid by IMPS, confirmed on call");

    const before = await countRows(testApp);
    const reused = await admin.post("/api/admin/orders", input({ paymentReference: reference }));
    expect(reused.status).toBe(409);
    expect(reused.json.error).toMatch(/already been used/);
    expect(await countRows(testApp)).toEqual(before);
    // A customer cannot reuse it either.
    const placedByCustomer = await postOrder(customer, {
      sendCurrency: "upi_inr",
      receiveCurrency: "usdt",
      network: "trc20",
      amount: "8600",
      walletAddress: TRON_WALLET,
      paymentReference: reference,
      payerName: "Rahul Kumar",
      quotedRate: "86",
    });
    expect(placedByCustomer.status).toBe(409);
  });

  it("keeps the rate in force on an order whose receive amount is the one that rate gives", async () => {
    await testApp.db.updateTable("site_settings").set({ exchange_rate: "90.5" }).execute();
    // ₹10,000 at ₹90.5 gives 110.4972 USDT, rounded down.
    const response = await admin.post("/api/admin/orders", input({ receiveAmount: "110.4972" }));
    expect(response.status, response.text).toBe(201);
    expect(response.json).toMatchObject({ receiveAmount: "110.4972", exchangeRate: "90.5" });
  });

  it("takes other currencies, normalises the wallet, and ignores min/max and maintenance", async () => {
    await testApp.db
      .updateTable("site_settings")
      .set({ min_inr_amount: "50000", maintenance_mode: true })
      .execute();
    const evm = await admin.post(
      "/api/admin/orders",
      input({
        sendCurrency: "bank_inr",
        network: "erc20",
        walletAddress: ERC20_WALLET.toLowerCase(),
        sendAmount: "100.5",
        receiveAmount: "1.1686",
      }),
    );
    expect(evm.status, evm.text).toBe(201);
    expect(evm.json).toMatchObject({ walletAddress: ERC20_WALLET, sendCurrency: "bank_inr" });
    const payeer = await admin.post(
      "/api/admin/orders",
      input({ receiveCurrency: "payeer_usd", network: null, walletAddress: "P1000000" }),
    );
    expect(payeer.status, payeer.text).toBe(201);
    expect(payeer.json).toMatchObject({ network: null, receiveCurrency: "payeer_usd" });
  });

  it("shows up first in the admin list", async () => {
    const created = await admin.post("/api/admin/orders", input());
    const list = await admin.get(`/api/admin/orders?search=${encodeURIComponent(customer.email)}`);
    expect(list.json.orders[0].id).toBe(created.json.id);
  });

  const refusals: [string, Record<string, unknown>, RegExp][] = [
    [
      "an e-mail nobody signed up with",
      { userEmail: "nobody@example.com" },
      /No user with this e-mail/,
    ],
    ["a malformed e-mail", { userEmail: "not-an-email" }, /e-mail address/],
    ["a zero send amount", { sendAmount: "0" }, /send amount/],
    ["a negative send amount", { sendAmount: "-100" }, /send amount/],
    ["a send amount with 3 decimals", { sendAmount: "100.123" }, /at most 2 decimals/],
    ["a send amount in exponent form", { sendAmount: "1e5" }, /send amount/],
    ["a send amount too large to store", { sendAmount: "9".repeat(13) }, /send amount/],
    ["a zero receive amount", { receiveAmount: "0.0000" }, /receive amount/],
    ["a receive amount with 5 decimals", { receiveAmount: "1.12345" }, /at most 4 decimals/],
    ["a number instead of a string", { sendAmount: 100 }, /sendAmount/],
    [
      "a TRON address with a bad checksum",
      { walletAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T" },
      /checksum/,
    ],
    ["a TRON address on ERC20", { network: "erc20" }, /ERC20/],
    ["USDT without a network", { network: null }, /network/],
    [
      "a network for an e-wallet",
      { receiveCurrency: "payeer_usd", walletAddress: "P1000000" },
      /network/,
    ],
    ["an unknown currency", { sendCurrency: "usd_cash" }, /sendCurrency/],
    ["a malformed UPI reference", { paymentReference: "12345" }, /12-digit/],
    ["a note with a NUL", { note: "a\u0000b" }, /cannot be stored/],
  ];

  it.each(refusals)(
    "refuses %s with a clear message and writes nothing",
    async (_name, change, message) => {
      const before = await countRows(testApp);
      const response = await admin.post("/api/admin/orders", input(change));
      expect(response.status).toBe(400);
      expect(response.json.error).toMatch(message);
      expect(await countRows(testApp)).toEqual(before);
    },
  );

  describe("with an Idempotency-Key", () => {
    const key = () => `admin-form-${crypto.randomUUID()}`;
    const post = (body: Record<string, unknown>, idempotencyKey: string) =>
      admin.post("/api/admin/orders", body, { "idempotency-key": idempotencyKey });

    it("stores one order for two identical requests at the same moment, and answers both with it", async () => {
      const idempotencyKey = key();
      const before = await countRows(testApp);
      const body = input({ note: "Paid in cash at the counter" });
      const responses = await Promise.all([post(body, idempotencyKey), post(body, idempotencyKey)]);
      expect(responses.map((response) => response.status).sort()).toEqual([200, 201]);
      const [first, second] = responses.map((response) => response.json);
      expect(second).toEqual(first);
      const after = await countRows(testApp);
      expect(after.orders).toBe(before.orders + 1);
      expect(after.order_events).toBe(before.order_events + 1);
      expect(after.audit_log).toBe(before.audit_log + 1);

      // A later retry (the answer was lost) gets the same order and writes nothing.
      const retry = await post(
        input({ note: " Paid in cash at the counter ", sendAmount: "10000.00" }),
        idempotencyKey,
      );
      expect(retry.status).toBe(200);
      expect(retry.json.id).toBe(first?.id);
      expect(await countRows(testApp)).toEqual(after);
    });

    it("refuses a key reused with other details, naming its order, and writes nothing", async () => {
      const idempotencyKey = key();
      const placed = await post(input(), idempotencyKey);
      expect(placed.status).toBe(201);
      const before = await countRows(testApp);
      for (const change of [
        { receiveAmount: "115.6" },
        { sendAmount: "10000.01" },
        { network: "erc20", walletAddress: ERC20_WALLET },
        { paymentReference: nextReference() },
        { note: "Another deal" },
      ]) {
        const response = await post(input(change), idempotencyKey);
        expect(response.status, JSON.stringify(change)).toBe(422);
        expect(response.json).toMatchObject({
          code: "IDEMPOTENCY_KEY_REUSED",
          error: `This request's Idempotency-Key was already used for order ${placed.json.shortId}, with different details. Nothing new was stored; a new order needs a new key.`,
        });
      }
      expect(await countRows(testApp)).toEqual(before);
    });

    it("refuses a key that is not one (too short) with 400", async () => {
      const before = await countRows(testApp);
      expect((await post(input(), "short")).status).toBe(400);
      expect(await countRows(testApp)).toEqual(before);
    });

    it("does not answer with the customer's own order that used the same key", async () => {
      const idempotencyKey = key();
      const own = await postOrder(
        customer,
        {
          sendCurrency: "upi_inr",
          receiveCurrency: "usdt",
          network: "trc20",
          amount: "10000",
          walletAddress: TRON_WALLET,
          paymentReference: nextReference(),
          payerName: "Rahul Kumar",
          quotedRate: "86",
        },
        { "idempotency-key": idempotencyKey },
      );
      expect(own.status).toBe(201);
      const response = await post(input(), idempotencyKey);
      expect(response.status).toBe(422);
    });
  });

  it("refuses a blocked customer and writes nothing", async () => {
    const blocked = await signedInCustomer(testApp);
    await placeOrder(blocked);
    await testApp.db
      .updateTable("user")
      .set({ banned: true })
      .where("id", "=", blocked.userId)
      .execute();
    const before = await countRows(testApp);
    const response = await admin.post("/api/admin/orders", input({ userEmail: blocked.email }));
    expect(response.status).toBe(400);
    expect(response.json.error).toMatch(/blocked/);
    expect(await countRows(testApp)).toEqual(before);
  });

  it("refuses a wallet on the blocklist, naming the entry to the operator, and writes nothing", async () => {
    const listed = await admin.post("/api/admin/risk/blocklist", {
      kind: "wallet",
      value: ERC20_WALLET,
      reason: "Police notice 7/2026",
    });
    expect(listed.status, listed.text).toBe(201);
    const before = await countRows(testApp);
    const response = await admin.post(
      "/api/admin/orders",
      input({ walletAddress: ERC20_WALLET, network: "erc20" }),
    );
    expect(response.status).toBe(422);
    expect(response.json.code).toBe("WALLET_BLOCKED");
    expect(response.json.error).toContain("Police notice 7/2026");
    expect(await countRows(testApp)).toEqual(before);
  });

  it("holds an order for a customer on hold, as the customer's own would be", async () => {
    const onHold = await signedInCustomer(testApp);
    const hold = await admin.post(`/api/admin/users/${onHold.userId}/hold`, {
      note: "Bank complaint 12/2026",
    });
    expect(hold.status, hold.text).toBe(201);
    const response = await admin.post("/api/admin/orders", input({ userEmail: onHold.email }));
    expect(response.status, response.text).toBe(201);
    const held = await testApp.db
      .selectFrom("order_holds")
      .select(["rules", "released_at"])
      .where("order_id", "=", response.json.id)
      .executeTakeFirst();
    expect(held).toEqual({ rules: ["customer"], released_at: null });
  });

  it("refuses an order for the admin's own account and writes nothing", async () => {
    const before = await countRows(testApp);
    const response = await admin.post("/api/admin/orders", input({ userEmail: admin.email }));
    expect(response.status).toBe(422);
    expect(response.json).toMatchObject({
      code: "ORDER_FOR_SELF",
      error: "You cannot place an order for your own account: another admin must place it.",
    });
    expect(await countRows(testApp)).toEqual(before);
  });

  it("takes a receive amount up to 5% above the rate's figure, refuses one beyond and writes nothing", async () => {
    // ₹10,000 at 86 gives 116.2790 USDT; 5% more is 122.0929.
    const atRoom = await admin.post("/api/admin/orders", input({ receiveAmount: "122.0929" }));
    expect(atRoom.status, atRoom.text).toBe(201);
    const before = await countRows(testApp);
    for (const receiveAmount of ["122.0930", "99999"]) {
      const response = await admin.post("/api/admin/orders", input({ receiveAmount }));
      expect(response.status).toBe(422);
      expect(response.json).toMatchObject({
        code: "RECEIVE_AMOUNT_TOO_HIGH",
        error:
          "The receive amount is more than 5% above what the rate in force gives for this amount (116.279). Check both amounts, or change the rate in Settings first.",
        quotedReceiveAmount: "116.279",
      });
    }
    expect(await countRows(testApp)).toEqual(before);
  });

  it("is refused to a customer, who cannot place orders for others", async () => {
    const before = await countRows(testApp);
    const response = await customer.post("/api/admin/orders", input());
    expect(response.status).toBe(403);
    expect(await countRows(testApp)).toEqual(before);
  });
});
