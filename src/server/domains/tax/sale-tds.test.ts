import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { quoteSaleTds } from "../../../shared/sale-tds";
import {
  type Client,
  signedInAdmin,
  signedInCustomer,
  verifiedCustomer,
} from "../../testing/actors";
import { markVerified } from "../../testing/customer-records";
import { insertUpiAccount } from "../../testing/desk-accounts";
import { insertSale } from "../../testing/sales";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createClient, readLatestMail } from "../../testing/test-client";

/*
 * The tax of a sale at its placement (issue 53, decision 060): the server decides it from
 * the seller's consideration this financial year and their verified PAN, in the sale's
 * own query; the sale keeps it as placed.
 */

let testApp: TestApp;

const DESK_WALLET = "TDeskSellWa11etxxxxxxxxxxxxxxxxxxx";
const RATE = "100";

type Seller = Client & { userId: string; email: string; destinationId: string };

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

/** Every amount free again: a sale of 10 USDT is given 10.01. */
async function freeAmounts() {
  await testApp.db
    .updateTable("sell_orders")
    .set({ status: "expired" })
    .where("status", "=", "awaiting_deposit")
    .execute();
  await testApp.db.deleteFrom("sale_deposit_amounts").execute();
}

beforeEach(async () => {
  await freeAmounts();
  await testApp.db
    .updateTable("site_settings")
    .set({
      buy_rate: RATE,
      buy_networks: ["trc20"],
      sell_min_usdt: "1",
      sell_limit_order_inr: "1000000",
      sell_limit_day_inr: "10000000",
      verified_sell_limit_order_inr: "1000000",
      verified_sell_limit_day_inr: "10000000",
      sell_hold_other_names: false,
      sell_hold_first_sale: false,
      sell_hold_new_destination: false,
      maintenance_mode: false,
      tds_deducts: true,
      tds_deductor_kind: "tan_holder",
      tds_rate_percent: "1",
      tds_no_pan_rate_percent: "20",
      tds_threshold_inr: "10000",
      tds_specified_person_threshold_inr: "50000",
      tds_buys_without_pan: false,
    })
    .execute();
  await testApp.db
    .updateTable("treasury_networks")
    .set({ wallet_address: DESK_WALLET })
    .where("network", "=", "trc20")
    .execute();
});

let panCounter = 1000;

/** A seller with a payout account in their name, and a verified PAN unless told not. */
async function seller({ hasPan = true } = {}): Promise<Seller & { pan: string | null }> {
  const customer = await signedInCustomer(testApp);
  panCounter += 1;
  const pan = hasPan ? `ABCPV${panCounter}K` : null;
  if (pan) await markVerified(testApp.db, customer.userId, { pan });
  const added = await customer.post("/api/account/payout-destinations", {
    kind: "upi",
    holderName: "Asha Verma",
    upiId: `asha.tax.${panCounter}@okaxis`,
  });
  expect(added.status, added.text).toBe(201);
  return Object.assign(customer, { destinationId: added.json.id as string, pan });
}

/** A sale of `usdtAmount` at 100: its deposit amount is never whole (10 asks 10.01). */
const sell = (customer: Seller, usdtAmount: string, headers?: Record<string, string>) =>
  customer.post(
    "/api/sell-orders",
    { network: "trc20", usdtAmount, quotedBuyRate: RATE, destinationId: customer.destinationId },
    headers,
  );

/** A sale of this seller placed before (paid unless said), for `inr` whole rupees at 100. */
async function soldBefore(
  customer: Seller,
  inr: string,
  placedAt?: Date,
  status: "paid" | "awaiting_deposit" = "paid",
) {
  return insertSale(testApp.db, customer, {
    depositUsdt: (Number(inr) / 100).toFixed(2),
    buyRate: RATE,
    status,
    depositAddress: DESK_WALLET,
    destinationId: customer.destinationId,
    placedAt,
  });
}

const salesOf = (userId: string) =>
  testApp.db
    .selectFrom("sell_orders")
    .select(["id", "inr_amount", "tds_rate_percent", "tds_inr", "payout_inr", "seller_pan"])
    .where("user_id", "=", userId)
    .where("status", "=", "awaiting_deposit")
    .execute();

describe("the threshold", () => {
  it("takes no tax while the year's sales, this one included, stay at or below it", async () => {
    // A sale of 10 USDT is given 10.01 to send: ₹1,001.00 at 100.
    for (const [before, isTaxed] of [
      ["8998.00", false],
      ["8999.00", false],
      ["9000.00", true],
    ] as const) {
      await freeAmounts();
      const customer = await seller();
      await soldBefore(customer, before);
      const placed = await sell(customer, "10");
      expect(placed.status, placed.text).toBe(201);
      expect(placed.json.inrAmount).toBe("1001.00");
      if (isTaxed) {
        // ₹10,001 is above ₹10,000: the whole sale is taxed, 1% of 1,001.00 is 10.01, to 10.
        expect(placed.json.tds).toEqual({
          section: "194S",
          ratePercent: "1",
          inr: "10.00",
          withoutPan: false,
        });
        expect(placed.json.payoutInr).toBe("991.00");
      } else {
        expect(placed.json.tds, `after ₹${before}`).toBeNull();
        expect(placed.json.payoutInr).toBe("1001.00");
      }
    }
  });

  it("taxes the whole of the sale that passes it, rounded to the rupee, and pays the rest", async () => {
    const customer = await seller();
    await soldBefore(customer, "5000.00");
    // 123.45 USDT at 100: ₹12,345.00; 1% is 123.45, to 123.
    const placed = await sell(customer, "123.45");
    expect(placed.status, placed.text).toBe(201);
    expect(placed.json).toMatchObject({
      inrAmount: "12345.00",
      tds: { section: "194S", ratePercent: "1", inr: "123.00", withoutPan: false },
      payoutInr: "12222.00",
    });
    const [sale] = await salesOf(customer.userId);
    expect(sale).toMatchObject({ seller_pan: customer.pan, tds_inr: "123.00" });
  });

  it("rounds half a rupee up", async () => {
    const customer = await seller();
    await soldBefore(customer, "10000.00");
    // 148.5 USDT: ₹14,850.00; 1% is 148.50, to 149 (half to even would give 148).
    const placed = await sell(customer, "148.5");
    expect(placed.json.inrAmount).toBe("14850.00");
    expect(placed.json.tds.inr).toBe("149.00");
    expect(placed.json.payoutInr).toBe("14701.00");
  });

  it("taxes one of two sales placed at once that pass it only together", async () => {
    const customer = await seller();
    // Two sales of ₹6,000.01 each: either alone stays under ₹10,000, both pass it.
    const [first, second] = await Promise.all([sell(customer, "60"), sell(customer, "60.5")]);
    expect(first.status, first.text).toBe(201);
    expect(second.status, second.text).toBe(201);
    const taxed = [first.json, second.json].filter((sale) => sale.tds !== null);
    expect(taxed).toHaveLength(1);
  });

  it("is the specified person's ₹50,000 when the desk is one", async () => {
    await testApp.db
      .updateTable("site_settings")
      .set({ tds_deductor_kind: "specified_person", tds_deductor_pan: "ABCPK1234F" })
      .execute();
    const customer = await seller();
    await soldBefore(customer, "40000.00");
    expect((await sell(customer, "90")).json.tds).toBeNull();
    expect((await sell(customer, "10")).json.tds).toMatchObject({ ratePercent: "1" });
  });

  it("is not applied when the desk does not deduct", async () => {
    await testApp.db.updateTable("site_settings").set({ tds_deducts: false }).execute();
    const customer = await seller({ hasPan: false });
    await soldBefore(customer, "20000.00");
    const placed = await sell(customer, "100");
    expect(placed.status, placed.text).toBe(201);
    expect(placed.json.tds).toBeNull();
  });
});

describe("a seller without a PAN", () => {
  it("is refused a sale above the threshold, told to verify, and nothing is written", async () => {
    const customer = await seller({ hasPan: false });
    await soldBefore(customer, "9000.00");
    const refused = await sell(customer, "20");
    expect(refused.status).toBe(422);
    expect(refused.json.code).toBe("SALE_NEEDS_PAN");
    expect(refused.json.error).toMatch(/₹10,000.*section 194S.*Verify your identity with your PAN/);
    expect(await salesOf(customer.userId)).toHaveLength(0);
    // Below the threshold, the same seller sells untaxed.
    const small = await sell(customer, "5");
    expect(small.status, small.text).toBe(201);
    expect(small.json.tds).toBeNull();
  });

  it("is taxed at 20% where the operator buys without a PAN", async () => {
    await testApp.db.updateTable("site_settings").set({ tds_buys_without_pan: true }).execute();
    const customer = await seller({ hasPan: false });
    await soldBefore(customer, "9000.00");
    const placed = await sell(customer, "20");
    expect(placed.status, placed.text).toBe(201);
    // ₹2,001.00 at 20%: 400.20, to 400.
    expect(placed.json).toMatchObject({
      inrAmount: "2001.00",
      tds: { ratePercent: "20", inr: "400.00", withoutPan: true },
      payoutInr: "1601.00",
    });
  });
});

describe("what counts to the year", () => {
  it("starts again on 1 April, India time", async () => {
    const customer = await seller();
    // The financial year in force began on 1 April, India time, of this year or the last.
    const indiaNow = new Date(Date.now() + 330 * 60_000);
    const startYear = indiaNow.getUTCFullYear() - (indiaNow.getUTCMonth() < 3 ? 1 : 0);
    // 23:59 IST on 31 March is the year before; 00:00 IST on 1 April is this one.
    await soldBefore(customer, "9000.00", new Date(Date.UTC(startYear, 2, 31, 18, 29)));
    await soldBefore(customer, "500.00", new Date(Date.UTC(startYear, 2, 31, 18, 30)));
    // 500 + 1,001 is this year's 1,501: untaxed, though the last year's sale would pass it.
    expect((await sell(customer, "10")).json.tds).toBeNull();
    // 1,501 + 9,000.01 passes ₹10,000.
    expect((await sell(customer, "90")).json.tds).not.toBeNull();
  });

  it("leaves out cancelled and expired sales", async () => {
    const customer = await seller();
    const cancelled = await soldBefore(customer, "9000.00", undefined, "awaiting_deposit");
    await testApp.db
      .updateTable("sell_orders")
      .set({ status: "cancelled" })
      .where("id", "=", cancelled.id)
      .execute();
    const overdue = await sell(customer, "90");
    expect(overdue.json.tds).toBeNull();
    // Its window passed: the next placement expires it, and it counts for nothing.
    await testApp.db
      .updateTable("sell_orders")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", overdue.json.id)
      .execute();
    const next = await sell(customer, "90");
    expect(next.status, next.text).toBe(201);
    expect(next.json.tds).toBeNull();
    const expired = await testApp.db
      .selectFrom("sell_orders")
      .select(["status", "tds_inr"])
      .where("id", "=", overdue.json.id)
      .executeTakeFirstOrThrow();
    expect(expired).toEqual({ status: "expired", tds_inr: "0.00" });
  });

  it("counts a retried placement once and deducts once", async () => {
    const customer = await seller();
    await soldBefore(customer, "9500.00");
    const key = { "Idempotency-Key": `tds-retry-${customer.userId}` };
    const first = await sell(customer, "10", key);
    const retried = await sell(customer, "10", key);
    expect(retried.json.id).toBe(first.json.id);
    expect(retried.json.tds).toEqual(first.json.tds);
    const [total] = await testApp.db
      .selectFrom("sale_year_totals")
      .select("inr")
      .where("user_id", "=", customer.userId)
      .execute();
    expect(total?.inr).toBe("10501.00");
  });
});

describe("a placed sale", () => {
  it("keeps its tax and PAN when the seller's PAN changes afterwards", async () => {
    const customer = await seller();
    await soldBefore(customer, "10000.00");
    const placed = await sell(customer, "50");
    await testApp.db
      .updateTable("verification_submissions")
      .set({ pan: "ZZZPZ9999Z" })
      .where("user_id", "=", customer.userId)
      .execute();
    const read = await customer.get(`/api/sell-orders/${placed.json.id}`);
    expect(read.json.tds).toEqual(placed.json.tds);
    const [sale] = await salesOf(customer.userId);
    expect(sale?.seller_pan).toBe(customer.pan);
  });
});

describe("the Sell tab's figures", () => {
  it("are the ones the sale is placed with, for sellers on either side of the threshold", async () => {
    await testApp.db.updateTable("site_settings").set({ tds_buys_without_pan: true }).execute();
    for (const [hasPan, before, usdt] of [
      [true, "0.00", "50"],
      [true, "9500.00", "10"],
      [true, "9000.00", "12.35"],
      [false, "9990.00", "1.5"],
      [false, "20000.00", "77.77"],
    ] as const) {
      await freeAmounts();
      const customer = await seller({ hasPan });
      if (before !== "0.00") await soldBefore(customer, before);
      const terms = await customer.get("/api/sell-orders/tax-terms");
      expect(terms.status, terms.text).toBe(200);
      expect(terms.json).toMatchObject({ section: "194S", yearInr: before, hasPan });
      const placed = await sell(customer, usdt);
      expect(placed.status, placed.text).toBe(201);
      const shown = quoteSaleTds(placed.json.inrAmount, terms.json);
      const label = `${hasPan ? "with" : "without"} a PAN, ₹${before} before, ${usdt} USDT`;
      expect(shown.kind === "needsPan" ? null : shown.payoutInr, label).toBe(placed.json.payoutInr);
      expect(shown.kind === "taxed" ? shown.tdsInr : null, label).toBe(
        placed.json.tds?.inr ?? null,
      );
    }
  });

  it("are the seller's own, and not for a visitor", async () => {
    const anonymous = createClient(testApp);
    expect((await anonymous.get("/api/sell-orders/tax-terms")).status).toBe(401);
  });
});

describe("paying a taxed sale", () => {
  it("pays the net even by override, keeps the tax, and tells the seller both", async () => {
    const admin = await signedInAdmin(testApp);
    const deskAccountId = await insertUpiAccount(testApp.db);
    const customer = await verifiedCustomer(testApp);
    await markVerified(testApp.db, customer.userId, { pan: "ABCPV7777K" });
    const added = await customer.post("/api/account/payout-destinations", {
      kind: "upi",
      holderName: "Asha Verma",
      upiId: "asha.paid.tax@okaxis",
    });
    const taxedSeller = Object.assign(customer, { destinationId: added.json.id as string });
    await soldBefore(taxedSeller, "10000.00");
    const placed = await sell(taxedSeller, "50");
    // ₹5,001.00, 1% is 50.01: ₹50 kept, ₹4,951 paid.
    expect(placed.json).toMatchObject({ tds: { inr: "50.00" }, payoutInr: "4951.00" });

    const queued = await admin.get(`/api/admin/sell-orders/${placed.json.id}`);
    expect(queued.json.destination.upiPayLink).toContain("am=4951.00");
    const paid = await admin.post(`/api/admin/sell-orders/${placed.json.id}/paid`, {
      utr: "412345670011",
      paidFromAccountId: deskAccountId,
      override: true,
      overrideReason: "The customer showed the exchange's receipt",
    });
    expect(paid.status, paid.text).toBe(200);
    const after = await admin.get(`/api/admin/sell-orders/${placed.json.id}`);
    expect(after.json).toMatchObject({
      status: "paid",
      inrAmount: "5001.00",
      tds: { ratePercent: "1", inr: "50.00" },
      payoutInr: "4951.00",
    });
    await testApp.outbox.deliverDue();
    const mail = await readLatestMail(testApp, customer.email);
    expect(mail.text).toContain("We have paid ₹4,951.00");
    expect(mail.text).toContain("₹50.00 of tax (TDS, section 194S) was deducted");
  });
});
