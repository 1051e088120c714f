import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInAdmin, signedInCustomer } from "../../../testing/actors";
import { insertUpiAccount } from "../../../testing/desk-accounts";
import { startDepositDesk } from "../../../testing/sale-deposits";
import type { TestApp } from "../../../testing/test-app";

/*
 * A deposit amount a sale has held is given to no other sale until its deposit can no
 * longer arrive (decision 052), and a deposit is matched by its block's time against a
 * sale's window: a transfer for a sale that stopped waiting (paid with override,
 * cancelled, expired) goes to Unmatched transfers naming that sale, never to the next
 * sale of its amount. Sales are placed as customers place them (POST /api/sell-orders)
 * on the desk's BEP20 payout wallet, watched through a stand-in node.
 */

const RATE = "85";

type Seller = Client & { userId: string; email: string; destinationId: string };
type Sale = { id: string; depositUsdt: string; createdAt: string };

let testApp: TestApp;
let desk: Awaited<ReturnType<typeof startDepositDesk>>;
let admin: Client;
let deskAccountId: string;

beforeAll(async () => {
  desk = await startDepositDesk();
  testApp = desk.testApp;
  admin = await signedInAdmin(testApp);
  deskAccountId = await insertUpiAccount(testApp.db);
  await testApp.db
    .updateTable("site_settings")
    .set({
      exchange_rate: "88",
      buy_rate: RATE,
      // The tax has its own tests (tax/sale-tds.test.ts).
      tds_deducts: false,
      buy_networks: ["bep20"],
      sell_limit_order_inr: "1000000",
      sell_limit_day_inr: "2500000",
    })
    .execute();
});
afterAll(() => desk.close());

let upiCounter = 0;

/** A customer with a UPI payout account in their own name. */
async function seller(): Promise<Seller> {
  const customer = await signedInCustomer(testApp);
  upiCounter += 1;
  const added = await customer.post("/api/account/payout-destinations", {
    kind: "upi",
    holderName: "Meera Iyer",
    upiId: `meera.${upiCounter}.${Date.now()}@okaxis`,
  });
  expect(added.status, added.text).toBe(201);
  return Object.assign(customer, { destinationId: added.json.id as string });
}

/** The customer places a sale of `usdt` on BEP20, as the Sell tab does. */
async function sell(customer: Seller, usdt: string): Promise<Sale> {
  const placed = await customer.post("/api/sell-orders", {
    network: "bep20",
    usdtAmount: usdt,
    quotedBuyRate: RATE,
    destinationId: customer.destinationId,
  });
  expect(placed.status, placed.text).toBe(201);
  return placed.json;
}

const statusOf = async (sale: Sale) => (await desk.sale(sale.id)).status;
const shortId = (sale: Sale) => sale.id.slice(0, 8);

/** The transfer as the operators' Unmatched transfers list shows it. */
async function listedUnmatched(hash: string) {
  const listed = await admin.get("/api/admin/payouts/unmatched");
  expect(listed.status, listed.text).toBe(200);
  return (listed.json.transfers as { txHash: string; note: string }[]).find(
    (transfer) => transfer.txHash === hash,
  );
}

/** Moves a sale's placement and window `minutes` into the past, as time passing would. */
function placedAgo(sale: Sale, minutes: number) {
  const back = sql`make_interval(mins => ${minutes})`;
  return testApp.db
    .updateTable("sell_orders")
    .set({
      created_at: sql<Date>`created_at - ${back}`,
      expires_at: sql<Date>`expires_at - ${back}`,
    })
    .where("id", "=", sale.id)
    .execute();
}

/** A deposit in a block of its own, `at` its block's time. */
function depositAt(usdt: string, at: Date) {
  desk.node.head += 1;
  return desk.deposit(usdt, undefined, at);
}

describe("a deposit that arrives for a sale no longer waiting", () => {
  it("paid with override: the deposit credits no other sale (one deposit, one payout)", async () => {
    const first = await sell(await seller(), "70");
    const paid = await admin.post(`/api/admin/sell-orders/${first.id}/paid`, {
      utr: "412345678901",
      paidFromAccountId: deskAccountId,
      override: true,
      overrideReason: "The watcher was down; the customer showed the exchange's receipt",
    });
    expect(paid.status, paid.text).toBe(200);
    const second = await sell(await seller(), "70");
    const hash = desk.deposit(first.depositUsdt);
    await desk.pass(5);

    expect(await statusOf(second)).toBe("awaiting_deposit");
    expect(await statusOf(first)).toBe("paid");
    expect(second.depositUsdt).not.toBe(first.depositUsdt);
    expect(await desk.transferOf(hash)).toMatchObject({
      state: "final",
      match_state: "unmatched",
      sell_order_id: null,
    });
    const listed = await listedUnmatched(hash);
    expect(listed?.note).toContain(`#${shortId(first)}`);
    expect(listed?.note).toMatch(/paid/);
  });

  it("cancelled while the customer's transfer was on its way: unmatched, naming the cancelled sale", async () => {
    const first = await sell(await seller(), "71");
    const hash = desk.deposit(first.depositUsdt);
    const cancelled = await admin.post(`/api/admin/sell-orders/${first.id}/cancel`, {
      reason: "The customer asked to cancel by phone",
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const second = await sell(await seller(), "71");
    await desk.pass(5);

    expect(await statusOf(second)).toBe("awaiting_deposit");
    expect(await statusOf(first)).toBe("cancelled");
    expect(second.depositUsdt).not.toBe(first.depositUsdt);
    expect(await desk.transferOf(hash)).toMatchObject({
      match_state: "unmatched",
      sell_order_id: null,
    });
    const listed = await listedUnmatched(hash);
    expect(listed?.note).toContain(`#${shortId(first)}`);
    expect(listed?.note).toMatch(/cancelled/);
  });

  it("expired, its deposit sent after its window (a delayed withdrawal): unmatched, naming the expired sale", async () => {
    const first = await sell(await seller(), "72");
    await desk.runOutOfTime(first.id);
    await desk.pass();
    expect(await statusOf(first)).toBe("expired");
    const second = await sell(await seller(), "72");
    const hash = desk.deposit(first.depositUsdt);
    await desk.pass(5);

    expect(await statusOf(second)).toBe("awaiting_deposit");
    expect(await statusOf(first)).toBe("expired");
    expect(second.depositUsdt).not.toBe(first.depositUsdt);
    expect(await desk.transferOf(hash)).toMatchObject({
      match_state: "unmatched",
      sell_order_id: null,
    });
    const listed = await listedUnmatched(hash);
    expect(listed?.note).toContain(`#${shortId(first)}`);
    expect(listed?.note).toMatch(/expired/);
  });

  it("expired while the watcher was behind, its deposit made in its window: that sale's, not the next one's", async () => {
    const first = await sell(await seller(), "73");
    // Placed 40 minutes ago: its window ended 10 minutes ago, with no deposit read.
    await placedAgo(first, 40);
    await desk.pass();
    expect(await statusOf(first)).toBe("expired");
    const second = await sell(await seller(), "73");
    // The watcher catches up with a deposit made 20 minutes ago.
    const hash = depositAt(first.depositUsdt, new Date(Date.now() - 20 * 60_000));
    await desk.pass(5);

    expect(await statusOf(second)).toBe("awaiting_deposit");
    expect(await statusOf(first)).toBe("received");
    expect(await desk.transferOf(hash)).toMatchObject({
      match_state: "matched",
      sell_order_id: first.id,
    });
  });
});

describe("a deposit's block time", () => {
  it("before the sale was placed does not match it, though the watcher records it after", async () => {
    const sale = await sell(await seller(), "74");
    const hash = depositAt(sale.depositUsdt, new Date(Date.now() - 60 * 60_000));
    await desk.pass(5);
    expect(await statusOf(sale)).toBe("awaiting_deposit");
    expect(await desk.transferOf(hash)).toMatchObject({
      match_state: "unmatched",
      sell_order_id: null,
    });
  });

  it("is what the watcher records for the transfer", async () => {
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 - 5 * 60_000);
    const hash = depositAt("75.55", at);
    await desk.pass();
    const transfer = await testApp.db
      .selectFrom("chain_transfers")
      .select(sql<Date>`block_time`.as("block_time"))
      .where("tx_hash", "=", hash)
      .executeTakeFirstOrThrow();
    expect(transfer.block_time.toISOString()).toBe(at.toISOString());
  });
});

describe("the amounts sales hold", () => {
  it("are never shared by sales placed at once, nor given again when their sales expire", async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, () => seller()));
    const placeAll = () => Promise.all(customers.map((customer) => sell(customer, "76")));
    const first = await placeAll();
    await Promise.all(first.map((sale) => desk.runOutOfTime(sale.id)));
    await desk.pass();
    const second = await placeAll();
    const amounts = [...first, ...second].map((sale) => sale.depositUsdt);
    expect(new Set(amounts).size).toBe(12);
    expect(amounts.every((amount) => amount.startsWith("76."))).toBe(true);
  });

  it("are held for the quarantine after the window, as the setting says, then given again", async () => {
    await sql`UPDATE site_settings SET sell_amount_quarantine_hours = 30`.execute(testApp.db);
    try {
      const first = await sell(await seller(), "77");
      const held = await sql<{ held_until: Date }>`
        SELECT held_until FROM sale_deposit_amounts
        WHERE network = 'bep20' AND deposit_usdt = ${first.depositUsdt}`.execute(testApp.db);
      const { expires_at } = await desk.sale(first.id);
      expect(held.rows[0]?.held_until.getTime()).toBe(expires_at.getTime() + 30 * 3_600_000);

      await desk.runOutOfTime(first.id);
      await desk.pass();
      expect((await sell(await seller(), "77")).depositUsdt).not.toBe(first.depositUsdt);
      // The quarantine over, the amount is free again.
      await sql`UPDATE sale_deposit_amounts SET held_until = now() - interval '1 second'
        WHERE network = 'bep20' AND deposit_usdt = ${first.depositUsdt}`.execute(testApp.db);
      expect((await sell(await seller(), "77")).depositUsdt).toBe(first.depositUsdt);
    } finally {
      await sql`UPDATE site_settings SET sell_amount_quarantine_hours = 48`.execute(testApp.db);
    }
  });
});

describe("a desk's top-up of whole USDT", () => {
  it("is never taken for a sale's deposit: a sale's amount always carries cents", async () => {
    const sale = await sell(await seller(), "500");
    // The operator tops the wallet up with 500 USDT from an exchange meanwhile.
    const topUp = depositAt("500", new Date());
    await desk.pass(5);
    expect(await statusOf(sale)).toBe("awaiting_deposit");
    const topUps = await admin.get("/api/admin/treasury/top-ups");
    expect(topUps.status, topUps.text).toBe(200);
    expect(topUps.json.topUps.map((listed: { txHash: string }) => listed.txHash)).toContain(topUp);
    expect(sale.depositUsdt).toMatch(/^500\.(0[1-9]|[1-9]\d)$/);
  });

  it("asks a few cents above a whole amount asked, and passes over a whole amount above one asked with cents", async () => {
    const placed = [];
    for (const usdt of ["80", "80.99", "80", "80.99"])
      placed.push(await sell(await seller(), usdt));
    // 80.99 and one cent is 81.00, whole: the next free amount is 81.01.
    expect(placed.map((sale) => sale.depositUsdt)).toEqual(["80.01", "80.99", "80.02", "81.01"]);
  });
});
