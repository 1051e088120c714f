import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type Client,
  freshEmail,
  insertVerifiedCustomers,
  signedInCustomer,
  verifiedCustomer,
} from "../../testing/actors";
import { insertUpiAccount, retireReceivingAccounts } from "../../testing/desk-accounts";
import { orderInput, placeOrder } from "../../testing/orders";
import { offerFor, setOfferSettings } from "../../testing/receiving-accounts";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createClient } from "../../testing/test-client";

/* Payment offers cannot pause the desk (docs/decisions/030). */

let testApp: TestApp;

const DEFAULTS = {
  max_inr_amount: "100000",
  offer_hold_new_customer_inr: "10000",
  offer_hold_cap_percent: 50,
  offer_alert_multiple: 3,
  offers_per_customer_per_hour: 60,
  offers_per_address_per_hour: 200,
};

beforeAll(async () => {
  testApp = await createTestApp({
    TELEGRAM_BOT_TOKEN: "42:holds",
    TELEGRAM_CHAT_ID: "-1",
    ADMIN_NOTIFY_EMAIL: "ops@rupeedesk.example",
  });
});
afterAll(() => testApp.close());
beforeEach(async () => {
  await retireReceivingAccounts(testApp.db);
  await setOfferSettings(testApp.db, DEFAULTS);
  await testApp.db.deleteFrom("payment_offer_windows").execute();
});

function askOffer(customer: Client, amount: string) {
  return customer.post("/api/orders/payment-offer", { sendCurrency: "upi_inr", amount });
}

async function reservedBy(offerId: string) {
  const offer = await testApp.db
    .selectFrom("receiving_account_offers")
    .select("held_inr")
    .where("id", "=", offerId)
    .executeTakeFirstOrThrow();
  return offer.held_inr;
}

/** What the account's open offers reserve and ask for together. */
async function openOffersOn(accountId: string) {
  return testApp.db
    .selectFrom("receiving_account_offers")
    .select([
      sql<string>`coalesce(sum(held_inr), 0)::text`.as("reserved"),
      sql<string>`coalesce(sum(send_amount), 0)::text`.as("asked"),
    ])
    .where("receiving_account_id", "=", accountId)
    .where("order_id", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirstOrThrow();
}

async function completedOrderOf(customer: Client, amount: string) {
  const order = await placeOrder(customer, { amount });
  await sql`UPDATE orders SET status = 'completed' WHERE id = ${order.id}`.execute(testApp.db);
}

describe("offers of customers who never paid", () => {
  it("cannot make an honest customer's offer fail on an account with room for both", async () => {
    const account = await insertUpiAccount(testApp.db, { daily_cap_inr: "200000" });
    // Before decision 030 the first two took the whole cap and everyone after was refused.
    const fresh = await Promise.all(Array.from({ length: 10 }, () => signedInCustomer(testApp)));
    for (const customer of fresh) expect((await askOffer(customer, "100000")).status).toBe(200);
    // The measured pair, and ten verified sign-ups asking for the most.
    for (const amount of ["99997", "90003"]) {
      expect((await askOffer(await signedInCustomer(testApp), amount)).status).toBe(200);
    }
    for (const id of await insertVerifiedCustomers(testApp.db, 10)) {
      await offerFor(testApp.db, id, { amount: "100000" });
    }
    // Unverified sign-ups reserve nothing; the verified ones at most half the cap.
    expect(await openOffersOn(account)).toEqual({ reserved: "100000.00", asked: "2190000.00" });

    const honest = await verifiedCustomer(testApp);
    const offer = await askOffer(honest, "5000");
    expect(offer.status, offer.text).toBe(200);
    const placed = await honest.post(
      "/api/orders",
      orderInput({ amount: "5000", receivingOfferId: offer.json.offerId }),
    );
    expect(placed.status, placed.text).toBe(201);
  });
});

describe("what an offer reserves", () => {
  it("follows the customer's history: nothing unverified, the new-customer hold, then their largest order", async () => {
    await insertUpiAccount(testApp.db);
    const unverified = await signedInCustomer(testApp);
    expect(await reservedBy((await askOffer(unverified, "40000")).json.offerId)).toBe("0.00");
    const verified = await verifiedCustomer(testApp);
    expect(await reservedBy((await askOffer(verified, "40000")).json.offerId)).toBe("10000.00");
    expect(await reservedBy((await askOffer(verified, "4000")).json.offerId)).toBe("4000.00");

    await completedOrderOf(verified, "30000");
    expect(await reservedBy((await askOffer(verified, "40000.50")).json.offerId)).toBe("30000.00");
    // A completed order counts for an unverified customer too; a cancelled one does not.
    await completedOrderOf(unverified, "20000");
    await sql`UPDATE orders SET status = 'cancelled' WHERE user_id = ${unverified.userId}`.execute(
      testApp.db,
    );
    expect(await reservedBy((await askOffer(unverified, "39000")).json.offerId)).toBe("0.00");
    await completedOrderOf(unverified, "20000");
    expect(await reservedBy((await askOffer(unverified, "40000.25")).json.offerId)).toBe(
      "20000.00",
    );

    await setOfferSettings(testApp.db, { offer_hold_new_customer_inr: "0" });
    const another = await verifiedCustomer(testApp);
    expect(await reservedBy((await askOffer(another, "5000")).json.offerId)).toBe("0.00");
  });

  it("stays within the share of the cap when 40 customers race, and that room is honoured", async () => {
    const account = await insertUpiAccount(testApp.db, { daily_cap_inr: "10000" });
    const ids = await insertVerifiedCustomers(testApp.db, 40);
    const results = await Promise.allSettled(
      ids.map((id) => offerFor(testApp.db, id, { amount: "1000" })),
    );
    // Everyone is shown where to pay; together they reserve exactly half the cap.
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(40);
    expect(await openOffersOn(account)).toEqual({ reserved: "5000.00", asked: "40000.00" });

    // The reserved half is kept for those customers: the other half is what is left.
    const late = (await insertVerifiedCustomers(testApp.db, 1))[0] as string;
    await expect(offerFor(testApp.db, late, { amount: "5000.01" })).rejects.toMatchObject({
      code: "NO_RECEIVING_ACCOUNT",
    });
    const offer = await offerFor(testApp.db, late, { amount: "5000" });
    expect(await reservedBy(offer.offerId)).toBe("0.00");
  });

  it("renews a re-shown offer's hold through the same share check as a new one", async () => {
    const account = await insertUpiAccount(testApp.db, { daily_cap_inr: "10000" });
    const [first, second] = (await insertVerifiedCustomers(testApp.db, 2)) as [string, string];
    const shown = await offerFor(testApp.db, first, { amount: "5000" });
    expect(await reservedBy(shown.offerId)).toBe("5000.00");
    // Its 30 minutes pass: the room goes to the next customer.
    await sql`UPDATE receiving_account_offers SET expires_at = now() - interval '1 minute'
      WHERE id = ${shown.offerId}`.execute(testApp.db);
    const next = await offerFor(testApp.db, second, { amount: "4000" });
    expect(await reservedBy(next.offerId)).toBe("4000.00");

    // Shown again on a reload, it keeps only what the share leaves beside the other offer.
    const again = await offerFor(testApp.db, first, { amount: "5000" });
    expect(again.offerId).toBe(shown.offerId);
    expect(again.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(await reservedBy(shown.offerId)).toBe("1000.00");
    expect(await openOffersOn(account)).toEqual({ reserved: "5000.00", asked: "9000.00" });
  });

  it("reserves nothing at a share of 0, and the whole amount at 100", async () => {
    await insertUpiAccount(testApp.db, { daily_cap_inr: "10000" });
    const [first, second] = (await insertVerifiedCustomers(testApp.db, 2)) as [string, string];
    await setOfferSettings(testApp.db, { offer_hold_cap_percent: 0 });
    const none = await offerFor(testApp.db, first, { amount: "6000" });
    expect(await reservedBy(none.offerId)).toBe("0.00");
    await setOfferSettings(testApp.db, {
      offer_hold_cap_percent: 100,
      offer_hold_new_customer_inr: "6000",
    });
    const whole = await offerFor(testApp.db, second, { amount: "6000" });
    expect(await reservedBy(whole.offerId)).toBe("6000.00");
  });
});

describe("how often offers may be asked for", () => {
  async function customerAt(address: string) {
    const client = createClient(testApp, address);
    const email = freshEmail("same-address");
    await client.signUp(email, "secret1");
    expect((await client.signIn(email, "secret1")).status).toBe(200);
    return client;
  }

  async function offerCount() {
    const rows = await testApp.db.selectFrom("receiving_account_offers").select("id").execute();
    return rows.length;
  }

  it("limits each customer, counting parallel requests, and writes no offer beyond it", async () => {
    await insertUpiAccount(testApp.db);
    await setOfferSettings(testApp.db, { offers_per_customer_per_hour: 3 });
    const customer = await signedInCustomer(testApp);
    const before = await offerCount();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => askOffer(customer, String(1000 + index))),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(9);
    expect(refused[0]?.json).toMatchObject({ code: "TOO_MANY_PAYMENT_OFFERS" });
    expect(refused[0]?.json.error).toMatch(/many times in the last hour/);
    expect(await offerCount()).toBe(before + 3);
    // Another customer is not held back by this one.
    expect((await askOffer(await signedInCustomer(testApp), "1000")).status).toBe(200);

    // An hour after the window began, it starts again.
    await sql`UPDATE payment_offer_windows SET window_started_at = now() - interval '61 minutes'`.execute(
      testApp.db,
    );
    expect((await askOffer(customer, "1000")).status).toBe(200);
  });

  it("limits each address, whoever is signed in there", async () => {
    await insertUpiAccount(testApp.db);
    await setOfferSettings(testApp.db, { offers_per_address_per_hour: 4 });
    const [first, second, third] = [
      await customerAt("10.77.0.1"),
      await customerAt("10.77.0.1"),
      await customerAt("10.77.0.2"),
    ];
    for (const customer of [first, first, second, second]) {
      expect((await askOffer(customer, "1000")).status).toBe(200);
    }
    const before = await offerCount();
    expect((await askOffer(second, "2000")).status).toBe(429);
    expect(await offerCount()).toBe(before);
    expect((await askOffer(third, "2000")).status).toBe(200);
  });
});

describe("the operators' notice", () => {
  async function idleOfferNotices() {
    return testApp.db
      .selectFrom("notification_outbox")
      .select(["channel", "payload"])
      .where("topic", "=", "receiving_account.idle_offers")
      .orderBy("id")
      .execute();
  }

  it("comes once a day when open offers ask for far more than the account takes", async () => {
    await testApp.db.deleteFrom("receiving_account_offer_alerts").execute();
    await insertUpiAccount(testApp.db, { label: "Idle UPI" });
    // The threshold: 1 × (today's orders + the largest order, ₹1,00,000).
    await setOfferSettings(testApp.db, { offer_alert_multiple: 1 });
    const before = (await idleOfferNotices()).length;
    const paying = await signedInCustomer(testApp);
    await placeOrder(paying, { amount: "10000" });
    expect((await askOffer(await signedInCustomer(testApp), "60000")).status).toBe(200);
    expect((await askOffer(await signedInCustomer(testApp), "50000")).status).toBe(200);
    expect(await idleOfferNotices()).toHaveLength(before);

    expect((await askOffer(await signedInCustomer(testApp), "1000")).status).toBe(200);
    const notices = (await idleOfferNotices()).slice(before);
    expect(notices.map((notice) => notice.channel).sort()).toEqual(["email", "telegram"]);
    expect(JSON.stringify(notices[0]?.payload)).toContain(
      'Open payment offers on receiving account \\"Idle UPI\\" ask for ₹111000, while it took ₹10000 today',
    );

    expect((await askOffer(await signedInCustomer(testApp), "90000")).status).toBe(200);
    expect(await idleOfferNotices()).toHaveLength(before + 2);
  });
});
