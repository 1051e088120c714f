import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { Client } from "./actors";
import type { TestApp } from "./test-app";

/* Helpers for tests that need orders: placed through the customer API. */

export const TRON_WALLET = "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6";
/** A TRON transaction id from the TRON docs (domain-reference §4). */
export const TRON_TX_HASH = "01b4cde4197b9d1a1ff09ef5d2b1d939d3ec2401b3f002ebd0802c0f30a6e4ca";
export const ERC20_WALLET = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

let referenceCounter = 300_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;

/** A fresh 12-digit UPI reference. */
export function nextReference(): string {
  referenceCounter += 1;
  return String(referenceCounter);
}

/** A valid body for POST /api/orders at the default rate, with a fresh reference. */
export function orderInput(overrides: Record<string, unknown> = {}) {
  return {
    sendCurrency: "upi_inr",
    receiveCurrency: "usdt",
    network: "trc20",
    amount: "8600",
    walletAddress: TRON_WALLET,
    paymentReference: nextReference(),
    payerName: "Rahul Kumar",
    quotedRate: "86",
    ...overrides,
  };
}

/**
 * The order body with the payment step's offer in it, as the page sends it:
 * POST /api/orders/payment-offer for its method and amount first. When the
 * server shows no account (a bad amount, say), the body names an offer that
 * does not exist, so the order's own refusal is what the test sees.
 */
export async function withOffer<Body extends Record<string, unknown>>(
  customer: Client,
  body: Body,
): Promise<Body & { receivingOfferId: unknown }> {
  if ("receivingOfferId" in body) return body as Body & { receivingOfferId: unknown };
  const offer = await customer.post("/api/orders/payment-offer", {
    sendCurrency: body.sendCurrency,
    amount: body.amount,
    // The page names the payout network, which the treasury's pause judges.
    ...(body.receiveCurrency === "usdt" && body.network ? { network: body.network } : {}),
  });
  const receivingOfferId = offer.status === 200 ? offer.json.offerId : randomUUID();
  return { ...body, receivingOfferId };
}

/** POST /api/orders after the payment step, as the page does it. */
export async function postOrder(
  customer: Client,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
) {
  return customer.post("/api/orders", await withOffer(customer, body), headers);
}

/** Places an order as the customer, through POST /api/orders; returns its view. */
export async function placeOrder(customer: Client, overrides: Record<string, unknown> = {}) {
  const response = await postOrder(customer, orderInput(overrides));
  expect(response.status, response.text).toBe(201);
  return response.json as { id: string; shortId: string; paymentReference: string };
}

type CountedTable = "orders" | "order_events" | "audit_log" | "notification_outbox";

/** How many rows each table that an admin order action writes holds now. */
export async function countRows(testApp: TestApp): Promise<Record<CountedTable, number>> {
  const tables: CountedTable[] = ["orders", "order_events", "audit_log", "notification_outbox"];
  const counts = await Promise.all(
    tables.map(async (table) => {
      const row = await testApp.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as("count"))
        .executeTakeFirstOrThrow();
      return [table, Number(row.count)] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<CountedTable, number>;
}

/** The order's status as stored. */
export async function orderStatus(testApp: TestApp, orderId: string) {
  const row = await testApp.db
    .selectFrom("orders")
    .select("status")
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  return row.status;
}
