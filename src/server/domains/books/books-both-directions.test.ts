import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { insertUpiAccount } from "../../testing/desk-accounts";
import { insertSale } from "../../testing/sales";
import { createTestApp, type TestApp } from "../../testing/test-app";

/*
 * The books in both directions (issue 44): beside the USDT the desk sold (completed
 * orders), the USDT it bought from customers (sell orders paid, and received), per
 * day, per account and per network, each side's spread, and the weighted-average
 * cost taking the coins bought from customers at the rupees paid for them.
 */

const IST_MS = 330 * 60_000;
const indiaDay = (at: Date) => new Date(at.getTime() + IST_MS).toISOString().slice(0, 10);
const today = indiaDay(new Date());
const yesterday = indiaDay(new Date(Date.now() - 86_400_000));
/** Noon of an India day: far from its edges. */
const noonOf = (day: string) => new Date(Date.parse(`${day}T12:00:00+05:30`));

let testApp: TestApp;
let admin: Client;
let accountId: string;
let accountLabel: string;

async function books(from = yesterday, to = today) {
  const answer = await admin.get(`/api/admin/books?from=${from}&to=${to}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.json;
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
  const customer = await signedInCustomer(testApp);
  accountId = await insertUpiAccount(testApp.db);
  accountLabel = (
    await testApp.db
      .selectFrom("receiving_accounts")
      .select("label")
      .where("id", "=", accountId)
      .executeTakeFirstOrThrow()
  ).label;
  // Yesterday: 100 USDT bought at 85 (paid), 50 more received and not paid yet.
  await insertSale(testApp.db, customer, {
    depositUsdt: "100",
    buyRate: "85",
    status: "paid",
    depositAddress: "TDeskWallet",
    receivedAt: noonOf(yesterday),
    paid: { utr: "512300000001", fromAccountId: accountId, at: noonOf(yesterday) },
  });
  await insertSale(testApp.db, customer, {
    depositUsdt: "50",
    buyRate: "85",
    status: "received",
    depositAddress: "TDeskWallet",
    receivedAt: noonOf(yesterday),
  });
  // Never received: counts nowhere.
  await insertSale(testApp.db, customer, {
    depositUsdt: "70",
    status: "expired",
    depositAddress: "TDeskWallet",
    expiresAt: noonOf(yesterday),
  });
  // Today: 200 USDT bought at 86 on BEP20, and 100 USDT sold at 90 on TRC20.
  await insertSale(testApp.db, customer, {
    network: "bep20",
    depositUsdt: "200",
    buyRate: "86",
    status: "paid",
    depositAddress: "0xDeskWallet",
    receivedAt: noonOf(today),
    paid: { utr: "512300000002", fromAccountId: accountId, at: new Date() },
  });
  await sql`
    INSERT INTO orders (user_id, user_email, send_currency, send_amount, receive_currency,
      receive_amount, exchange_rate, network, wallet_address, payment_reference, status,
      receiving_account_id, created_at)
    VALUES (${customer.userId}, ${customer.email}, 'upi_inr', 9000, 'usdt', 100, 90, 'trc20',
      'TWalletOfTheBuyer', 'BOTH-1', 'completed', ${accountId}::uuid, now())`.execute(testApp.db);
  await testApp.foldOrderTotals();
  // The account's statement shows today's payment leaving it.
  const { id: importId } = await testApp.db
    .insertInto("statement_imports")
    .values({
      receiving_account_id: accountId,
      file_name: "statement.csv",
      first_value_date: today,
      last_value_date: today,
      credits_read: 0,
      credits_added: 0,
      debits_read: 1,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await testApp.db
    .insertInto("statement_debits")
    .values({
      receiving_account_id: accountId,
      import_id: importId,
      line_number: 1,
      value_date: today,
      amount: "17200.00",
      narration: "UPI/DR/512300000002/RAHUL KUMAR",
      line_key: "512300000002",
      reference: "512300000002",
    })
    .execute();
});
afterAll(() => testApp.close());

describe("the books of both directions", () => {
  it("shows each day's USDT bought and received beside the USDT sold, and each side's spread", async () => {
    const { days, totals } = await books();
    expect(days).toEqual([
      expect.objectContaining({
        date: yesterday,
        orders: 0,
        usdt: "0.0000",
        sellOrders: 1,
        usdtBought: "100.0000",
        inrPaid: "8500.00",
        averageBuyRate: "85.0000",
        // Nothing sold that day: no selling rate to value the coins at.
        buySpreadInr: null,
        usdtReceived: "150.0000",
      }),
      expect.objectContaining({
        date: today,
        orders: 1,
        inr: "9000.00",
        usdt: "100.0000",
        averageRate: "90.0000",
        // The stock: 100 at 85 and 200 at 86, 300 USDT for 25,700 rupees; 100 sold at
        // that average cost 8,566.67.
        costInr: "8566.67",
        uncostedUsdt: "0.0000",
        marginInr: "433.33",
        sellOrders: 1,
        usdtBought: "200.0000",
        inrPaid: "17200.00",
        averageBuyRate: "86.0000",
        // 200 USDT at today's selling rate of 90, less the 17,200 paid.
        buySpreadInr: "800.00",
        usdtReceived: "200.0000",
      }),
    ]);
    expect(totals).toMatchObject({
      sellOrders: 2,
      usdtBought: "300.0000",
      inrPaid: "25700.00",
      // Rates to 4 places, rounded down as every rate of the books.
      averageBuyRate: "85.6666",
      buySpreadInr: "1300.00",
      averageCost: "85.6667",
      spreadPerUsdt: "4.3333",
      buySpreadPerUsdt: "4.3334",
      usdtReceived: "350.0000",
    });
  });

  it("counts USDT bought from customers in the stock, at the rupees paid", async () => {
    const { stock } = await books();
    expect(stock).toEqual({ usdt: "200.0000", costInr: "17133.33" });
    // The day before anything was bought: nothing in stock.
    const before = await books(yesterday, yesterday);
    expect(before.stock).toEqual({ usdt: "100.0000", costInr: "8500.00" });
  });

  it("shows rupees in and out per account, beside the statement's credits and debits", async () => {
    const { accounts } = await books();
    expect(accounts).toEqual([
      {
        date: yesterday,
        accountId,
        accountLabel,
        orders: 0,
        ordersInr: "0.00",
        statementInr: null,
        payouts: 1,
        paidOutInr: "8500.00",
        statementDebitInr: null,
      },
      {
        date: today,
        accountId,
        accountLabel,
        orders: 1,
        ordersInr: "9000.00",
        statementInr: null,
        payouts: 1,
        paidOutInr: "17200.00",
        statementDebitInr: "17200.00",
      },
    ]);
  });

  it("shows USDT in and out per network", async () => {
    const { networks } = await books();
    const figures = networks.map((row: Record<string, unknown>) => ({
      date: row.date,
      network: row.network,
      orders: row.orders,
      usdt: row.usdt,
      deposits: row.deposits,
      usdtIn: row.usdtIn,
    }));
    expect(figures).toEqual([
      {
        date: yesterday,
        network: "trc20",
        orders: 0,
        usdt: "0.0000",
        deposits: 2,
        usdtIn: "150.0000",
      },
      { date: today, network: "bep20", orders: 0, usdt: "0.0000", deposits: 1, usdtIn: "200.0000" },
      { date: today, network: "trc20", orders: 1, usdt: "100.0000", deposits: 0, usdtIn: "0.0000" },
    ]);
  });

  it("shows no TDS when no sale paid was taxed (tds-figures.test.ts has taxed ones)", async () => {
    expect((await books()).tds).toEqual({
      deductedInr: "0.00",
      depositedInr: "0.00",
      interestAndFeesInr: "0.00",
      payableInr: "0.00",
    });
  });

  it("exports both directions", async () => {
    const answer = await admin.get(
      `/api/admin/books/export.csv?from=${yesterday}&to=${today}&view=accounts`,
    );
    expect(answer.status).toBe(200);
    const [header, , todayLine] = answer.text.trim().split("\r\n");
    expect(header).toContain("INR Paid Out");
    expect(header).toContain("INR Debited on Statement");
    expect(todayLine).toContain("17200.00");
  });
});
