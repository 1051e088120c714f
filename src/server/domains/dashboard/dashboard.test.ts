import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECEIVE_OPTIONS, SEND_OPTIONS } from "../../../shared/catalog";
import {
  TOTALS_INR_SENDS,
  TOTALS_USDT_RECEIVES,
} from "../../platform/db/migrations/0011-order-totals";
import type { OrderStatus } from "../../platform/db/schema";
import { signedInAdmin, signedInCustomer } from "../../testing/actors";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { foldOrderTotals } from "../orders/buy/order-totals";
import { getDashboardStats, SERIES_DAYS } from "./dashboard-stats";

let testApp: TestApp;
let customerId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  customerId = (await signedInCustomer(testApp)).userId;
});
afterAll(() => testApp.close());

async function seedOrder(order: {
  createdAt: string;
  status: OrderStatus;
  send: string;
  receive: string;
  sendCurrency?: string;
  receiveCurrency?: string;
}) {
  await testApp.db
    .insertInto("orders")
    .values({
      user_id: customerId,
      user_email: "seed@example.com",
      send_currency: order.sendCurrency ?? "upi_inr",
      send_amount: order.send,
      receive_currency: order.receiveCurrency ?? "usdt",
      receive_amount: order.receive,
      exchange_rate: "86",
      network: "trc20",
      wallet_address: "TXYZ",
      payment_reference: randomUUID(),
      status: order.status,
      created_at: new Date(order.createdAt),
    })
    .execute();
}

describe("dashboard figures", () => {
  // 12:00 in India on 15 March 2025; the India day began at 2025-03-14T18:30Z.
  const now = new Date("2025-03-15T06:30:00Z");

  beforeAll(async () => {
    // Today (India).
    await seedOrder({
      createdAt: "2025-03-15T00:00:00Z",
      status: "completed",
      send: "1000.50",
      receive: "11.6337",
    });
    await seedOrder({
      createdAt: "2025-03-14T18:30:00Z", // 00:00 India: the first instant of today
      status: "completed",
      send: "2000.25",
      receive: "23.2587",
      sendCurrency: "bank_inr",
      receiveCurrency: "binance_pay_usdt",
    });
    await seedOrder({
      createdAt: "2025-03-15T05:00:00Z",
      status: "pending",
      send: "99999",
      receive: "1162.77",
    });
    await seedOrder({
      createdAt: "2025-03-15T04:00:00Z",
      status: "cancelled",
      send: "77777",
      receive: "904.38",
    });
    await seedOrder({
      createdAt: "2025-03-15T03:00:00Z",
      status: "processing",
      send: "55555",
      receive: "646",
    });
    // Yesterday (India): 23:59:59 on 14 March.
    await seedOrder({
      createdAt: "2025-03-14T18:29:59Z",
      status: "completed",
      send: "300.00",
      receive: "3.4883",
    });
    // 13 March: INR in, but USD out (not USDT).
    await seedOrder({
      createdAt: "2025-03-13T10:00:00Z",
      status: "completed",
      send: "500.00",
      receive: "5.7558",
      receiveCurrency: "payeer_usd",
    });
    // 12 March: amounts that binary floats get wrong.
    await seedOrder({
      createdAt: "2025-03-12T10:00:00Z",
      status: "completed",
      send: "0.10",
      receive: "0.0001",
    });
    await seedOrder({
      createdAt: "2025-03-12T11:00:00Z",
      status: "completed",
      send: "0.20",
      receive: "0.0002",
    });
    // 9 March: the oldest day of the 7.
    await seedOrder({
      createdAt: "2025-03-09T00:00:00Z",
      status: "completed",
      send: "100.00",
      receive: "1.1627",
    });
    // 8 March: in the 14-day chart, not in the 7 days; the oldest pending order.
    await seedOrder({
      createdAt: "2025-03-08T12:00:00Z",
      status: "completed",
      send: "50.00",
      receive: "0.5813",
    });
    await seedOrder({
      createdAt: "2025-03-08T12:34:56Z",
      status: "pending",
      send: "10.00",
      receive: "0.1162",
    });
    // 1 March: before the chart.
    await seedOrder({
      createdAt: "2025-03-01T12:00:00Z",
      status: "completed",
      send: "12345.00",
      receive: "143.5465",
    });
  });

  it("counts users and orders by status", async () => {
    const stats = await getDashboardStats(testApp.db, { now });
    const users = await testApp.db
      .selectFrom("user")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    expect(stats.totalUsers).toBe(users.n);
    expect(stats.totalUsers).toBeGreaterThan(0);
    expect(stats.pendingOrders).toBe(2);
    expect(stats.completedOrders).toBe(9);
    expect(stats.oldestPendingAt).toBe("2025-03-08T12:34:56.000Z");
  });

  it("sums completed orders only, today and over 7 India days, as exact strings", async () => {
    const stats = await getDashboardStats(testApp.db, { now });
    expect(stats.today).toEqual({ inrReceived: "3000.75", usdtPaidOut: "34.8924" });
    // 3000.75 + 300.00 + 500.00 + 0.10 + 0.20 + 100.00; USD e-wallet payouts are not USDT.
    expect(stats.last7Days).toEqual({ inrReceived: "3901.05", usdtPaidOut: "39.5437" });
  });

  it("gives 14 India days, oldest first, with empty days as zero", async () => {
    const { series } = await getDashboardStats(testApp.db, { now });
    expect(series).toHaveLength(SERIES_DAYS);
    expect(series[0]?.date).toBe("2025-03-02");
    expect(series.at(-1)?.date).toBe("2025-03-15");
    const byDate = Object.fromEntries(series.map(({ date, ...rest }) => [date, rest]));
    expect(byDate).toMatchObject({
      "2025-03-15": { inr: "3000.75", usdt: "34.8924", orders: 2 },
      "2025-03-14": { inr: "300.00", usdt: "3.4883", orders: 1 },
      "2025-03-13": { inr: "500.00", usdt: "0.0000", orders: 1 },
      "2025-03-12": { inr: "0.30", usdt: "0.0003", orders: 2 },
      "2025-03-11": { inr: "0.00", usdt: "0.0000", orders: 0 },
      "2025-03-09": { inr: "100.00", usdt: "1.1627", orders: 1 },
      "2025-03-08": { inr: "50.00", usdt: "0.5813", orders: 1 },
      "2025-03-02": { inr: "0.00", usdt: "0.0000", orders: 0 },
    });
  });

  it("starts the India day at 18:30 UTC", async () => {
    const stats = await getDashboardStats(testApp.db, { now: new Date("2025-03-14T18:29:00Z") });
    expect(stats.series.at(-1)?.date).toBe("2025-03-14");
    // 300.00 at 23:59:59 India; the 00:00 order belongs to the next day.
    expect(stats.today).toEqual({ inrReceived: "300.00", usdtPaidOut: "3.4883" });
  });

  it("answers a stepped-up admin over HTTP, with today's orders in today's figures", async () => {
    const admin = await signedInAdmin(testApp);
    const before = await admin.get("/api/admin/dashboard");
    expect(before.status).toBe(200);
    await seedOrder({
      createdAt: new Date().toISOString(),
      status: "completed",
      send: "1234.56",
      receive: "14.3553",
    });
    const after = await admin.get("/api/admin/dashboard");
    expect(after.json.completedOrders).toBe(before.json.completedOrders + 1);
    expect(after.json.series).toHaveLength(SERIES_DAYS);
    expect(after.json.series.at(-1)).toMatchObject({
      inr: after.json.today.inrReceived,
      usdt: after.json.today.usdtPaidOut,
    });
    expect(after.json.today.inrReceived).toMatch(/^\d+\.\d{2}$/);
    expect(after.json.today.usdtPaidOut).toMatch(/^\d+\.\d{4}$/);
  });

  it("is for stepped-up admins only", async () => {
    const customer = await signedInCustomer(testApp);
    expect((await customer.get("/api/admin/dashboard")).status).toBe(403);
    const admin = await signedInAdmin(testApp, { isElevated: false });
    expect((await admin.get("/api/admin/dashboard")).status).toBe(403);
  });
});

describe("the per-day totals behind the dashboard", () => {
  it("count the same currencies as the catalog", () => {
    const inr = SEND_OPTIONS.filter((option) => option.symbol === "INR").map(({ id }) => id);
    const usdt = RECEIVE_OPTIONS.filter((option) => option.symbol === "USDT").map(({ id }) => id);
    expect(TOTALS_INR_SENDS).toEqual(inr);
    expect(TOTALS_USDT_RECEIVES).toEqual(usdt);
  });
});

describe("folding the per-day totals", () => {
  it("moves every change into the totals and leaves the dashboard's figures as they were", async () => {
    const before = await getDashboardStats(testApp.db);
    await foldOrderTotals(testApp.db);
    const changesLeft = await testApp.db.selectFrom("order_total_changes").select("id").execute();
    expect(changesLeft).toEqual([]);
    expect(await getDashboardStats(testApp.db)).toEqual(before);
  });
});
