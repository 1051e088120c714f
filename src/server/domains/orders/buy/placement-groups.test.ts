import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInCustomer } from "../../../testing/actors";
import {
  nextReference,
  orderInput,
  postOrder,
  TRON_WALLET,
  withOffer,
} from "../../../testing/orders";
import { offerFor } from "../../../testing/receiving-accounts";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { writeOrder } from "./order-placement-sql";
import type { OrderRow } from "./order-view";

let testApp: TestApp;

async function storedOrders(ids: string[]) {
  return testApp.db.selectFrom("orders").selectAll().where("id", "in", ids).execute();
}

/** An order ready to write, with its own offer, as placeOrder hands it over. */
async function candidate(userId: string, id: string, sendCurrency = "upi_inr") {
  const offer = await offerFor(testApp.db, userId, { sendCurrency, amount: "8600" });
  const now = new Date();
  const draft: OrderRow = {
    id,
    user_id: userId,
    user_email: "batch@example.com",
    payer_name: "Batch Payer",
    send_currency: sendCurrency,
    send_amount: "8600.00",
    receive_currency: "usdt",
    receive_amount: "100.0000",
    exchange_rate: "86.0000",
    network: "trc20",
    wallet_address: TRON_WALLET,
    payment_reference: nextReference(),
    status: "pending",
    payout_tx_hash: null,
    idempotency_key: null,
    receiving_account_id: null,
    receiving_offer_id: offer.offerId,
    created_at: now,
    updated_at: now,
  };
  return {
    draft,
    quotedRate: "86",
    isAdmin: false,
    isDeliverable: true,
    maxOrdersPerMinute: 20,
    signedUpAt: now,
    messages: [],
  };
}

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe("orders submitted in the same moment", () => {
  it("are each answered as they would be alone", async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, () => signedInCustomer(testApp)));
    const [first, second, third, fourth, fifth, sixth] = customers;
    if (!first || !second || !third || !fourth || !fifth || !sixth) throw new Error("No customers");
    const usedReference = nextReference();
    expect((await postOrder(first, orderInput({ paymentReference: usedReference }))).status).toBe(
      201,
    );
    const sharedReference = nextReference();

    // Each customer was shown where to pay first; the orders then arrive together.
    const submissions: [Client, Record<string, unknown>][] = [
      [first, orderInput()],
      [second, orderInput({ amount: "43" })],
      [third, orderInput({ quotedRate: "85" })],
      [fourth, orderInput({ paymentReference: usedReference })],
      [fifth, orderInput({ paymentReference: sharedReference })],
      [sixth, orderInput({ paymentReference: sharedReference })],
      [third, orderInput({ amount: "172" })],
      [fourth, orderInput({ amount: "100001" })],
    ];
    const bodies: Record<string, unknown>[] = [];
    for (const [customer, input] of submissions) bodies.push(await withOffer(customer, input));
    const [a, b, stale, reused, twinA, twinB, c, tooLarge] = await Promise.all(
      submissions.map(([customer], i) => customer.post("/api/orders", bodies[i])),
    );

    expect([a?.status, b?.status, c?.status]).toEqual([201, 201, 201]);
    expect(b?.json.receiveAmount).toBe("0.5000");
    expect(c?.json.receiveAmount).toBe("2.0000");
    expect(stale?.status).toBe(409);
    expect(stale?.json.code).toBe("RATE_CHANGED");
    expect(reused?.status).toBe(409);
    expect(reused?.json.code).toBe("PAYMENT_REFERENCE_USED");
    expect([twinA?.status, twinB?.status].sort()).toEqual([201, 409]);
    expect(tooLarge?.status).toBe(400);
    expect(tooLarge?.json.code).toBe("AMOUNT_TOO_HIGH");

    const placed = [a, b, c, twinA, twinB].filter((r) => r?.status === 201).map((r) => r?.json.id);
    const rows = await storedOrders(placed);
    expect(rows).toHaveLength(4);
    // Their sessions were read together too: each order is its own customer's.
    const ownerOf = (id: string) => rows.find((row) => row.id === id)?.user_id;
    expect([ownerOf(a?.json.id), ownerOf(b?.json.id), ownerOf(c?.json.id)]).toEqual([
      first.userId,
      second.userId,
      third.userId,
    ]);
    const events = await testApp.db
      .selectFrom("order_events")
      .select("order_id")
      .where("order_id", "in", placed)
      .execute();
    expect(events.map((event) => event.order_id).sort()).toEqual([...placed].sort());
    expect(
      await testApp.db
        .selectFrom("orders")
        .select("id")
        .where("payment_reference", "=", sharedReference)
        .execute(),
    ).toHaveLength(1);
  });

  it("share one statement when written in the same moment; a customer's second order waits for the next", async () => {
    const customers = await Promise.all(Array.from({ length: 2 }, () => signedInCustomer(testApp)));
    const [first, second] = customers.map((customer) => customer.userId);
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    // Every candidate is ready before the first is written, so they arrive in one moment.
    const ready = [
      await candidate(first ?? "", ids[0] ?? ""),
      await candidate(second ?? "", ids[1] ?? ""),
      // Another method, so that it has an offer of its own.
      await candidate(first ?? "", ids[2] ?? "", "bank_inr"),
    ];
    await Promise.all(ready.map((order) => writeOrder(testApp.db, order)));
    const rows = await storedOrders(ids);
    // now() is the statement's transaction time: orders of one statement share it.
    const placedAt = (id: string | undefined) =>
      rows.find((row) => row.id === id)?.created_at.getTime() ?? Number.NaN;
    expect(placedAt(ids[0])).toBe(placedAt(ids[1]));
    expect(placedAt(ids[2])).toBeGreaterThan(placedAt(ids[0]));
  });

  it("store one order for one key sent twice at once, and answer the second with it", async () => {
    const customer = await signedInCustomer(testApp);
    const input = await withOffer(customer, orderInput());
    const headers = { "idempotency-key": "same-moment-key-1" };
    const [first, second] = await Promise.all([
      customer.post("/api/orders", input, headers),
      customer.post("/api/orders", input, headers),
    ]);
    // Either may arrive first: one places the order, the other is answered with it.
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(second.json.id).toBe(first.json.id);
    const stored = await testApp.db
      .selectFrom("orders")
      .select("id")
      .where("payment_reference", "=", input.paymentReference)
      .execute();
    expect(stored).toHaveLength(1);
  });

  it("fail one by one when the database refuses one of them", async () => {
    const customers = await Promise.all(Array.from({ length: 3 }, () => signedInCustomer(testApp)));
    const goodIds = [randomUUID(), randomUUID()];
    // Every candidate is ready before the first is written, so all three share a round.
    const candidates = [
      await candidate(customers[0]?.userId ?? "", goodIds[0] ?? ""),
      await candidate(customers[1]?.userId ?? "", "not-a-uuid"),
      await candidate(customers[2]?.userId ?? "", goodIds[1] ?? ""),
    ];
    const results = await Promise.allSettled(
      candidates.map((ready) => writeOrder(testApp.db, ready)),
    );

    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(results[1]?.status === "rejected" && results[1].reason.code).toBe("22P02");
    expect((await storedOrders(goodIds)).map((row) => row.id).sort()).toEqual([...goodIds].sort());
  });
});
