import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInCustomer } from "../../../testing/actors";
import { insertUpiAccount } from "../../../testing/desk-accounts";
import { insertSale } from "../../../testing/sales";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { purgeClosedCustomers, purgedEmail } from "./retention";

/*
 * Retention of customers who sold USDT (issue 44): a sale keeps the relationship open
 * until it is paid, expired or cancelled, counts as activity, and is purged of what
 * identifies the customer (their deposit's hash, where their rupees went, the payee on
 * the desk's statement) while its amounts, dates, status and the desk's UTR stay.
 */

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

let testApp: TestApp;
let deskAccount: string;

beforeAll(async () => {
  testApp = await createTestApp();
  deskAccount = await insertUpiAccount(testApp.db);
});
afterAll(() => testApp.close());

let utr = 610_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;
let cents = 0;

/** A sale of this customer's, paid from the desk's account unless another status is given. */
async function sale(customer: Customer, status: "paid" | "received" = "paid") {
  utr += 1;
  cents += 1;
  const order = await insertSale(testApp.db, customer, {
    depositUsdt: `100.${String(cents).padStart(2, "0")}`,
    status,
    depositAddress: "TDeskWallet",
    paid: { utr: String(utr), fromAccountId: deskAccount },
  });
  await testApp.db
    .updateTable("sell_orders")
    .set({ deposit_tx_hash: "cd".repeat(32) })
    .where("id", "=", order.id)
    .execute();
  await testApp.db
    .insertInto("sell_order_events")
    .values({
      sell_order_id: order.id,
      actor_role: "admin",
      from_status: "received",
      to_status: status,
      note: "Paid to RAHUL KUMAR's UPI",
    })
    .execute();
  return order;
}

/** Moves a customer's sign-up, sales and sign-ins `years` into the past. */
async function ageCustomer(userId: string, years: number) {
  const then = sql<Date>`now() - make_interval(years => ${years})`;
  await sql`UPDATE "user" SET "createdAt" = ${then} WHERE id = ${userId}`.execute(testApp.db);
  await sql`UPDATE sell_orders SET created_at = ${then} WHERE user_id = ${userId}`.execute(
    testApp.db,
  );
  await sql`UPDATE session SET "updatedAt" = ${then}, "createdAt" = ${then}
    WHERE "userId" = ${userId}`.execute(testApp.db);
  await sql`UPDATE sign_ins SET created_at = ${then} WHERE user_id = ${userId}`.execute(testApp.db);
}

async function isPurged(userId: string) {
  const row = await testApp.db
    .selectFrom("purged_customers")
    .select("user_id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

describe("retention of customers who sold USDT", () => {
  let closed: Customer;
  let closedSale: Awaited<ReturnType<typeof sale>>;
  let withOpenSale: Customer;
  let soldLately: Customer;
  let saleHeld: Customer;

  beforeAll(async () => {
    closed = await signedInCustomer(testApp);
    closedSale = await sale(closed);
    const { id: importId } = await testApp.db
      .insertInto("statement_imports")
      .values({
        receiving_account_id: deskAccount,
        file_name: "statement.csv",
        first_value_date: "2020-01-01",
        last_value_date: "2020-01-01",
        credits_read: 0,
        credits_added: 0,
        debits_read: 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await testApp.db
      .insertInto("statement_debits")
      .values({
        receiving_account_id: deskAccount,
        import_id: importId,
        line_number: 1,
        value_date: "2020-01-01",
        amount: closedSale.inr_amount,
        narration: `UPI/DR/${closedSale.paid_utr}/RAHUL KUMAR/rahul@okaxis`,
        line_key: closedSale.paid_utr as string,
        reference: closedSale.paid_utr,
        payee_name: "RAHUL KUMAR",
      })
      .execute();
    await ageCustomer(closed.userId, 6);

    // USDT received six years ago and never paid: the desk still owes them rupees.
    withOpenSale = await signedInCustomer(testApp);
    await sale(withOpenSale, "received");
    await ageCustomer(withOpenSale.userId, 6);

    // Signed up six years ago, sold last month: active.
    soldLately = await signedInCustomer(testApp);
    await ageCustomer(soldLately.userId, 6);
    await sale(soldLately);

    // An operator's hold on a sale stands: the records are evidence.
    saleHeld = await signedInCustomer(testApp);
    const held = await sale(saleHeld);
    await testApp.db
      .insertInto("sell_order_holds")
      .values({ sell_order_id: held.id, rules: ["sell_new_destination"] })
      .execute();
    await ageCustomer(saleHeld.userId, 6);

    await purgeClosedCustomers(testApp.db);
  });

  it("keeps a customer with a sale still open, one who sold within the period, and one whose sale is held", async () => {
    expect(await isPurged(closed.userId)).toBe(true);
    expect(await isPurged(withOpenSale.userId)).toBe(false);
    expect(await isPurged(soldLately.userId)).toBe(false);
    expect(await isPurged(saleHeld.userId)).toBe(false);
  });

  it("purges what identifies them from their sales, keeping the figures and the desk's UTR", async () => {
    const order = await testApp.db
      .selectFrom("sell_orders")
      .selectAll()
      .where("id", "=", closedSale.id)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      user_email: purgedEmail(closed.userId),
      deposit_tx_hash: null,
      status: "paid",
      paid_utr: closedSale.paid_utr,
      inr_amount: closedSale.inr_amount,
      deposit_usdt: closedSale.deposit_usdt,
    });
    const destination = await testApp.db
      .selectFrom("payout_destinations")
      .selectAll()
      .where("id", "=", order.destination_id)
      .executeTakeFirstOrThrow();
    expect(destination).toMatchObject({ kind: "upi", holder_name: "(purged)", upi_id: "(purged)" });
    expect(destination.removed_at).not.toBeNull();
    const debit = await testApp.db
      .selectFrom("statement_debits")
      .select(["payee_name", "narration", "amount", "reference"])
      .where("reference", "=", closedSale.paid_utr)
      .executeTakeFirstOrThrow();
    expect(debit).toEqual({
      payee_name: null,
      narration: "(purged)",
      amount: closedSale.inr_amount,
      reference: closedSale.paid_utr,
    });
    const events = await testApp.db
      .selectFrom("sell_order_events")
      .select("note")
      .where("sell_order_id", "=", closedSale.id)
      .execute();
    expect(events).toEqual([{ note: null }]);
  });

  it("leaves the others' sales as they were", async () => {
    const rows = await testApp.db
      .selectFrom("sell_orders")
      .select(["user_email", "deposit_tx_hash"])
      .where("user_id", "in", [withOpenSale.userId, soldLately.userId, saleHeld.userId])
      .execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.user_email).not.toContain("purged");
      expect(row.deposit_tx_hash).not.toBeNull();
    }
  });
});
