import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Decimal } from "../../../../shared/money";
import { quoteSaleRupees } from "../../../../shared/quote";
import type { SaleStatus } from "../../../platform/db/schema";
import { type Client, signedInAdmin, signedInCustomer } from "../../../testing/actors";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { createClient } from "../../../testing/test-client";

/*
 * A customer's sale of USDT (issue 44, item 2; decisions 049 and 050): the server
 * decides the deposit amount and the rupees, under the sale rules; a refused sale
 * writes nothing.
 */

let testApp: TestApp;
let admin: Client;

const DESK_WALLET = "TDeskSellWa11etxxxxxxxxxxxxxxxxxxx";
const RATE = "85";

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
});
afterAll(() => testApp.close());

beforeEach(async () => {
  await testApp.db
    .updateTable("site_settings")
    .set({
      exchange_rate: "88",
      buy_rate: RATE,
      // The tax has its own tests (tax/sale-tds.test.ts).
      tds_deducts: false,
      buy_networks: ["trc20", "bep20"],
      sell_min_usdt: "10",
      sell_limit_order_inr: "50000",
      sell_limit_day_inr: "100000",
      verified_sell_limit_order_inr: "1000000",
      verified_sell_limit_day_inr: "2500000",
      sell_hold_other_names: false,
      sell_hold_first_sale: false,
      sell_hold_new_destination: false,
      maintenance_mode: false,
    })
    .execute();
  await testApp.db
    .updateTable("treasury_networks")
    .set({ wallet_address: DESK_WALLET })
    .where("network", "=", "trc20")
    .execute();
  await testApp.db
    .updateTable("treasury_networks")
    .set({ wallet_address: null })
    .where("network", "=", "bep20")
    .execute();
});

let upiCounter = 0;

/** A customer with a UPI payout account in their own name. */
async function seller(): Promise<Customer & { destinationId: string }> {
  const customer = await signedInCustomer(testApp);
  upiCounter += 1;
  const added = await customer.post("/api/account/payout-destinations", {
    kind: "upi",
    holderName: "Asha Verma",
    upiId: `asha.${upiCounter}.${Date.now()}@okaxis`,
  });
  expect(added.status, added.text).toBe(201);
  return Object.assign(customer, { destinationId: added.json.id as string });
}

const sell = (
  customer: Customer & { destinationId: string },
  body: Record<string, unknown> = {},
  headers?: Record<string, string>,
) =>
  customer.post(
    "/api/sell-orders",
    {
      network: "trc20",
      usdtAmount: "100",
      quotedBuyRate: RATE,
      destinationId: customer.destinationId,
      ...body,
    },
    headers,
  );

const sumOf = (amounts: string[]) =>
  amounts.reduce((sum, amount) => sum.plus(amount), new Decimal(0)).toFixed(2);

async function salesOf(userId: string) {
  return testApp.db.selectFrom("sell_orders").selectAll().where("user_id", "=", userId).execute();
}

/** Expires every sale awaiting a deposit, as if its window had passed. */
async function windowsPassed() {
  await testApp.db
    .updateTable("sell_orders")
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where("status", "=", "awaiting_deposit")
    .execute();
}

describe("placing a sale", () => {
  beforeEach(windowsPassed);

  it("asks for the amount, to the payout wallet, within 30 minutes, and pays rupees for it", async () => {
    const customer = await seller();
    const placed = await sell(customer, { usdtAmount: "100.5" });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.json).toMatchObject({
      network: "trc20",
      requestedUsdt: "100.50",
      depositUsdt: "100.50",
      buyRate: RATE,
      inrAmount: quoteSaleRupees({ usdt: "100.50", rate: RATE }),
      depositAddress: DESK_WALLET,
      status: "awaiting_deposit",
      isHeld: false,
      destination: { kind: "upi", holderName: "Asha Verma" },
    });
    expect(placed.json.inrAmount).toBe("8542.50");
    const minutesLeft = (Date.parse(placed.json.expiresAt) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(29);
    expect(minutesLeft).toBeLessThanOrEqual(30);

    const askedAt = Date.now();
    const read = await customer.get(`/api/sell-orders/${placed.json.id}`);
    expect(read.status).toBe(200);
    // The server's clock, which the page counts the 30 minutes on (a phone's may be off).
    const serverNow = Date.parse(read.json.serverNow);
    expect(serverNow).toBeGreaterThanOrEqual(askedAt);
    expect(serverNow).toBeLessThanOrEqual(Date.now());
    expect(read.json.events).toMatchObject([
      { actorRole: "customer", fromStatus: null, toStatus: "awaiting_deposit" },
    ]);
    expect(
      (await customer.get("/api/sell-orders")).json.orders.map((o: { id: string }) => o.id),
    ).toEqual([placed.json.id]);
    const stranger = await seller();
    expect((await stranger.get(`/api/sell-orders/${placed.json.id}`)).status).toBe(404);
    expect((await stranger.get("/api/sell-orders/not-an-id")).status).toBe(404);
    expect((await createClient(testApp).get(`/api/sell-orders/${placed.json.id}`)).status).toBe(
      401,
    );
    expect((await createClient(testApp).post("/api/sell-orders", {})).status).toBe(401);
  });

  it("makes each amount unique in cents, never whole, and keeps an expired sale's amount for the quarantine", async () => {
    const first = await sell(await seller(), { usdtAmount: "250" });
    const second = await sell(await seller(), { usdtAmount: "250" });
    const third = await sell(await seller(), { usdtAmount: "250" });
    expect([first.json.depositUsdt, second.json.depositUsdt, third.json.depositUsdt]).toEqual([
      "250.01",
      "250.02",
      "250.03",
    ]);
    // The customer is paid for what they send, cents included.
    expect(second.json.inrAmount).toBe(quoteSaleRupees({ usdt: "250.02", rate: RATE }));
    await windowsPassed();
    const again = await sell(await seller(), { usdtAmount: "250" });
    // Their deposits may still come (decision 052): the next free cent.
    expect(again.json.depositUsdt).toBe("250.04");
  });

  it("pays the rupees the page quotes (quoteSaleRupees), to the paisa rounded down, for awkward figures", async () => {
    await testApp.db
      .updateTable("site_settings")
      .set({ sell_limit_order_inr: "99999999", sell_limit_day_inr: "99999999" })
      .execute();
    for (const [usdt, rate] of [
      ["33.33", "87.3333"],
      ["99.99", "83.7777"],
      ["10.01", "85.0001"],
      ["654321.98", "91.9999"],
    ] as const) {
      await testApp.db.updateTable("site_settings").set({ buy_rate: rate }).execute();
      const placed = await sell(await seller(), { usdtAmount: usdt, quotedBuyRate: rate });
      expect(placed.status, placed.text).toBe(201);
      expect(placed.json.inrAmount).toBe(quoteSaleRupees({ usdt: placed.json.depositUsdt, rate }));
    }
  });

  it("gives sales placed at once by several customers different amounts", async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, () => seller()));
    const placed = await Promise.all(
      customers.map((customer) => sell(customer, { usdtAmount: "77" })),
    );
    expect(placed.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    const amounts = placed.map((answer) => answer.json.depositUsdt).sort();
    expect(amounts).toEqual(["77.01", "77.02", "77.03", "77.04", "77.05", "77.06"]);
  });

  it("places every sale one customer sends at once when all fit their limits, each an amount of its own", async () => {
    const customer = await seller();
    const placed = await Promise.all(
      Array.from({ length: 6 }, () => sell(customer, { usdtAmount: "40" })),
    );
    expect(placed.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    expect(placed.map((answer) => answer.json.depositUsdt).sort()).toEqual([
      "40.01",
      "40.02",
      "40.03",
      "40.04",
      "40.05",
      "40.06",
    ]);
    expect(await salesOf(customer.userId)).toHaveLength(6);
  });

  it("answers a retried request with the first sale, and refuses its key for another", async () => {
    const customer = await seller();
    const key = { "idempotency-key": "sale-retry-0001" };
    const first = await sell(customer, {}, key);
    const again = await sell(customer, {}, key);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.json.id).toBe(first.json.id);
    const other = await sell(customer, { usdtAmount: "120" }, key);
    expect(other.status).toBe(422);
    expect(other.json.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await salesOf(customer.userId)).toHaveLength(1);
  });
});

describe("a refused sale writes nothing", () => {
  beforeEach(windowsPassed);

  async function refused(
    customer: Customer & { destinationId: string },
    body: Record<string, unknown>,
    status: number,
    code: string,
  ) {
    const answer = await sell(customer, body);
    expect(answer.status, answer.text).toBe(status);
    expect(answer.json.code).toBe(code);
    expect(answer.json.error).toEqual(expect.any(String));
    expect(await salesOf(customer.userId)).toHaveLength(0);
    return answer;
  }

  it.each([
    [{ usdtAmount: "" }, "usdtAmount"],
    [{ usdtAmount: "-5" }, "usdtAmount"],
    [{ usdtAmount: "10.001" }, "usdtAmount"],
    [{ usdtAmount: "1e3" }, "usdtAmount"],
    [{ usdtAmount: 100 }, "usdtAmount"],
    [{ network: "bitcoin" }, "network"],
    [{ quotedBuyRate: "" }, "quotedBuyRate"],
    [{ destinationId: "mine" }, "destinationId"],
  ])("a bad field %j is named", async (body, field) => {
    const answer = await refused(await seller(), body, 400, "INVALID_INPUT");
    expect(JSON.stringify(answer.json)).toContain(field);
  });

  it("under maintenance", async () => {
    await testApp.db.updateTable("site_settings").set({ maintenance_mode: true }).execute();
    await refused(await seller(), {}, 403, "MAINTENANCE_MODE");
  });

  it("at a buy rate no longer in force, naming the new one", async () => {
    const answer = await refused(await seller(), { quotedBuyRate: "86" }, 409, "BUY_RATE_CHANGED");
    expect(answer.json.buyRate).toBe(RATE);
  });

  it("on a network not bought on, or without a payout wallet to receive in", async () => {
    const customer = await seller();
    await refused(customer, { network: "solana" }, 422, "NETWORK_NOT_BOUGHT");
    await refused(customer, { network: "bep20" }, 422, "NETWORK_NOT_BOUGHT");
  });

  it("below the smallest sale", async () => {
    const answer = await refused(await seller(), { usdtAmount: "9.99" }, 400, "SALE_BELOW_MINIMUM");
    expect(answer.json.minUsdt).toBe("10");
  });

  it("above the sale limit of the customer's level", async () => {
    // 600 USDT is ₹51,000: above the unverified ₹50,000 a sale.
    const answer = await refused(await seller(), { usdtAmount: "600" }, 422, "SALE_LIMIT_PER_SALE");
    expect(answer.json.limitInr).toBe("50000");
    expect(answer.json.error).toContain("Verify your identity");
  });

  it("past the day's limit, counting the sales not expired", async () => {
    const customer = await seller();
    expect((await sell(customer, { usdtAmount: "580" })).status).toBe(201);
    await testApp.db
      .updateTable("sell_orders")
      .set({ status: "received", received_at: new Date() })
      .where("user_id", "=", customer.userId)
      .execute();
    expect((await sell(customer, { usdtAmount: "580" })).status).toBe(201);
    const third = await sell(customer, { usdtAmount: "20" });
    expect(third.status).toBe(422);
    expect(third.json.code).toBe("SALE_LIMIT_PER_DAY");
    expect(await salesOf(customer.userId)).toHaveLength(2);
    // An expired sale no longer counts.
    await windowsPassed();
    expect((await sell(customer, { usdtAmount: "20" })).status).toBe(201);
  });

  it("past the day's limit, counting each sale's rupees through its changes of status and amount", async () => {
    const customer = await seller();
    const setSale = (
      id: string,
      change: { status?: SaleStatus; received_at?: Date; inr_amount?: string },
    ) => testApp.db.updateTable("sell_orders").set(change).where("id", "=", id).execute();
    // ₹49,300 each against ₹100,000 a day: a third sale of ₹1,700 would pass it.
    const first = await sell(customer, { usdtAmount: "580" });
    expect((await sell(customer, { usdtAmount: "580" })).status).toBe(201);
    expect((await sell(customer, { usdtAmount: "20" })).json.code).toBe("SALE_LIMIT_PER_DAY");
    await setSale(first.json.id, { status: "cancelled" });
    const third = await sell(customer, { usdtAmount: "20" });
    expect(third.status).toBe(201);
    // Moved back out of Cancelled (a deposit credited to it), it counts again.
    await setSale(first.json.id, { status: "received", received_at: new Date() });
    expect((await sell(customer, { usdtAmount: "20" })).json.code).toBe("SALE_LIMIT_PER_DAY");
    // Credited at fewer rupees, it counts those.
    await setSale(first.json.id, { inr_amount: "40000.00" });
    expect((await sell(customer, { usdtAmount: "20" })).status).toBe(201);
    const kept = await testApp.db
      .selectFrom("sale_totals")
      .select("inr_by_hour")
      .where("user_id", "=", customer.userId)
      .executeTakeFirstOrThrow();
    const counted = (await salesOf(customer.userId)).filter(
      (sale) => sale.status !== "cancelled" && sale.status !== "expired",
    );
    expect(sumOf(Object.values(kept.inr_by_hour))).toBe(
      sumOf(counted.map((sale) => sale.inr_amount)),
    );
  });

  it("past the day's limit when sent in parallel: the limit holds", async () => {
    const customer = await seller();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => sell(customer, { usdtAmount: "500" })),
    );
    // ₹42,500 each against ₹100,000 a day: two fit.
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 422, 422]);
    expect(await salesOf(customer.userId)).toHaveLength(2);
  });

  it("to a payout account or holder on the blocklist, never saying so", async () => {
    const customer = await seller();
    const [destination] = (await customer.get("/api/account/payout-destinations")).json
      .destinations;
    const listed = await admin.post("/api/admin/risk/blocklist", {
      kind: "upi_id",
      value: destination.upiId.toUpperCase(),
      reason: "mule account reported by the bank",
    });
    expect(listed.status, listed.text).toBe(201);
    const answer = await refused(customer, {}, 422, "ORDER_NOT_ACCEPTED");
    expect(answer.text).not.toContain("mule");
    const other = await signedInCustomer(testApp);
    const added = await other.post("/api/account/payout-destinations", {
      kind: "bank",
      holderName: "Blocked Holder Name",
      accountNumber: "123456789012",
      ifscCode: "SBIN0003853",
    });
    await admin.post("/api/admin/risk/blocklist", {
      kind: "payer_name",
      value: "blocked holder NAME",
      reason: "fraud",
    });
    await refused(
      Object.assign(other, { destinationId: added.json.id }),
      {},
      422,
      "ORDER_NOT_ACCEPTED",
    );
  });

  it("to another customer's payout account, or a removed one", async () => {
    const customer = await seller();
    const stranger = await seller();
    await refused(
      customer,
      { destinationId: stranger.destinationId },
      404,
      "PAYOUT_DESTINATION_NOT_FOUND",
    );
    await customer.post(`/api/account/payout-destinations/${customer.destinationId}/remove`);
    await refused(customer, {}, 404, "PAYOUT_DESTINATION_NOT_FOUND");
  });

  it("to an account in another name once the desk stopped allowing it", async () => {
    await testApp.db.updateTable("site_settings").set({ sell_hold_other_names: true }).execute();
    const customer = await seller();
    const other = await customer.post("/api/account/payout-destinations", {
      kind: "upi",
      holderName: "Someone Else",
      upiId: `someone.${Date.now()}@okicici`,
    });
    expect(other.json.holderIsCustomer).toBe(false);
    await testApp.db.updateTable("site_settings").set({ sell_hold_other_names: false }).execute();
    await refused(customer, { destinationId: other.json.id }, 422, "PAYOUT_NAME_NOT_YOURS");
  });

  it("when an operator asked the customer to verify first", async () => {
    const customer = await seller();
    await testApp.db
      .insertInto("customer_verifications")
      .values({ user_id: customer.userId, status: "requested", requested_at: new Date() })
      .execute();
    await refused(customer, {}, 403, "VERIFICATION_REQUESTED");
  });
});

describe("a sale held for an operator", () => {
  beforeEach(windowsPassed);

  async function holdsOf(saleId: string) {
    const hold = await testApp.db
      .selectFrom("sell_order_holds")
      .select("rules")
      .where("sell_order_id", "=", saleId)
      .executeTakeFirst();
    return hold?.rules ?? [];
  }

  it("is not held by default", async () => {
    const placed = await sell(await seller());
    expect(await holdsOf(placed.json.id)).toEqual([]);
  });

  it("when paid to another person's account the desk allows", async () => {
    await testApp.db.updateTable("site_settings").set({ sell_hold_other_names: true }).execute();
    const customer = await seller();
    const other = await customer.post("/api/account/payout-destinations", {
      kind: "upi",
      holderName: "Ravi Kumar",
      upiId: `ravi.${Date.now()}@okicici`,
    });
    const placed = await sell(customer, { destinationId: other.json.id });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.json.isHeld).toBe(true);
    expect(await holdsOf(placed.json.id)).toEqual(["other_name"]);
  });

  it("as a first sale above the amount, and to an account not paid before", async () => {
    await testApp.db
      .updateTable("site_settings")
      .set({
        sell_hold_first_sale: true,
        sell_hold_first_sale_above_inr: "10000",
        sell_hold_new_destination: true,
      })
      .execute();
    const customer = await seller();
    const small = await sell(customer, { usdtAmount: "100" });
    expect(await holdsOf(small.json.id)).toEqual(["new_destination"]);
    const large = await sell(customer, { usdtAmount: "200" });
    expect(await holdsOf(large.json.id)).toEqual(["first_sale", "new_destination"]);
    await testApp.db
      .updateTable("sell_orders")
      .set({
        status: "paid",
        received_at: new Date(),
        paid_at: new Date(),
        paid_utr: "412345678901",
      })
      .where("id", "=", small.json.id)
      .execute();
    const after = await sell(customer, { usdtAmount: "200" });
    expect(await holdsOf(after.json.id)).toEqual([]);
  });

  it("when the customer is on hold", async () => {
    const customer = await seller();
    await testApp.db
      .insertInto("customer_holds")
      .values({ user_id: customer.userId, note: "asked by the bank about this customer" })
      .execute();
    const placed = await sell(customer);
    expect(await holdsOf(placed.json.id)).toEqual(["customer"]);
  });
});
