import Decimal from "decimal.js";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppError } from "../../platform/http/errors";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { raiseOrderLimits } from "../../testing/order-limits";
import { nextReference, orderInput, TRON_WALLET } from "../../testing/orders";
import { placeThroughTwoProcesses } from "../../testing/other-processes";
import { isPostgresRun } from "../../testing/postgres";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createClient } from "../../testing/test-client";

/*
 * The order limits as customers and operators meet them (docs/decisions/035),
 * with the shipped defaults: unverified ₹50,000 per order, ₹1,00,000 per 24
 * hours, ₹5,00,000 per 30 days; verified ₹10,00,000 / ₹25,00,000 / ₹1,00,00,000;
 * new customers (7 days, and until a completed order) ₹25,000 / ₹50,000.
 */

let testApp: TestApp;
let admin: Client & { userId: string };
let shippedSettings: Record<string, unknown>;

beforeAll(async () => {
  testApp = await createTestApp({}, { shippedOrderLimits: true });
  admin = await signedInAdmin(testApp);
  shippedSettings = await testApp.db
    .selectFrom("site_settings")
    .selectAll()
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
});
afterAll(() => testApp.close());
beforeEach(async () => {
  await testApp.db.updateTable("site_settings").set(shippedSettings).where("id", "=", 1).execute();
});

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

/** A customer past the new-customer rule: signed up weeks ago, with a completed order. */
async function establishedCustomer(): Promise<Customer> {
  const customer = await signedInCustomer(testApp);
  await testApp.db
    .updateTable("user")
    .set({ createdAt: sql<Date>`now() - interval '60 days'` })
    .where("id", "=", customer.userId)
    .execute();
  await testApp.db
    .insertInto("customer_order_totals")
    .values({ user_id: customer.userId, completed_orders: 1 })
    .execute();
  return customer;
}

async function verify(userId: string, status: "verified" | "requested" | "submitted" = "verified") {
  await testApp.db
    .insertInto("customer_verifications")
    .values({ user_id: userId, status, requested_at: status === "verified" ? null : new Date() })
    .onConflict((conflict) =>
      conflict.column("user_id").doUpdateSet({ status, requested_at: new Date() }),
    )
    .execute();
}

const order = (amount: string) => orderInput({ amount, quotedRate: "86" });

/** The payment step: where to pay this amount by UPI. */
function askOffer(customer: Client, amount: string) {
  return customer.post("/api/orders/payment-offer", { sendCurrency: "upi_inr", amount });
}

/** As the page does it: the payment step, then the order; a refused payment step is the answer. */
async function place(customer: Client, amount: string) {
  const offer = await askOffer(customer, amount);
  if (offer.status !== 200) return offer;
  return customer.post("/api/orders", { ...order(amount), receivingOfferId: offer.json.offerId });
}

/**
 * The order with an offer taken while no limit applied: what the placement
 * statement itself decides, past the payment step's early refusal.
 */
async function withOfferPastTheLimits(customer: Client, amount: string) {
  await raiseOrderLimits(testApp.db);
  const offer = await askOffer(customer, amount);
  await testApp.db.updateTable("site_settings").set(shippedSettings).where("id", "=", 1).execute();
  expect(offer.status, offer.text).toBe(200);
  return { ...order(amount), receivingOfferId: offer.json.offerId as string };
}

/** An order the placement statement alone judges (its offer was taken with no limit in force). */
async function placePastTheOffer(customer: Client, amount: string) {
  return customer.post("/api/orders", await withOfferPastTheLimits(customer, amount));
}

async function ordersOf(userId: string) {
  return testApp.db.selectFrom("orders").select("id").where("user_id", "=", userId).execute();
}

/** The customer's orders as placed `hours` earlier, in the orders and in what the limits count. */
async function ageOrders(userId: string, hours: number) {
  await sql`UPDATE orders SET created_at = created_at - make_interval(hours => ${hours})
    WHERE user_id = ${userId}`.execute(testApp.db);
  await sql`
    UPDATE customer_order_totals SET recent = coalesce((
      SELECT jsonb_object_agg((key::bigint - ${hours})::text, value)
      FROM jsonb_each(recent)), '{}')
    WHERE user_id = ${userId}`.execute(testApp.db);
}

async function setStatus(orderId: string, status: string) {
  const response = await admin.post(`/api/admin/orders/${orderId}/status`, { status });
  expect(response.status, response.text).toBe(200);
}

describe("GET /api/limits", () => {
  it("is refused without a session", async () => {
    const response = await createClient(testApp).get("/api/limits");
    expect(response.status).toBe(401);
  });

  it("shows a new customer their lower limits and what they can still buy", async () => {
    const customer = await signedInCustomer(testApp);
    const limits = await customer.get("/api/limits");
    expect(limits.status).toBe(200);
    expect(limits.json).toEqual({
      isVerified: false,
      isNewCustomer: true,
      isVerificationRequested: false,
      perOrderInr: "25000",
      perDayInr: "50000",
      perMonthInr: "500000",
      leftDayInr: "50000",
      leftMonthInr: "500000",
      canBuyInr: "25000",
      verifyUrl: "/verify",
    });
    expect((await place(customer, "20000")).status).toBe(201);
    const after = await customer.get("/api/limits");
    expect(after.json).toMatchObject({ leftDayInr: "30000", canBuyInr: "25000" });
    expect((await place(customer, "20000.50")).status).toBe(201);
    expect((await customer.get("/api/limits")).json).toMatchObject({ canBuyInr: "9999.5" });
  });
});

describe("unverified customers", () => {
  it("are refused an order over ₹50,000, at the payment step and at placement, with nothing written", async () => {
    const customer = await establishedCustomer();
    const offer = await askOffer(customer, "50000.01");
    expect(offer.status).toBe(422);
    expect(offer.json).toMatchObject({
      code: "ORDER_LIMIT_PER_ORDER",
      leftInr: "50000",
      limitInr: "50000",
      isNewCustomer: false,
      verifyUrl: "/verify",
    });
    expect(offer.json.error).toBe(
      "This order is over your limit of ₹50,000 per order. Verify your identity to raise your limits.",
    );
    const refused = await placePastTheOffer(customer, "50000.01");
    expect(refused.status).toBe(422);
    expect(refused.json.code).toBe("ORDER_LIMIT_PER_ORDER");
    expect(await ordersOf(customer.userId)).toEqual([]);
    expect((await place(customer, "50000")).status).toBe(201);
  });

  it("are refused past ₹1,00,000 in 24 hours, naming what is left, and count again a day later", async () => {
    const customer = await establishedCustomer();
    expect((await place(customer, "50000")).status).toBe(201);
    expect((await place(customer, "40000")).status).toBe(201);
    const early = await place(customer, "10000.01");
    expect(early.status).toBe(422);
    expect(early.json).toMatchObject({
      code: "ORDER_LIMIT_PER_DAY",
      leftInr: "10000",
      limitInr: "100000",
    });
    expect(early.json.error).toMatch(/₹10,000 left of your ₹1,00,000 per 24 hours/);
    // Past the payment step too: the statement counts what was placed.
    const late = await placePastTheOffer(customer, "10000.01");
    expect(late.status).toBe(422);
    expect(late.json.code).toBe("ORDER_LIMIT_PER_DAY");
    expect(await ordersOf(customer.userId)).toHaveLength(2);
    expect((await place(customer, "10000")).status).toBe(201);

    await ageOrders(customer.userId, 25);
    expect((await place(customer, "50000")).status).toBe(201);
  });

  it("are refused past ₹5,00,000 in 30 days; older orders no longer count", async () => {
    const customer = await establishedCustomer();
    for (let day = 0; day < 4; day++) {
      expect((await place(customer, "50000")).status).toBe(201);
      expect((await place(customer, "50000")).status).toBe(201);
      await ageOrders(customer.userId, 25); // each pair on a day of its own
    }
    expect((await place(customer, "50000")).status).toBe(201);
    expect((await place(customer, "50000")).status).toBe(201);
    await ageOrders(customer.userId, 25);
    const refused = await placePastTheOffer(customer, "0.01");
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({
      code: "ORDER_LIMIT_PER_MONTH",
      leftInr: "0",
      limitInr: "500000",
    });
    expect(refused.json.error).toMatch(/₹0 left of your ₹5,00,000 per 30 days/);
    // The first pair was placed 5 × 25 hours ago; a month later it is out of the window.
    await ageOrders(customer.userId, 30 * 24 - 5 * 25 + 1);
    expect((await customer.get("/api/limits")).json).toMatchObject({ leftMonthInr: "100000" });
    expect((await place(customer, "50000")).status).toBe(201);
  });

  it("get their room back when an order is cancelled, and lose it when it is restored", async () => {
    const customer = await establishedCustomer();
    const first = await place(customer, "50000");
    expect((await place(customer, "50000")).status).toBe(201);
    expect((await place(customer, "1")).status).toBe(422);
    await setStatus(first.json.id, "cancelled");
    expect((await customer.get("/api/limits")).json).toMatchObject({ leftDayInr: "50000" });
    await setStatus(first.json.id, "pending");
    expect((await customer.get("/api/limits")).json).toMatchObject({ leftDayInr: "0" });
    expect((await place(customer, "1")).status).toBe(422);
  });

  it("cannot have a cancelled order restored once its room went to another order", async () => {
    const customer = await establishedCustomer();
    const first = await place(customer, "50000");
    expect((await place(customer, "50000")).status).toBe(201);
    await setStatus(first.json.id, "cancelled");
    expect((await place(customer, "50000")).status).toBe(201);

    const restore = await admin.post(`/api/admin/orders/${first.json.id}/status`, {
      status: "pending",
    });
    expect(restore.status).toBe(422);
    expect(restore.json.code).toBe("ORDER_LIMIT_PER_DAY");
    const [stored] = await testApp.db
      .selectFrom("orders")
      .select("status")
      .where("id", "=", first.json.id)
      .execute();
    expect(stored?.status).toBe("cancelled");
    expect((await customer.get("/api/limits")).json).toMatchObject({ leftDayInr: "0" });
  });
});

describe("verified customers", () => {
  it("have the higher limits, with no new-customer limits", async () => {
    const customer = await signedInCustomer(testApp);
    await verify(customer.userId);
    expect((await customer.get("/api/limits")).json).toMatchObject({
      isVerified: true,
      isNewCustomer: false,
      perOrderInr: "1000000",
      perDayInr: "2500000",
      perMonthInr: "10000000",
    });
    // The site's own maximum per order still applies.
    await testApp.db
      .updateTable("site_settings")
      .set({ max_inr_amount: "2000000" })
      .where("id", "=", 1)
      .execute();
    expect((await place(customer, "1000000")).status).toBe(201);
    expect((await place(customer, "1000000")).status).toBe(201);
    const refused = await place(customer, "500000.01");
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({ code: "ORDER_LIMIT_PER_DAY", leftInr: "500000" });
  });
});

describe("new customers", () => {
  it("are held to ₹25,000 per order and ₹50,000 per 24 hours", async () => {
    const customer = await signedInCustomer(testApp);
    const tooLarge = await placePastTheOffer(customer, "25000.01");
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.json).toMatchObject({
      code: "ORDER_LIMIT_PER_ORDER",
      limitInr: "25000",
      isNewCustomer: true,
    });
    expect(tooLarge.json.error).toMatch(/over your limit of ₹25,000 per order as a new customer/);
    expect((await place(customer, "25000")).status).toBe(201);
    expect((await place(customer, "25000")).status).toBe(201);
    const overDay = await place(customer, "0.01");
    expect(overDay.status).toBe(422);
    expect(overDay.json).toMatchObject({
      code: "ORDER_LIMIT_PER_DAY",
      leftInr: "0",
      limitInr: "50000",
      isNewCustomer: true,
    });
  });

  it("stay new past the days until an order of theirs is completed", async () => {
    const customer = await signedInCustomer(testApp);
    const first = await place(customer, "10000");
    await testApp.db
      .updateTable("user")
      .set({ createdAt: sql<Date>`now() - interval '8 days'` })
      .where("id", "=", customer.userId)
      .execute();
    const stillNew = await placePastTheOffer(customer, "30000");
    expect(stillNew.status).toBe(422);
    expect(stillNew.json).toMatchObject({ code: "ORDER_LIMIT_PER_ORDER", isNewCustomer: true });

    await setStatus(first.json.id, "completed");
    expect((await customer.get("/api/limits")).json).toMatchObject({
      isNewCustomer: false,
      perOrderInr: "50000",
    });
    expect((await place(customer, "30000")).status).toBe(201);
  });

  it("are new for the days even with a completed order, and again when the completion is undone", async () => {
    const customer = await signedInCustomer(testApp);
    const first = await place(customer, "10000");
    await setStatus(first.json.id, "completed");
    expect((await customer.get("/api/limits")).json).toMatchObject({ isNewCustomer: true });
    // Moving the completed order back makes them new again, even after the days.
    await testApp.db
      .updateTable("user")
      .set({ createdAt: sql<Date>`now() - interval '8 days'` })
      .where("id", "=", customer.userId)
      .execute();
    expect((await customer.get("/api/limits")).json).toMatchObject({ isNewCustomer: false });
    await setStatus(first.json.id, "processing");
    expect((await customer.get("/api/limits")).json).toMatchObject({ isNewCustomer: true });
  });
});

describe("an operator's request for verification", () => {
  it("refuses the customer's next order whatever the amount, until they are verified", async () => {
    const customer = await establishedCustomer();
    const body = await withOfferPastTheLimits(customer, "100");
    // The operator's "Request verification" on the customer's details, then their submission.
    const request = await admin.post(`/api/admin/users/${customer.userId}/verification-request`, {
      note: "Large orders need your PAN card.",
    });
    expect(request.status, request.text).toBe(200);
    for (const status of ["requested", "submitted"] as const) {
      if (status === "submitted") await verify(customer.userId, status);
      const offer = await askOffer(customer, "100");
      expect(offer.status).toBe(403);
      expect(offer.json).toMatchObject({ code: "VERIFICATION_REQUESTED", verifyUrl: "/verify" });
      const refused = await customer.post("/api/orders", body);
      expect(refused.status).toBe(403);
      expect(refused.json.code).toBe("VERIFICATION_REQUESTED");
      expect(refused.json).toMatchObject({
        error: expect.stringMatching(/verify your identity before your next order/),
        verifyUrl: "/verify",
      });
      expect((await customer.get("/api/limits")).json).toMatchObject({
        isVerificationRequested: true,
        canBuyInr: "0",
      });
    }
    const adminOrder = await admin.post("/api/admin/orders", adminOrderInput(customer, "100"));
    expect(adminOrder.status).toBe(403);
    expect(adminOrder.json.error).toMatch(/Verification was requested from this customer/);
    expect(await ordersOf(customer.userId)).toEqual([]);

    await verify(customer.userId, "verified");
    expect((await customer.post("/api/orders", body)).status).toBe(201);
  });
});

function adminOrderInput(customer: Customer, sendAmount: string) {
  return {
    userEmail: customer.email,
    sendCurrency: "upi_inr",
    sendAmount,
    receiveCurrency: "usdt",
    receiveAmount: "1",
    walletAddress: TRON_WALLET,
    network: "trc20",
    paymentReference: nextReference(),
  };
}

describe("admin-placed orders", () => {
  it("are held to the customer's limits and count toward them", async () => {
    const customer = await establishedCustomer();
    const tooLarge = await admin.post("/api/admin/orders", adminOrderInput(customer, "50000.01"));
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.json).toMatchObject({ code: "ORDER_LIMIT_PER_ORDER", leftInr: "50000" });
    expect(tooLarge.json.error).toBe(
      "The customer's limits do not allow this order, over their limit of ₹50,000 per order.",
    );
    expect(await ordersOf(customer.userId)).toEqual([]);

    expect((await admin.post("/api/admin/orders", adminOrderInput(customer, "50000"))).status).toBe(
      201,
    );
    expect((await place(customer, "40000")).status).toBe(201);
    const overDay = await admin.post("/api/admin/orders", adminOrderInput(customer, "10000.01"));
    expect(overDay.status).toBe(422);
    expect(overDay.json.code).toBe("ORDER_LIMIT_PER_DAY");
    const customerOver = await place(customer, "10000.01");
    expect(customerOver.json).toMatchObject({ code: "ORDER_LIMIT_PER_DAY", leftInr: "10000" });
    expect(await ordersOf(customer.userId)).toHaveLength(2);
  });
});

describe("the amount after the offer", () => {
  it("cannot be changed to pass the limit: the offer is for its amount", async () => {
    const customer = await establishedCustomer();
    const offer = await askOffer(customer, "10000");
    expect(offer.status).toBe(200);
    const changed = await customer.post("/api/orders", {
      ...order("90000"),
      receivingOfferId: offer.json.offerId,
    });
    expect(changed.status).toBe(409);
    expect(changed.json.code).toBe("PAYMENT_OFFER_NOT_VALID");
    expect(await ordersOf(customer.userId)).toEqual([]);
  });

  it("is checked again at placement: room used after the offer is gone", async () => {
    const customer = await establishedCustomer();
    const offer = await askOffer(customer, "50000");
    expect(offer.status).toBe(200);
    expect((await place(customer, "40000")).status).toBe(201);
    await testApp.db
      .updateTable("site_settings")
      .set({ limit_day_inr: "80000" })
      .where("id", "=", 1)
      .execute();
    const refused = await customer.post("/api/orders", {
      ...order("50000"),
      receivingOfferId: offer.json.offerId,
    });
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({ code: "ORDER_LIMIT_PER_DAY", leftInr: "40000" });
  });
});

describe("orders racing past a limit", () => {
  it("let exactly one through when only one fits", async () => {
    const customer = await establishedCustomer();
    expect((await place(customer, "50000")).status).toBe(201);
    const bodies = [];
    for (let i = 0; i < 8; i++) bodies.push(await withOfferPastTheLimits(customer, `4000${i}`));
    const answers = await Promise.all(bodies.map((body) => customer.post("/api/orders", body)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      201, 422, 422, 422, 422, 422, 422, 422,
    ]);
    expect(await ordersOf(customer.userId)).toHaveLength(2);
  });

  it.runIf(isPostgresRun())(
    "let exactly one through from two processes' connections at once",
    async () => {
      for (let round = 0; round < 3; round++) {
        const customer = await establishedCustomer();
        expect((await place(customer, "50000")).status).toBe(201);
        const bodies = [];
        for (let i = 0; i < 6; i++) {
          bodies.push(await withOfferPastTheLimits(customer, `4000${i}`));
        }
        const outcomes = await placeThroughTwoProcesses(testApp, customer.userId, bodies);
        const placed = outcomes.filter((outcome) => outcome.status === "fulfilled");
        const refusals = outcomes.flatMap((outcome) =>
          outcome.status === "rejected" ? [outcome.reason] : [],
        );
        expect(placed).toHaveLength(1);
        expect(refusals.map((error) => (error as AppError).code)).toEqual(
          Array(5).fill("ORDER_LIMIT_PER_DAY"),
        );
        expect(await ordersOf(customer.userId)).toHaveLength(2);
        // The totals count the two orders, and nothing of the refused ones.
        const { rows } = await sql<{ counted: string; placed: string }>`
          SELECT (SELECT sum(value::numeric) FROM customer_order_totals, jsonb_each_text(recent)
                   WHERE user_id = ${customer.userId}) AS counted,
            (SELECT sum(send_amount) FROM orders WHERE user_id = ${customer.userId}) AS placed`.execute(
          testApp.db,
        );
        expect(new Decimal(rows[0]?.counted ?? "0").eq(rows[0]?.placed ?? "")).toBe(true);
      }
    },
  );
});
