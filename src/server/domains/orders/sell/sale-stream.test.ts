import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInCustomer } from "../../../testing/actors";
import { TEST_ORIGIN } from "../../../testing/origin";
import { startDepositDesk } from "../../../testing/sale-deposits";
import { readEvents } from "../../../testing/sse";
import type { TestApp } from "../../../testing/test-app";
import { createClient } from "../../../testing/test-client";

/*
 * The customer's sell order page updates by itself: its stream sends the order's status
 * and deposit now, then after each change the watcher (or an operator) makes.
 */

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
let testApp: TestApp;
let desk: Awaited<ReturnType<typeof startDepositDesk>>;
let customer: Customer;

beforeAll(async () => {
  desk = await startDepositDesk();
  testApp = desk.testApp;
  customer = await signedInCustomer(testApp);
});
afterAll(() => desk.close());

function openStream(client: Client, orderId: string) {
  return testApp.app.request(`/api/sell-orders/${orderId}/events`, {
    headers: {
      origin: TEST_ORIGIN,
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    },
  });
}

async function nextState(events: ReturnType<typeof readEvents>) {
  const message = await events.next();
  expect(message.event).toBe("status");
  return JSON.parse(message.data);
}

describe("the live sell order", () => {
  it("sends its status, then its deposit seen and deepening, then received", async () => {
    const order = await desk.orderFor(customer, "301.15");
    const response = await openStream(customer, order.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/event-stream/);
    const events = readEvents(response);
    expect(await nextState(events)).toEqual({
      orderId: order.id,
      status: "awaiting_deposit",
      deposit: null,
    });

    const hash = desk.deposit("301.15");
    await desk.pass();
    expect(await nextState(events)).toEqual({
      orderId: order.id,
      status: "awaiting_deposit",
      deposit: { txHash: hash, confirmations: 1, confirmationsNeeded: 5, isFinal: false },
    });
    await desk.pass(2);
    expect((await nextState(events)).deposit).toMatchObject({ confirmations: 3, isFinal: false });
    const read = await customer.get(`/api/sell-orders/${order.id}`);
    expect(read.status, read.text).toBe(200);
    expect(read.json).toMatchObject({
      status: "awaiting_deposit",
      deposit: { txHash: hash, confirmations: 3, confirmationsNeeded: 5, isFinal: false },
    });
    await desk.pass(2);
    expect(await nextState(events)).toEqual({
      orderId: order.id,
      status: "received",
      deposit: { txHash: hash, confirmations: 5, confirmationsNeeded: 5, isFinal: true },
    });
    await events.close();
  });

  it("hears of a status change another part of the desk announces (the payout queue's Paid)", async () => {
    const order = await desk.orderFor(customer, "302.15");
    const events = readEvents(await openStream(customer, order.id));
    await nextState(events);
    const paid = await testApp.db
      .updateTable("sell_orders")
      .set({
        status: "paid",
        received_at: sql<Date>`now()`,
        paid_utr: "412345678901",
        paid_at: sql<Date>`now()`,
      })
      .where("id", "=", order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await testApp.announcer.announceSale(paid);
    expect(await nextState(events)).toMatchObject({ orderId: order.id, status: "paid" });
    await events.close();
  });

  it("shows an order past its time as expired, never a countdown that ran out", async () => {
    const order = await desk.orderFor(customer, "303.15");
    await desk.runOutOfTime(order.id);
    const events = readEvents(await openStream(customer, order.id));
    expect(await nextState(events)).toEqual({
      orderId: order.id,
      status: "expired",
      deposit: null,
    });
    await events.close();
    const written = await testApp.db
      .selectFrom("sell_order_events")
      .select(["actor_role", "to_status"])
      .where("sell_order_id", "=", order.id)
      .execute();
    expect(written).toEqual([{ actor_role: "system", to_status: "expired" }]);
  });

  it("hears of its expiry when the customer's next sale expires it", async () => {
    await testApp.db
      .updateTable("site_settings")
      .set({ buy_rate: "85", buy_networks: ["bep20"], sell_min_usdt: "10", tds_deducts: false })
      .execute();
    const order = await desk.orderFor(customer, "305.15");
    const events = readEvents(await openStream(customer, order.id));
    expect((await nextState(events)).status).toBe("awaiting_deposit");
    await desk.runOutOfTime(order.id);

    const destination = await customer.post("/api/account/payout-destinations", {
      kind: "upi",
      holderName: "Ravi Kumar",
      upiId: `ravi.${Date.now()}@okaxis`,
    });
    expect(destination.status, destination.text).toBe(201);
    // The day's limit counts the customer's sales not expired: the overdue one is expired on the way.
    const placed = await customer.post("/api/sell-orders", {
      network: "bep20",
      usdtAmount: "306",
      quotedBuyRate: "85",
      destinationId: destination.json.id,
    });
    expect(placed.status, placed.text).toBe(201);
    expect(await nextState(events)).toEqual({
      orderId: order.id,
      status: "expired",
      deposit: null,
    });
    await events.close();
  });

  it("is the owner's only: another customer's id, an unknown one or no session is refused", async () => {
    const order = await desk.orderFor(customer, "304.15");
    const stranger = await signedInCustomer(testApp);
    expect((await openStream(stranger, order.id)).status).toBe(404);
    expect((await openStream(customer, crypto.randomUUID())).status).toBe(404);
    expect((await openStream(customer, "not-an-id")).status).toBe(404);
    expect((await openStream(createClient(testApp), order.id)).status).toBe(401);
  });
});
