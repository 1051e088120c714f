import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInCustomer } from "../../testing/actors";
import { placeOrder } from "../../testing/orders";
import { createTestApp, type TestApp } from "../../testing/test-app";

/* Large customers are identified (docs/decisions/041): the daily job's request. */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
  await setThreshold("10000");
});
afterAll(() => testApp.close());

let phones = 0;
/** A WhatsApp number of its own: the job counts the accounts of one number together. */
function freshPhone() {
  phones += 1;
  return `+9170000${String(phones).padStart(5, "0")}`;
}

async function setThreshold(inr: string) {
  await testApp.db
    .updateTable("site_settings")
    .set({ verify_above_year_inr: inr })
    .where("id", "=", 1)
    .execute();
}

/** A customer with orders of these rupees, placed now, on a number of their own unless given. */
async function customerWithOrders(amounts: string[], phone = freshPhone()) {
  const customer = await signedInCustomer(testApp, undefined, phone);
  const orders = [];
  for (const amount of amounts) orders.push(await placeOrder(customer, { amount }));
  return { customer, orders };
}

async function verificationOf(userId: string) {
  return testApp.db
    .selectFrom("customer_verifications")
    .select(["status", "requested_at", "requested_by"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

async function requestsOf(customer: Client & { userId: string; email: string }) {
  const audits = await testApp.db
    .selectFrom("audit_log")
    .select(["action", "actor_id", "details"])
    .where("target_id", "=", customer.userId)
    .where("action", "=", "verification.requested")
    .execute();
  const mails = await testApp.db
    .selectFrom("notification_outbox")
    .select("payload")
    .where("topic", "=", "verification.requested")
    .where(({ ref, eb }) => eb(ref("payload", "->>").key("to" as never), "=", customer.email))
    .execute();
  return { audits, mails: mails.map((mail) => JSON.stringify(mail.payload)) };
}

describe("a customer whose orders of the last 12 months reach the set amount", () => {
  it("is asked to verify once, in their language, and orders again only when verified", async () => {
    const large = await customerWithOrders(["6000", "5000"]);
    await testApp.db
      .updateTable("user")
      .set({ language: "hi", emailVerified: true })
      .where("id", "=", large.customer.userId)
      .execute();
    const small = await customerWithOrders(["8600"]);
    // A cancelled order and one placed over a year ago do not count.
    const cancelled = await customerWithOrders(["8600", "8600"]);
    await testApp.db
      .updateTable("orders")
      .set({ status: "cancelled" })
      .where("id", "=", cancelled.orders[0]?.id ?? "")
      .execute();
    const lastYear = await customerWithOrders(["8600", "8600"]);
    await testApp.db
      .updateTable("orders")
      .set({ created_at: sql<Date>`now() - interval '366 days'` })
      .where("id", "=", lastYear.orders[0]?.id ?? "")
      .execute();
    const verified = await customerWithOrders(["8600", "8600"]);
    await testApp.db
      .insertInto("customer_verifications")
      .values({ user_id: verified.customer.userId, status: "verified" })
      .execute();

    expect(await testApp.askLargeCustomersToVerify()).toEqual({ asked: 1 });

    expect(await verificationOf(large.customer.userId)).toMatchObject({
      status: "requested",
      requested_by: null,
    });
    const { audits, mails } = await requestsOf(large.customer);
    expect(audits).toEqual([
      {
        action: "verification.requested",
        actor_id: null,
        details: expect.objectContaining({
          yearTotal: { inr: "11000.00", thresholdInr: "10000.00" },
        }),
      },
    ]);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("पिछले 12 महीनों में आपके ऑर्डर ₹11,000.00 तक पहुँच गए हैं");
    for (const other of [small, cancelled, lastYear]) {
      expect(await verificationOf(other.customer.userId)).toBeUndefined();
    }
    expect(await verificationOf(verified.customer.userId)).toMatchObject({ status: "verified" });

    // Their next order waits for verification: the payment step says so before they pay.
    const refused = await large.customer.post("/api/orders/payment-offer", {
      sendCurrency: "upi_inr",
      amount: "100",
    });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: "VERIFICATION_REQUESTED", verifyUrl: "/verify" });

    // Asked already: the next run asks nobody, and writes no second mail.
    expect(await testApp.askLargeCustomersToVerify()).toEqual({ asked: 0 });
    expect((await requestsOf(large.customer)).mails).toHaveLength(1);
  });

  it("reads the amount from Settings: raised above the customer's year, nobody is asked", async () => {
    const customer = await customerWithOrders(["6000", "6000"]);
    await setThreshold("12000.01");
    expect(await testApp.askLargeCustomersToVerify()).toEqual({ asked: 0 });
    await setThreshold("12000");
    expect(await testApp.askLargeCustomersToVerify()).toEqual({ asked: 1 });
    expect(await verificationOf(customer.customer.userId)).toMatchObject({ status: "requested" });
  });
});

describe("accounts that share a WhatsApp number", () => {
  it("count together: each not yet verified is asked once the number's year reaches the amount", async () => {
    await setThreshold("10000");
    const phone = freshPhone();
    const first = await customerWithOrders(["6000"], phone);
    const second = await customerWithOrders(["5000"], phone);
    const noOrders = await customerWithOrders([], phone);
    const verified = await customerWithOrders(["100"], phone);
    await testApp.db
      .insertInto("customer_verifications")
      .values({ user_id: verified.customer.userId, status: "verified" })
      .execute();
    // The same amounts on numbers of their own: each alone under the amount.
    const alone = await customerWithOrders(["6000"]);
    await testApp.db
      .updateTable("user")
      .set({ emailVerified: true })
      .where("id", "in", [first.customer.userId, alone.customer.userId])
      .execute();

    expect(await testApp.askLargeCustomersToVerify()).toEqual({ asked: 3 });
    for (const linked of [first, second, noOrders]) {
      expect(await verificationOf(linked.customer.userId)).toMatchObject({ status: "requested" });
      const { audits } = await requestsOf(linked.customer);
      expect(audits[0]?.details).toMatchObject({
        yearTotal: { inr: "11100.00", thresholdInr: "10000.00", sharedPhoneAccounts: 4 },
      });
    }
    expect((await requestsOf(first.customer)).mails[0]).toContain(
      "The orders of the last 12 months of the RupeeDesk accounts with your WhatsApp number have reached ₹11,100.00 together.",
    );
    expect(await verificationOf(alone.customer.userId)).toBeUndefined();
    expect(await verificationOf(verified.customer.userId)).toMatchObject({ status: "verified" });
    expect(await testApp.askLargeCustomersToVerify()).toEqual({ asked: 0 });
  });
});
