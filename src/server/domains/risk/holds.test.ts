import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { insertUpiAccount, retireReceivingAccounts } from "../../testing/desk-accounts";
import { ERC20_WALLET, orderInput, orderStatus, placeOrder, withOffer } from "../../testing/orders";
import { placeThroughTwoProcesses } from "../../testing/other-processes";
import { isPostgresRun } from "../../testing/postgres";
import { sampleStatementCsv } from "../../testing/statement-fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { RawBody } from "../../testing/test-client";

/*
 * Holds (issue 25, item 2): orders accepted but held for an operator, by the
 * operator's hold on a customer or by the automatic rules, decided in the
 * order's own statement; released in one audited action; never verified in bulk.
 */

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

const RULES_OFF = {
  holdFirstOrder: false,
  holdFirstOrderAboveInr: "50000",
  holdNewPayerName: false,
  holdSharedWallet: false,
  holdOrderRate: false,
  holdOrdersPerHour: 5,
};

beforeAll(async () => {
  // Operators hear of new orders on Telegram (the outbox keeps what it sends).
  testApp = await createTestApp({
    TELEGRAM_BOT_TOKEN: "123:test-token",
    TELEGRAM_CHAT_ID: "-100200300",
    TELEGRAM_API_URL: "http://127.0.0.1:9",
  });
  admin = await signedInAdmin(testApp);
});
afterAll(() => testApp.close());
beforeEach(async () => {
  await setRules({});
});

async function setRules(rules: Partial<typeof RULES_OFF>) {
  const response = await admin.request("PUT", "/api/admin/settings/hold-rules", {
    ...RULES_OFF,
    ...rules,
  });
  expect(response.status, response.text).toBe(200);
}

/** The order as the desk sees it: its hold, or null. */
async function holdOf(orderId: string) {
  const response = await admin.get(`/api/admin/orders/${orderId}`);
  expect(response.status, response.text).toBe(200);
  return response.json.hold as { rules: string[]; customerNote: string | null } | null;
}

async function rulesOf(orderIds: string[]) {
  return Promise.all(orderIds.map(async (id) => (await holdOf(id))?.rules ?? []));
}

async function telegramTextOf(orderId: string) {
  const rows = await testApp.db
    .selectFrom("notification_outbox")
    .select("payload")
    .where("channel", "=", "telegram")
    .where(({ eb, ref }) => eb(ref("payload", "->>").key("text"), "like", `%${orderId}%`))
    .execute();
  expect(rows).toHaveLength(1);
  return (rows[0]?.payload as { text: string } | undefined)?.text ?? "";
}

async function auditsOf(action: string) {
  return testApp.db
    .selectFrom("audit_log")
    .select(["actor_id", "target_type", "target_id", "details"])
    .where("action", "=", action)
    .orderBy("id")
    .execute();
}

/** Orders placed at once: each one's payment offer asked first (one after another), then all sent together. */
async function placeAtOnce(orders: { customer: Client; overrides?: Record<string, unknown> }[]) {
  const bodies: Record<string, unknown>[] = [];
  for (const { customer, overrides } of orders) {
    bodies.push(await withOffer(customer, orderInput(overrides)));
  }
  const responses = await Promise.all(
    orders.map(({ customer }, i) => customer.post("/api/orders", bodies[i])),
  );
  for (const response of responses) expect(response.status, response.text).toBe(201);
  return responses.map((response) => response.json.id as string);
}

describe("an operator's hold on a customer", () => {
  it("holds their orders (accepted, with the note, told on Telegram) until lifted; all audited", async () => {
    const customer = await signedInCustomer(testApp);
    const placed = await admin.post(`/api/admin/users/${customer.userId}/hold`, {
      note: "Bank asked about a credit on 12/11",
    });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.json).toEqual({
      note: "Bank asked about a credit on 12/11",
      since: expect.any(String),
      by: admin.email,
    });
    expect((await admin.get(`/api/admin/users/${customer.userId}`)).json.hold).toEqual(placed.json);
    const twice = await admin.post(`/api/admin/users/${customer.userId}/hold`, { note: "again" });
    expect(twice.status).toBe(409);

    const held = await placeOrder(customer);
    expect(await holdOf(held.id)).toEqual({
      rules: ["customer"],
      since: expect.any(String),
      customerNote: "Bank asked about a credit on 12/11",
    });
    // The customer is told nothing: their order reads as any other.
    const own = await customer.get(`/api/orders/${held.id}`);
    expect(own.json.status).toBe("pending");
    expect(own.text).not.toMatch(/hold/i);
    const alert = await telegramTextOf(held.id);
    expect(alert).toMatch(/^ON HOLD \(the customer is on hold\): check it before verifying/);
    expect(alert).toMatch(/\nNew order #/);

    const lifted = await admin.post(`/api/admin/users/${customer.userId}/hold/release`);
    expect(lifted.status, lifted.text).toBe(200);
    expect((await admin.get(`/api/admin/users/${customer.userId}`)).json.hold).toBeNull();
    const after = await placeOrder(customer);
    expect(await holdOf(after.id)).toBeNull();
    expect(await telegramTextOf(after.id)).toMatch(/^New order #/);
    // The order held meanwhile stays held until released.
    expect((await holdOf(held.id))?.rules).toEqual(["customer"]);
    expect((await admin.post(`/api/admin/users/${customer.userId}/hold/release`)).status).toBe(404);

    const audits = [
      ...(await auditsOf("customer.hold_placed")),
      ...(await auditsOf("customer.hold_released")),
    ].filter((audit) => audit.target_id === customer.userId);
    expect(audits).toEqual([
      {
        actor_id: admin.userId,
        target_type: "user",
        target_id: customer.userId,
        details: { note: "Bank asked about a credit on 12/11" },
      },
      {
        actor_id: admin.userId,
        target_type: "user",
        target_id: customer.userId,
        details: { note: "Bank asked about a credit on 12/11" },
      },
    ]);
  });

  it.each([
    [{}, /Note: say why/],
    [{ note: "   " }, /Note: say why/],
    [{ note: "a\nb" }, /Note: one line/],
    [{ note: "x".repeat(501) }, /Note: at most 500/],
  ])("refuses the note %j with a 400 and writes nothing", async (body, message) => {
    const customer = await signedInCustomer(testApp);
    const response = await admin.post(`/api/admin/users/${customer.userId}/hold`, body);
    expect(response.status, response.text).toBe(400);
    expect(response.json.error).toMatch(message);
    expect((await admin.get(`/api/admin/users/${customer.userId}`)).json.hold).toBeNull();
  });

  it("answers 404 for an unknown customer and writes nothing", async () => {
    const before = (await auditsOf("customer.hold_placed")).length;
    const response = await admin.post("/api/admin/users/nobody-at-all/hold", { note: "x" });
    expect(response.status).toBe(404);
    expect(await auditsOf("customer.hold_placed")).toHaveLength(before);
  });
});

describe("releasing a held order", () => {
  it("is one audited action; an order not on hold answers 404", async () => {
    const customer = await signedInCustomer(testApp);
    await admin.post(`/api/admin/users/${customer.userId}/hold`, { note: "Look first" });
    const held = await placeOrder(customer);
    const released = await admin.post(`/api/admin/orders/${held.id}/hold/release`);
    expect(released.status, released.text).toBe(200);
    expect(await holdOf(held.id)).toBeNull();
    expect((await auditsOf("order.hold_released")).filter((a) => a.target_id === held.id)).toEqual([
      {
        actor_id: admin.userId,
        target_type: "order",
        target_id: held.id,
        details: { rules: ["customer"] },
      },
    ]);
    const again = await admin.post(`/api/admin/orders/${held.id}/hold/release`);
    expect(again.status).toBe(404);
    expect(again.json.code).toBe("NOT_ON_HOLD");
    for (const id of ["not-an-id", "00000000-0000-4000-8000-000000000000"]) {
      const unknown = await admin.post(`/api/admin/orders/${id}/hold/release`);
      expect(unknown.status).toBe(404);
      expect(unknown.json).toMatchObject({ code: "NOT_FOUND", error: "Order not found" });
    }
  });
});

describe("the automatic hold rules", () => {
  it("are saved in Settings, audited with what changed, and refuse bad figures", async () => {
    const before = (await auditsOf("settings.saved")).length;
    await setRules({ holdFirstOrder: true, holdFirstOrderAboveInr: "25000.50" });
    const saved = await admin.get("/api/admin/settings/hold-rules");
    expect(saved.json).toEqual({
      ...RULES_OFF,
      holdFirstOrder: true,
      holdFirstOrderAboveInr: "25000.5",
    });
    const audits = await auditsOf("settings.saved");
    expect(audits.slice(before).map((audit) => audit.details)).toEqual([
      {
        holdFirstOrder: { from: false, to: true },
        holdFirstOrderAboveInr: { from: "50000", to: "25000.5" },
      },
    ]);
    for (const [body, message] of [
      [{ ...RULES_OFF, holdFirstOrderAboveInr: "-1" }, /First Order Hold Amount/],
      [{ ...RULES_OFF, holdFirstOrderAboveInr: "1.234" }, /First Order Hold Amount/],
      [{ ...RULES_OFF, holdOrdersPerHour: 0 }, /Orders per Hour Before a Hold/],
      [{ ...RULES_OFF, holdSharedWallet: "yes" }, /on or off/],
    ] as const) {
      const response = await admin.request("PUT", "/api/admin/settings/hold-rules", body);
      expect(response.status, response.text).toBe(400);
      expect(response.json.error).toMatch(message);
    }
    expect(await auditsOf("settings.saved")).toHaveLength(before + 1);
  });

  it("hold a first order above the amount until the customer's first completed order, and say so", async () => {
    await setRules({ holdFirstOrder: true, holdFirstOrderAboveInr: "20000" });
    const customer = await signedInCustomer(testApp);
    const small = await placeOrder(customer, { amount: "20000" });
    const large = await placeOrder(customer, { amount: "20000.01" });
    expect(await rulesOf([small.id, large.id])).toEqual([[], ["first_order"]]);
    expect(await telegramTextOf(large.id)).toMatch(
      /^ON HOLD \(a first order above ₹20000\.00\): check it before verifying; not verified in bulk\n/,
    );
    await testApp.db
      .updateTable("orders")
      .set({ status: "completed" })
      .where("id", "=", small.id)
      .execute();
    const later = await placeOrder(customer, { amount: "30000" });
    expect(await holdOf(later.id)).toBeNull();
    // Off: the same order is not held.
    await setRules({});
    const other = await signedInCustomer(testApp);
    expect(await holdOf((await placeOrder(other, { amount: "30000" })).id)).toBeNull();
  });

  it("hold first orders above the amount placed in parallel, every one of them", async () => {
    await setRules({ holdFirstOrder: true, holdFirstOrderAboveInr: "20000" });
    const customer = await signedInCustomer(testApp);
    const ids = await placeAtOnce(
      // A customer's offers differ by amount (the same amount is the same offer).
      Array.from({ length: 4 }, (_, i) => ({ customer, overrides: { amount: `${25000 + i}` } })),
    );
    expect(await rulesOf(ids)).toEqual(ids.map(() => ["first_order"]));
  });

  it("hold a payer name the customer never used, however the known ones are spelled", async () => {
    await setRules({ holdNewPayerName: true });
    const customer = await signedInCustomer(testApp);
    const first = await placeOrder(customer, { payerName: "Rahul Kumar" });
    const respelled = await placeOrder(customer, { payerName: "RAHUL  kumar" });
    const other = await placeOrder(customer, { payerName: "Anil Mehta" });
    const otherAgain = await placeOrder(customer, { payerName: "Anil Mehta" });
    expect(await rulesOf([first.id, respelled.id, other.id, otherAgain.id])).toEqual([
      [],
      [],
      ["new_payer_name"],
      [],
    ]);
    expect(await telegramTextOf(other.id)).toMatch(
      /^ON HOLD \(a payer name the customer never used\)/,
    );
  });

  it("hold new payer names sent in parallel after the first", async () => {
    await setRules({ holdNewPayerName: true });
    const customer = await signedInCustomer(testApp);
    await placeOrder(customer, { payerName: "Rahul Kumar" });
    const ids = await placeAtOnce(
      ["Anil Mehta", "Suresh Nair", "Vikram Rao"].map((payerName, i) => ({
        customer,
        overrides: { payerName, amount: `${8601 + i}` },
      })),
    );
    expect(await rulesOf(ids)).toEqual(ids.map(() => ["new_payer_name"]));
  });

  it("hold a wallet another customer used, in any case of an EVM address", async () => {
    await setRules({ holdSharedWallet: true });
    const [first, second] = [await signedInCustomer(testApp), await signedInCustomer(testApp)];
    const wallet = { network: "erc20", walletAddress: ERC20_WALLET };
    const own = await placeOrder(first, wallet);
    const ownAgain = await placeOrder(first, wallet);
    const shared = await placeOrder(second, {
      network: "bep20",
      walletAddress: ERC20_WALLET.toLowerCase(),
    });
    // The first customer's next order is held too: the wallet is no longer only theirs.
    const firstAfter = await placeOrder(first, wallet);
    expect(await rulesOf([own.id, ownAgain.id, shared.id, firstAfter.id])).toEqual([
      [],
      [],
      ["shared_wallet"],
      ["shared_wallet"],
    ]);
    expect(await telegramTextOf(shared.id)).toMatch(/^ON HOLD \(a wallet another customer used\)/);
  });

  it("hold every customer but the first of a new wallet used by many at once", async () => {
    await setRules({ holdSharedWallet: true });
    // A wallet no order used yet (an EVM address in lower case carries no checksum).
    const wallet = { network: "erc20", walletAddress: `0x${randomBytes(20).toString("hex")}` };
    const customers = await Promise.all(Array.from({ length: 5 }, () => signedInCustomer(testApp)));
    const ids = await placeAtOnce(customers.map((customer) => ({ customer, overrides: wallet })));
    const rules = await rulesOf(ids);
    // Orders in one statement see each other and are all held; across statements, the
    // later see the earlier: at most the very first customer of the wallet goes unheld.
    expect(rules.filter((held) => held.length === 0).length).toBeLessThanOrEqual(1);
    for (const held of rules) expect([[], ["shared_wallet"]]).toContainEqual(held);
  });

  it("hold the orders beyond the number in an hour, placed one by one or in parallel", async () => {
    await setRules({ holdOrderRate: true, holdOrdersPerHour: 2 });
    const customer = await signedInCustomer(testApp);
    const one = await placeOrder(customer);
    const two = await placeOrder(customer);
    const three = await placeOrder(customer);
    expect(await rulesOf([one.id, two.id, three.id])).toEqual([[], [], ["order_rate"]]);
    expect(await telegramTextOf(three.id)).toMatch(/^ON HOLD \(more than 2 orders in an hour\)/);

    const other = await signedInCustomer(testApp);
    const ids = await placeAtOnce(
      Array.from({ length: 5 }, (_, i) => ({
        customer: other,
        overrides: { amount: `${8601 + i}` },
      })),
    );
    const rules = await rulesOf(ids);
    expect(rules.filter((held) => held.length === 0)).toHaveLength(2);
    expect(rules.filter((held) => held[0] === "order_rate")).toHaveLength(3);
  });

  it.runIf(isPostgresRun())(
    "hold new payer names and the hour's extra orders placed through two processes at once",
    async () => {
      await setRules({ holdNewPayerName: true, holdOrderRate: true, holdOrdersPerHour: 2 });
      // Rounds, as the two processes' statements overlap differently each time.
      for (let round = 0; round < 3; round++) {
        const customer = await signedInCustomer(testApp);
        const names = ["Anil Mehta", "Suresh Nair", "Vikram Rao", "Rahul Kumar", "Imran Khan"];
        const bodies = [];
        for (const [i, payerName] of names.entries()) {
          bodies.push(await withOffer(customer, orderInput({ payerName, amount: `${8601 + i}` })));
        }
        const outcomes = await placeThroughTwoProcesses(testApp, customer.userId, bodies);
        const rules = await rulesOf(
          outcomes.map((outcome) => {
            if (outcome.status === "rejected") throw outcome.reason;
            return outcome.value.order.id;
          }),
        );
        // Whichever order is stored first has no earlier name and no earlier order; each
        // later one has a name never used before, and all but the second pass two in the hour.
        expect(rules.filter((held) => held.includes("new_payer_name"))).toHaveLength(4);
        expect(rules.filter((held) => held.includes("order_rate"))).toHaveLength(3);
      }
    },
  );

  it("name every rule that held an order", async () => {
    await setRules({ holdFirstOrder: true, holdFirstOrderAboveInr: "1000", holdOrderRate: true });
    await setRules({
      holdFirstOrder: true,
      holdFirstOrderAboveInr: "1000",
      holdOrderRate: true,
      holdOrdersPerHour: 1,
    });
    const customer = await signedInCustomer(testApp);
    await admin.post(`/api/admin/users/${customer.userId}/hold`, { note: "Watch" });
    await placeOrder(customer);
    const held = await placeOrder(customer);
    expect(await rulesOf([held.id])).toEqual([["customer", "first_order", "order_rate"]]);
    expect(await telegramTextOf(held.id)).toMatch(
      /^ON HOLD \(the customer is on hold; a first order above ₹1000\.00; more than 1 orders in an hour\)/,
    );
  });
});

describe("Verify all matched", () => {
  it("leaves held orders for an operator, and verifies them once released", async () => {
    await retireReceivingAccounts(testApp.db);
    const accountId = await insertUpiAccount(testApp.db);
    const customer = await signedInCustomer(testApp);
    const clear = await placeOrder(customer, { amount: "8600" });
    await admin.post(`/api/admin/users/${customer.userId}/hold`, { note: "Freeze notice" });
    const held = await placeOrder(customer, { amount: "4300" });
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const credit = (reference: string, amount: string) => ({
      date: today,
      narration: `UPI/CR/${reference}/RAHUL KUMAR/HDFC/rahul@okhdfcbank/Payment`,
      credit: amount,
    });
    const imported = await admin.request(
      "POST",
      `/api/admin/reconciliation/accounts/${accountId}/statements?name=today.csv`,
      new RawBody(
        sampleStatementCsv("sbi", [
          credit(clear.paymentReference, "8600.00"),
          credit(held.paymentReference, "4300.00"),
        ]),
      ),
      { "content-type": "text/csv" },
    );
    expect(imported.status, imported.text).toBe(201);
    const verifyAll = () =>
      admin.post(`/api/admin/reconciliation/accounts/${accountId}/verify-matched`);
    // The operator sees which matched credit waits on a hold before pressing the button.
    const groups = (await admin.get(`/api/admin/reconciliation/accounts/${accountId}`)).json
      .groups as { matched: { items: { orderId: string; isOrderHeld: boolean }[] } };
    expect(
      groups.matched.items.map(({ orderId, isOrderHeld }) => ({ orderId, isOrderHeld })),
    ).toEqual([
      { orderId: clear.id, isOrderHeld: false },
      { orderId: held.id, isOrderHeld: true },
    ]);

    expect((await verifyAll()).json).toEqual({
      verified: 1,
      skipped: 0,
      blockedPayers: 0,
      heldOrders: 1,
      ownOrders: 0,
    });
    expect([await orderStatus(testApp, clear.id), await orderStatus(testApp, held.id)]).toEqual([
      "processing",
      "pending",
    ]);

    await admin.post(`/api/admin/orders/${held.id}/hold/release`);
    expect((await verifyAll()).json).toEqual({
      verified: 1,
      skipped: 0,
      blockedPayers: 0,
      heldOrders: 0,
      ownOrders: 0,
    });
    expect(await orderStatus(testApp, held.id)).toBe("processing");
  });
});
