import { sql } from "kysely";
import pino from "pino";
import PostalMime from "postal-mime";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderMessages } from "../../domains/orders/buy/order-messages";
import { accountSummaries } from "../../domains/receiving-accounts/receiving-account-summary";
import { signedInCustomer } from "../../testing/actors";
import { startFakeTelegram } from "../../testing/fake-telegram";
import { placeOrder, postOrder } from "../../testing/orders";
import { startSmtpServer } from "../../testing/smtp-server";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { OutboxWorker } from "./outbox-worker";

let telegram: Awaited<ReturnType<typeof startFakeTelegram>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let testApp: TestApp;

beforeAll(async () => {
  telegram = await startFakeTelegram();
  smtp = await startSmtpServer();
  testApp = await createTestApp({
    TELEGRAM_BOT_TOKEN: "123:test-token",
    TELEGRAM_CHAT_ID: "-100200300",
    TELEGRAM_API_URL: telegram.url,
    ADMIN_NOTIFY_EMAIL: "desk@rupeedesk.test",
    SMTP_URL: smtp.url,
  });
});
afterAll(async () => {
  await testApp.close();
  await telegram.close();
  await smtp.close();
});
beforeEach(() => {
  telegram.messages.length = 0;
  smtp.received.length = 0;
});

/** A signed-in customer whose address is verified (the verification itself is tested in auth). */
async function verifiedCustomer() {
  const customer = await signedInCustomer(testApp);
  await testApp.db
    .updateTable("user")
    .set({ emailVerified: true })
    .where("id", "=", customer.userId)
    .execute();
  return customer;
}

async function placeCustomerOrder() {
  const customer = await verifiedCustomer();
  const order = await placeOrder(customer);
  await testApp.settle(); // the sign-up verification mail, sent after the answer
  smtp.received.length = 0;
  return { customer, order };
}

async function mailSubjects() {
  const mails = await Promise.all(smtp.received.map((mail) => PostalMime.parse(mail.raw)));
  return mails.map((mail) => `${mail.to?.[0]?.address}: ${mail.subject}`).sort();
}

describe("order notifications", () => {
  it("tell the operators on Telegram and by e-mail, and the customer by e-mail, once each", async () => {
    const { customer, order } = await placeCustomerOrder();
    expect(await testApp.outbox.deliverDue()).toBe(3);

    expect(telegram.messages).toHaveLength(1);
    const [message] = telegram.messages;
    expect(message).toMatchObject({ token: "123:test-token", chatId: "-100200300" });
    expect(message?.text).toContain(`New order #${order.shortId}`);
    expect(message?.text).toContain(customer.email);
    expect(message?.text).toContain("₹8,600.00 by UPI INR");
    expect(message?.text).toContain("100.0000 USDT (TRC20)");
    expect(message?.text).toContain(order.paymentReference);
    expect(message?.text).toContain("Payer: Rahul Kumar");
    expect(message?.text).toContain(`http://localhost:3000/admin/orders?order=${order.id}`);
    expect(await mailSubjects()).toEqual([
      `${customer.email}: We received your order #${order.shortId}`,
      `desk@rupeedesk.test: New order #${order.shortId}: ₹8,600.00 by UPI INR`,
    ]);

    expect(await testApp.outbox.deliverDue()).toBe(0);
    expect(telegram.messages).toHaveLength(1);
    expect(smtp.received).toHaveLength(2);
  });

  it("tell the operators but do not mail a customer whose address is not verified", async () => {
    const customer = await signedInCustomer(testApp);
    await testApp.settle(); // the sign-up verification mail, sent after the answer
    smtp.received.length = 0;
    const order = await placeOrder(customer);
    expect(await testApp.outbox.deliverDue()).toBe(2);
    expect(telegram.messages).toHaveLength(1);
    expect(await mailSubjects()).toEqual([
      `desk@rupeedesk.test: New order #${order.shortId}: ₹8,600.00 by UPI INR`,
    ]);
  });

  it("retry with back-off when Telegram fails, and then deliver once", async () => {
    await placeCustomerOrder();
    telegram.failNext(1);
    expect(await testApp.outbox.deliverDue()).toBe(2); // both e-mails
    const pending = await testApp.db
      .selectFrom("notification_outbox")
      .selectAll()
      .where("sent_at", "is", null)
      .executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ channel: "telegram", attempts: 1 });
    expect(pending.last_error).toContain("Bad Gateway");
    expect(pending.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    expect(await testApp.outbox.deliverDue()).toBe(0); // not due yet

    await testApp.db
      .updateTable("notification_outbox")
      .set({ next_attempt_at: sql`now()` })
      .where("id", "=", pending.id)
      .execute();
    expect(await testApp.outbox.deliverDue()).toBe(1);
    expect(telegram.messages).toHaveLength(1);
  });

  it("are shared by several workers without a message sent twice", async () => {
    for (let i = 0; i < 5; i++) await placeCustomerOrder();
    const workers = [0, 1, 2].map(
      () =>
        new OutboxWorker({
          db: testApp.db,
          mailer: { send: async () => {} },
          telegram: { apiUrl: telegram.url, botToken: "123:test-token", chatId: "-100200300" },
          logger: pino({ level: "silent" }),
        }),
    );
    const sent = await Promise.all(workers.map((worker) => worker.deliverDue()));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(15);
    expect(telegram.messages).toHaveLength(5);
    expect(new Set(telegram.messages.map((m) => m.text)).size).toBe(5);
  });

  it("are not written for an order that was refused", async () => {
    const { order: used } = await placeCustomerOrder();
    const before = await testApp.db
      .selectFrom("notification_outbox")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .executeTakeFirstOrThrow();
    const customer = await signedInCustomer(testApp);
    const refused = await postOrder(customer, {
      sendCurrency: "upi_inr",
      receiveCurrency: "usdt",
      network: "trc20",
      amount: "8600",
      walletAddress: "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6",
      paymentReference: used.paymentReference,
      payerName: "Rahul Kumar",
      quotedRate: "86",
    });
    expect(refused.status).toBe(409);
    const after = await testApp.db
      .selectFrom("notification_outbox")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .executeTakeFirstOrThrow();
    expect(after.count).toBe(before.count);
  });

  it("queue the messages of the order as stored, whatever the amounts' shape", async () => {
    const customer = await verifiedCustomer();
    const orders = [
      await placeOrder(customer, { amount: "1234.5" }),
      await placeOrder(customer, {
        amount: "99999.99",
        receiveCurrency: "binance_pay_usdt",
        network: null,
        walletAddress: "123456789",
      }),
      // Into the bank account: its line is the bank, the number and the IFSC.
      await placeOrder(customer, { sendCurrency: "bank_inr", amount: "8600.5" }),
      await placeOrder(customer, {
        amount: "7",
        receiveCurrency: "payeer_usd",
        network: null,
        walletAddress: "P1000000",
      }),
    ];
    for (const placed of orders) {
      const stored = await testApp.db
        .selectFrom("orders")
        .selectAll()
        .where("id", "=", placed.id)
        .executeTakeFirstOrThrow();
      const queued = await testApp.db
        .selectFrom("notification_outbox")
        .select(["channel", "topic", "payload"])
        .where(sql<boolean>`payload::text LIKE ${`%${placed.shortId}%`}`)
        .orderBy("id")
        .execute();
      const expected = orderMessages(
        "placed",
        stored,
        {
          publicUrl: "http://localhost:3000",
          telegram: true,
          operatorEmail: "desk@rupeedesk.test",
        },
        { isEmailVerified: true, language: "en" },
        (await accountSummaries(testApp.db)).get(stored.receiving_account_id ?? ""),
      );
      expect(queued).toEqual(expected);
      expect(JSON.stringify(queued)).toMatch(/Paid into: (UPI|Bank) \d+ \(\w/);
    }
    await testApp.outbox.deliverDue();
  });
});
