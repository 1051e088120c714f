import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { insertUpiAccount, retireReceivingAccounts } from "../../testing/desk-accounts";
import { orderInput, withOffer } from "../../testing/orders";
import { createTestApp, type TestApp } from "../../testing/test-app";

/* The account an order was paid into, as the operators see it. */

let testApp: TestApp;
let admin: Client;

beforeAll(async () => {
  testApp = await createTestApp({
    TELEGRAM_BOT_TOKEN: "42:accounts",
    TELEGRAM_CHAT_ID: "-1",
    ADMIN_NOTIFY_EMAIL: "ops@rupeedesk.example",
  });
  admin = await signedInAdmin(testApp);
});
afterAll(() => testApp.close());
beforeEach(() => retireReceivingAccounts(testApp.db));

async function placeInto(amount: string) {
  const customer = await signedInCustomer(testApp);
  const placed = await customer.post(
    "/api/orders",
    await withOffer(customer, orderInput({ amount })),
  );
  expect(placed.status, placed.text).toBe(201);
  return placed.json.id as string;
}

async function outboxTexts(topic: string) {
  const rows = await testApp.db
    .selectFrom("notification_outbox")
    .select(["channel", "payload"])
    .where("topic", "=", topic)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    channel: row.channel,
    text: (row.payload as { text: string }).text,
  }));
}

describe("the receiving account on orders", () => {
  it("is on the order in the list, its details, the CSV and the new-order alert; the list filters by it", async () => {
    const first = await insertUpiAccount(testApp.db, { label: "Axis UPI", upi_id: "axis@okaxis" });
    const orderId = await placeInto("8600");
    await retireReceivingAccounts(testApp.db);
    const second = await insertUpiAccount(testApp.db, { label: "SBI UPI" });
    const otherId = await placeInto("4300");

    const expected = { id: first, label: "Axis UPI", details: "axis@okaxis" };
    const details = await admin.get(`/api/admin/orders/${orderId}`);
    expect(details.json.receivingAccount).toEqual(expected);

    const filtered = await admin.get(`/api/admin/orders?receivingAccountId=${first}`);
    expect(filtered.json.orders.map((order: { id: string }) => order.id)).toEqual([orderId]);
    expect(filtered.json.orders[0].receivingAccount).toEqual(expected);
    const other = await admin.get(`/api/admin/orders?receivingAccountId=${second}`);
    expect(other.json.orders.map((order: { id: string }) => order.id)).toEqual([otherId]);
    const malformed = await admin.get("/api/admin/orders?receivingAccountId=axis");
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toMatch(/not a receiving account id/);

    const csv = await admin.get(`/api/admin/orders/export.csv?receivingAccountId=${first}`);
    const [header, row] = csv.text.split("\r\n");
    expect(header).toContain("Payer Name,Receiving Account,Payout Tx Hash");
    expect(row).toContain("Rahul Kumar,Axis UPI (axis@okaxis),");

    const alerts = await outboxTexts("order.placed");
    expect(alerts.find((alert) => alert.text.includes(orderId.slice(0, 8)))?.text).toContain(
      "Paid into: Axis UPI (axis@okaxis)",
    );
  });

  it("tells the operators once when an account passes 80 % of its daily cap", async () => {
    await insertUpiAccount(testApp.db, { label: "Capped UPI", daily_cap_inr: "10000" });
    const before = (await outboxTexts("receiving_account.near_cap")).length;
    await placeInto("7000");
    await testApp.foldOrderTotals();
    expect(await outboxTexts("receiving_account.near_cap")).toHaveLength(before);
    await placeInto("1000");
    // The order's answer does not wait for the notice: it comes with the next fold.
    expect(await outboxTexts("receiving_account.near_cap")).toHaveLength(before);
    await testApp.foldOrderTotals();
    const told = (await outboxTexts("receiving_account.near_cap")).slice(before);
    expect(told.map((message) => message.channel).sort()).toEqual(["email", "telegram"]);
    expect(told[0]?.text).toMatch(
      /Receiving account "Capped UPI" has taken ₹8000 of its ₹10000 daily cap today/,
    );
    await placeInto("1000");
    await testApp.foldOrderTotals();
    expect(await outboxTexts("receiving_account.near_cap")).toHaveLength(before + 2);
  });

  it("counts the day's orders that were not cancelled, and tells once when two processes fold at once", async () => {
    const accountId = await insertUpiAccount(testApp.db, {
      label: "Busy UPI",
      daily_cap_inr: "10000",
    });
    const before = (await outboxTexts("receiving_account.near_cap")).length;
    const cancelled = await placeInto("5000");
    await testApp.db
      .updateTable("orders")
      .set({ status: "cancelled" })
      .where("id", "=", cancelled)
      .execute();
    await placeInto("4000");
    await testApp.foldOrderTotals();
    expect(await outboxTexts("receiving_account.near_cap")).toHaveLength(before);

    await placeInto("4000");
    await Promise.all([testApp.foldOrderTotals(), testApp.foldOrderTotals()]);
    const told = (await outboxTexts("receiving_account.near_cap")).slice(before);
    expect(told).toHaveLength(2);
    expect(told[0]?.text).toMatch(/"Busy UPI" has taken ₹8000 of its ₹10000/);
    const total = await testApp.db
      .selectFrom("receiving_account_day_totals")
      .select("inr")
      .where("receiving_account_id", "=", accountId)
      .executeTakeFirstOrThrow();
    expect(Number(total.inr)).toBe(8000);
  });
});
