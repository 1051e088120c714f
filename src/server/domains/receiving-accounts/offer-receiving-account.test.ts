import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type Client,
  insertVerifiedCustomers,
  signedInCustomer,
  verifiedCustomer,
} from "../../testing/actors";
import {
  insertBankAccount,
  insertUpiAccount,
  retireReceivingAccounts,
} from "../../testing/desk-accounts";
import { countRows, orderInput } from "../../testing/orders";
import { isPostgresRun } from "../../testing/postgres";
import { offerFor, setOfferSettings } from "../../testing/receiving-accounts";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createClient } from "../../testing/test-client";

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
  // Rotation and caps: offers of verified customers reserve their whole amount here.
  // What an offer may reserve is src/server/domains/receiving-accounts/offer-holds.test.ts's.
  await setOfferSettings(testApp.db, { offer_hold_cap_percent: 100 });
});
afterAll(() => testApp.close());
beforeEach(() => retireReceivingAccounts(testApp.db));

async function upiAccounts(caps: (string | null)[]) {
  return Promise.all(caps.map((cap) => insertUpiAccount(testApp.db, { daily_cap_inr: cap })));
}

/** The payment step as the page asks for it. */
function askOffer(customer: Client, amount: string, sendCurrency = "upi_inr") {
  return customer.post("/api/orders/payment-offer", { sendCurrency, amount });
}

async function accountShown(customer: Client, amount: string) {
  const response = await askOffer(customer, amount);
  expect(response.status, response.text).toBe(200);
  const { upiId } = response.json.account;
  const row = await testApp.db
    .selectFrom("receiving_accounts")
    .select("id")
    .where("upi_id", "=", upiId)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("POST /api/orders/payment-offer", () => {
  it("takes turns over three accounts, skips a full one, and refuses plainly when all are full", async () => {
    const [first, second, third] = await upiAccounts(["10000", "5000", "10000"]);
    const customers = await Promise.all(Array.from({ length: 6 }, () => verifiedCustomer(testApp)));
    const turns = [];
    for (const customer of customers.slice(0, 3)) turns.push(await accountShown(customer, "5000"));
    expect(new Set(turns)).toEqual(new Set([first, second, third]));

    // The second account is full; the other two each have 5000 left.
    const next = [
      await accountShown(customers[3] as Client, "5000"),
      await accountShown(customers[4] as Client, "5000"),
    ];
    expect(new Set(next)).toEqual(new Set([first, third]));

    const refused = await askOffer(customers[5] as Client, "1");
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("NO_RECEIVING_ACCOUNT");
    expect(refused.json.error).toMatch(/^Payments of this amount by UPI are paused for today\./);
    expect(refused.json.account).toBeUndefined();
    expect(
      await testApp.db.selectFrom("receiving_account_offers").select("id").execute(),
    ).toHaveLength(5);
  });

  it("never goes over the cap when 50 customers race for room for 10", async () => {
    const [account] = await upiAccounts(["10000"]);
    const userIds = await insertVerifiedCustomers(testApp.db, 50);
    const results = await Promise.allSettled(
      userIds.map((userId) => offerFor(testApp.db, userId, { amount: "1000" })),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(10);
    const held = await testApp.db
      .selectFrom("receiving_account_offers")
      .select((eb) => eb.fn.sum<string>("send_amount").as("total"))
      .where("receiving_account_id", "=", account ?? "")
      .executeTakeFirstOrThrow();
    expect(held.total).toBe("10000.00");
  });

  it("offers no paused or retired account, none above its per-order maximum, none of another method", async () => {
    const customer = await signedInCustomer(testApp);
    await insertUpiAccount(testApp.db, { paused: true });
    await insertUpiAccount(testApp.db, { retired_at: new Date() });
    await insertUpiAccount(testApp.db, { per_order_max_inr: "5000" });
    await insertBankAccount(testApp.db, { send_methods: ["bank"] });
    expect((await askOffer(customer, "6000")).json.code).toBe("NO_RECEIVING_ACCOUNT");
    const cash = await askOffer(customer, "6000", "cash_inr");
    expect(cash.status).toBe(409);
    expect(cash.json.error).toMatch(/by cash deposit are paused/);
    expect((await askOffer(customer, "5000")).status).toBe(200);
  });

  it("shows a customer the same account again on a reload, even after it was paused", async () => {
    const [firstAccount] = await upiAccounts([null, null]);
    const customer = await signedInCustomer(testApp);
    const shown = await askOffer(customer, "2500");
    await testApp.db
      .updateTable("receiving_accounts")
      .set({ paused: true })
      .where("upi_id", "=", shown.json.account.upiId)
      .execute();
    const again = await askOffer(customer, "2500");
    expect(again.json.offerId).toBe(shown.json.offerId);
    expect(again.json.account).toEqual(shown.json.account);
    // Another customer is not shown the paused one.
    const other = await askOffer(await signedInCustomer(testApp), "2500");
    expect(other.json.account.upiId).not.toBe(shown.json.account.upiId);
    expect(firstAccount).toBeDefined();
  });

  it("keeps one open offer per customer and method: a new amount frees the old one's room", async () => {
    await upiAccounts(["3000"]);
    const customer = await verifiedCustomer(testApp);
    expect((await askOffer(customer, "3000")).status).toBe(200);
    expect((await askOffer(customer, "2000")).status).toBe(200);
    // The first offer no longer holds 3000: another customer gets the 1000 left.
    expect((await askOffer(await signedInCustomer(testApp), "1000")).status).toBe(200);
  });

  it("refuses bad input, amounts outside the limits and strangers, and holds nothing", async () => {
    await upiAccounts([null]);
    const customer = await signedInCustomer(testApp);
    const offersBefore = await testApp.db
      .selectFrom("receiving_account_offers")
      .select("id")
      .execute();
    const cases = [
      [{ sendCurrency: "upi_inr", amount: "12.345" }, 400, /at most 2 decimals/],
      [{ sendCurrency: "gold", amount: "100" }, 400, /./],
      [{ sendCurrency: "upi_inr" }, 400, /./],
      [{ sendCurrency: "upi_inr", amount: "100001" }, 400, /Amount Too High/],
    ] as const;
    for (const [body, status, message] of cases) {
      const response = await customer.post("/api/orders/payment-offer", body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.json.error).toMatch(message);
    }
    expect((await askOffer(createClient(testApp), "100")).status).toBe(401);
    expect(
      await testApp.db.selectFrom("receiving_account_offers").select("id").execute(),
    ).toHaveLength(offersBefore.length);
  });
});

describe("an order and the account it was shown", () => {
  it("records the offered account, even one paused since, and uses the offer once", async () => {
    const [account] = await upiAccounts([null]);
    const customer = await signedInCustomer(testApp);
    const offer = await askOffer(customer, "8600");
    await testApp.db.updateTable("receiving_accounts").set({ paused: true }).execute();

    const placed = await customer.post(
      "/api/orders",
      orderInput({ receivingOfferId: offer.json.offerId }),
    );
    expect(placed.status, placed.text).toBe(201);
    const stored = await testApp.db
      .selectFrom("orders")
      .select(["receiving_account_id", "receiving_offer_id"])
      .where("id", "=", placed.json.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      receiving_account_id: account,
      receiving_offer_id: offer.json.offerId,
    });

    const before = await countRows(testApp);
    const again = await customer.post(
      "/api/orders",
      orderInput({ receivingOfferId: offer.json.offerId }),
    );
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("PAYMENT_OFFER_NOT_VALID");
    expect(await countRows(testApp)).toEqual(before);
  });

  it("refuses a forged offer: another customer's, unknown, or for another amount or method", async () => {
    await upiAccounts([null]);
    await insertBankAccount(testApp.db);
    const customer = await signedInCustomer(testApp);
    const stranger = await signedInCustomer(testApp);
    const strangers = (await askOffer(stranger, "8600")).json.offerId;
    const own = (await askOffer(customer, "8600")).json.offerId;
    const before = await countRows(testApp);
    const forged = [
      orderInput({ receivingOfferId: strangers }),
      orderInput({ receivingOfferId: randomUUID() }),
      orderInput({ receivingOfferId: own, amount: "9000" }),
      orderInput({
        receivingOfferId: own,
        sendCurrency: "bank_inr",
        paymentReference: "HDFCN52026112412345678",
      }),
    ];
    for (const body of forged) {
      const response = await customer.post("/api/orders", body);
      expect(response.status, response.text).toBe(409);
      expect(response.json.code).toBe("PAYMENT_OFFER_NOT_VALID");
      expect(response.json.error).toMatch(/press Place Order again/);
    }
    const missing = await customer.post("/api/orders", { ...orderInput(), receivingOfferId: "x" });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toMatch(/payment details you were shown are missing/);
    expect(await countRows(testApp)).toEqual(before);
  });

  it("counts a placed order toward the cap, and a cancelled one not", async () => {
    await upiAccounts(["10000"]);
    const customer = await signedInCustomer(testApp);
    const offer = await askOffer(customer, "8600");
    const placed = await customer.post(
      "/api/orders",
      orderInput({ receivingOfferId: offer.json.offerId }),
    );
    expect(placed.status).toBe(201);
    const late = await signedInCustomer(testApp);
    expect((await askOffer(late, "2000")).status).toBe(409);
    await sql`UPDATE orders SET status = 'cancelled' WHERE id = ${placed.json.id}`.execute(
      testApp.db,
    );
    expect((await askOffer(late, "2000")).status).toBe(200);
  });
});

// Two connections of the PostgreSQL server are needed to deadlock: PGlite has one.
describe.runIf(isPostgresRun())("a payment step in a deadlock", () => {
  it("is run again and answers, as PostgreSQL aborted it to let the other side finish", async () => {
    const [account] = await upiAccounts(["1000000"]);
    const customer = await verifiedCustomer(testApp);
    expect((await askOffer(customer, "5000")).status).toBe(200);
    const other = new pg.Client({ connectionString: testApp.databaseUrl });
    await other.connect();
    try {
      // The other side (an order being placed, say) holds the customer's offer, and
      // leaves the deadlock for the payment step's transaction to find.
      await other.query("SET deadlock_timeout = '1min'");
      await other.query("BEGIN");
      await other.query(
        "UPDATE receiving_account_offers SET expires_at = expires_at WHERE user_id = $1",
        [customer.userId],
      );
      // A new amount: the step locks the accounts, then waits for the old offer's row.
      const asking = askOffer(customer, "6000");
      await expect.poll(() => waitsForLock(other)).toBe(true);
      // Then the other side wants the account the step has locked.
      const otherLock = other.query("SELECT 1 FROM receiving_accounts WHERE id = $1 FOR UPDATE", [
        account,
      ]);
      await otherLock;
      await other.query("COMMIT");
      const answer = await asking;
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.account.upiId).toBeTruthy();
    } finally {
      await other.end();
    }
  });
});

/** Whether another connection than `client`'s waits for a row lock. */
async function waitsForLock(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
  );
  return rows[0].n > 0;
}
