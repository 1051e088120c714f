import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimDailyJob } from "../../../app/daily-jobs";
import { signedInAdmin, signedInCustomer } from "../../../testing/actors";
import {
  completeWithConfirmedPayout,
  insertMatchedStatementLine,
} from "../../../testing/customer-records";
import { validDocuments, verificationForm } from "../../../testing/identity-documents";
import { placeOrder, TRON_TX_HASH } from "../../../testing/orders";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { createClient } from "../../../testing/test-client";
import { purgedEmail, purgeStaleRateWindows, runDailyRetention } from "./retention";

/* Retention (issue 25, item 6): closed customers' data purged after the retention period. */

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
});
afterAll(() => testApp.close());

/** Moves a customer's sign-up, orders and sign-ins `years` into the past. */
async function ageCustomer(userId: string, years: number) {
  const then = sql<Date>`now() - make_interval(years => ${years})`;
  await sql`UPDATE "user" SET "createdAt" = ${then} WHERE id = ${userId}`.execute(testApp.db);
  await sql`UPDATE orders SET created_at = ${then} WHERE user_id = ${userId}`.execute(testApp.db);
  await sql`UPDATE session SET "updatedAt" = ${then}, "createdAt" = ${then}
    WHERE "userId" = ${userId}`.execute(testApp.db);
  await sql`UPDATE sign_ins SET created_at = ${then} WHERE user_id = ${userId}`.execute(testApp.db);
}

/** A customer with one completed, paid-out and reconciled order, all six years ago. */
async function closedCustomer(payoutTxHash = TRON_TX_HASH) {
  const customer = await signedInCustomer(testApp);
  const order = await placeOrder(customer);
  await insertMatchedStatementLine(testApp.db, {
    orderId: order.id,
    reference: `7${order.paymentReference.slice(1)}`,
    amount: "8600.00",
    payerName: "RAHUL KUMAR",
  });
  await completeWithConfirmedPayout(testApp.db, {
    orderId: order.id,
    payoutTxHash,
    adminId: admin.userId,
  });
  // A verification with its documents, approved.
  const submitted = await customer.post(
    "/api/verification",
    verificationForm(await validDocuments()),
  );
  expect(submitted.status, submitted.text).toBe(201);
  // Its attempt was counted, as the limit on sending counts them.
  const attempts = await testApp.db
    .selectFrom("verification_attempt_windows")
    .select("attempts")
    .where("key", "=", `customer:${customer.userId}`)
    .execute();
  expect(attempts).toEqual([{ attempts: 1 }]);
  await testApp.db
    .updateTable("customer_verifications")
    .set({ status: "verified" })
    .where("user_id", "=", customer.userId)
    .execute();
  expect((await admin.post(`/api/admin/users/${customer.userId}/block`)).status).toBe(200);
  await ageCustomer(customer.userId, 6);
  return { customer, order };
}

async function userRow(userId: string) {
  return testApp.db
    .selectFrom("user")
    .select(["email", "name", "whatsappNumber", "banned"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
}

describe("retention", () => {
  let closed: Awaited<ReturnType<typeof closedCustomer>>;
  let signedInLately: Customer;
  let withOpenOrder: Customer;

  beforeAll(async () => {
    closed = await closedCustomer();
    // Ordered six years ago, but signed in this week: not closed.
    signedInLately = await signedInCustomer(testApp);
    await placeOrder(signedInLately, { amount: "5000" });
    await ageCustomer(signedInLately.userId, 6);
    await sql`UPDATE session SET "updatedAt" = now() WHERE "userId" = ${signedInLately.userId}`.execute(
      testApp.db,
    );
    // A customer on hold (a police notice, a bank's complaint) is evidence: kept.
    const onHold = await closedCustomer(randomBytes(32).toString("hex"));
    await testApp.db
      .insertInto("customer_holds")
      .values({ user_id: onHold.customer.userId, note: "Cyber cell notice 17/2026" })
      .execute();
    // As is one whose order an operator still holds, though it was completed.
    const orderHeld = await closedCustomer(randomBytes(32).toString("hex"));
    await testApp.db
      .insertInto("order_holds")
      .values({ order_id: orderHeld.order.id, rules: ["shared_wallet"] })
      .execute();
    // Signed in a year ago, the session since ended: only the sign-ins remember it.
    const signedOut = await closedCustomer(randomBytes(32).toString("hex"));
    await sql`DELETE FROM session WHERE "userId" = ${signedOut.customer.userId}`.execute(
      testApp.db,
    );
    await sql`UPDATE sign_ins SET created_at = now() - interval '1 year'
      WHERE user_id = ${signedOut.customer.userId}`.execute(testApp.db);
    // A suspicious transaction report is kept, with the customer's records, unfiled or
    // for the period after it was filed (filed four years ago here).
    for (const filedOn of [null, sql<string>`(now() - interval '4 years')::date`]) {
      const reported = await closedCustomer(randomBytes(32).toString("hex"));
      await testApp.db
        .insertInto("suspicion_reports")
        .values({
          user_id: reported.customer.userId,
          grounds: "Paid from accounts in other names",
          concluded_on: sql<string>`(now() - interval '6 years')::date`,
          due_on: sql<string>`(now() - interval '6 years')::date + 9`,
          filed_on: filedOn,
          fiu_reference: filedOn && "STR-2022-7",
          filed_at: filedOn && sql<Date>`now() - interval '4 years'`,
        })
        .execute();
    }
    // An order still open is never purged, however old.
    withOpenOrder = await signedInCustomer(testApp);
    await placeOrder(withOpenOrder, { amount: "5100" });
    await ageCustomer(withOpenOrder.userId, 6);
    // Nor is an admin's account.
    await ageCustomer(admin.userId, 6);
    await sql`UPDATE session SET "updatedAt" = now() WHERE "userId" = ${admin.userId}`.execute(
      testApp.db,
    );
    const oldAdmin = await signedInAdmin(testApp, { isElevated: false });
    await ageCustomer(oldAdmin.userId, 6);
  });

  it("shows in its dry run who would be purged and what, audited, and changes nothing", async () => {
    expect((await admin.get("/api/admin/risk/retention")).json).toEqual({ retentionYears: 5 });
    const preview = await admin.get("/api/admin/risk/retention/dry-run");
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({ retentionYears: 5, total: 1 });
    expect(preview.json.customers).toEqual([
      expect.objectContaining({
        id: closed.customer.userId,
        email: closed.customer.email,
        isBlocked: true,
        orders: 1,
      }),
    ]);
    expect(preview.json.steps.slice(0, 2)).toEqual([
      "identity documents and the details sent with them (PAN, name, birth date, address)",
      "identity verification status",
    ]);
    const audits = await testApp.db
      .selectFrom("audit_log")
      .select(["actor_email", "details"])
      .where("action", "=", "retention.dry_run_viewed")
      .execute();
    expect(audits).toEqual([
      { actor_email: admin.email, details: { retentionYears: 5, customers: 1 } },
    ]);
    expect((await userRow(closed.customer.userId)).email).toBe(closed.customer.email);
  });

  it("is a setting from 5 to 30 years, audited; a longer one keeps the customer", async () => {
    for (const retentionYears of [4, 31, 5.5, "7"]) {
      const refused = await admin.request("PUT", "/api/admin/risk/retention", { retentionYears });
      expect(refused.status).toBe(400);
      expect(refused.json.error).toMatch(/5 to 30 whole years/);
    }
    const saved = await admin.request("PUT", "/api/admin/risk/retention", { retentionYears: 7 });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ retentionYears: 7 });
    const preview = await admin.get("/api/admin/risk/retention/dry-run");
    expect(preview.json).toMatchObject({ retentionYears: 7, total: 0, customers: [] });
    const audit = await testApp.db
      .selectFrom("audit_log")
      .select(["actor_email", "details"])
      .where("action", "=", "settings.saved")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      actor_email: admin.email,
      details: { retentionYears: { from: "5", to: "7" } },
    });
    expect(await runDailyRetention(testApp.db)).toMatchObject({ purged: 0 });
    await admin.request("PUT", "/api/admin/risk/retention", { retentionYears: 5 });
  });

  it("is refused to anyone but a stepped-up admin", async () => {
    const unelevated = await signedInAdmin(testApp, { isElevated: false });
    for (const [caller, status] of [
      [createClient(testApp), 401],
      [signedInLately, 403],
      [unelevated, 403],
    ] as const) {
      expect((await caller.get("/api/admin/risk/retention")).status).toBe(status);
      expect((await caller.get("/api/admin/risk/retention/dry-run")).status).toBe(status);
      const put = await caller.request("PUT", "/api/admin/risk/retention", { retentionYears: 9 });
      expect(put.status).toBe(status);
    }
    const settings = await testApp.db
      .selectFrom("site_settings")
      .select("retention_years")
      .executeTakeFirstOrThrow();
    expect(settings.retention_years).toBe(5);
  });

  it("purges what identifies a closed customer, keeps the desk's figures, and does it once", async () => {
    const { customer, order } = closed;
    // A report filed six years ago is past the period: it goes, and its audit rows' details.
    const oldReport = await testApp.db
      .insertInto("suspicion_reports")
      .values({
        user_id: customer.userId,
        grounds: "Paid from accounts in other names",
        concluded_on: sql<string>`(now() - interval '6 years')::date`,
        due_on: sql<string>`(now() - interval '6 years')::date + 9`,
        filed_on: sql<string>`(now() - interval '6 years')::date + 2`,
        fiu_reference: "STR-2020-1",
        filed_at: sql<Date>`now() - interval '6 years'`,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await testApp.db
      .insertInto("audit_log")
      .values({
        action: "suspicion.filed",
        target_type: "suspicion_report",
        target_id: oldReport.id,
        details: JSON.stringify({ userId: customer.userId, fiuReference: "STR-2020-1" }),
      })
      .execute();
    await testApp.foldOrderTotals();
    const totalsBefore = await sql<{
      inr: string;
    }>`SELECT sum(inr)::text AS inr FROM order_totals`.execute(testApp.db);
    expect(await runDailyRetention(testApp.db)).toMatchObject({ purged: 1, retentionYears: 5 });

    expect(await userRow(customer.userId)).toEqual({
      email: purgedEmail(customer.userId),
      name: "",
      whatsappNumber: null,
      banned: true,
    });
    const kept = await testApp.db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({
      status: "completed",
      send_amount: "8600.00",
      user_email: purgedEmail(customer.userId),
      wallet_address: "(purged)",
      payment_reference: null,
      payer_name: null,
      payout_tx_hash: null,
    });
    await testApp.foldOrderTotals();
    const totalsAfter = await sql<{
      inr: string;
    }>`SELECT sum(inr)::text AS inr FROM order_totals`.execute(testApp.db);
    expect(totalsAfter.rows).toEqual(totalsBefore.rows);
    const remaining = await sql<{ n: number }>`SELECT
        (SELECT count(*) FROM payout_checks WHERE order_id = ${order.id})
      + (SELECT count(*) FROM customer_verifications WHERE user_id = ${customer.userId})
      + (SELECT count(*) FROM verification_submissions WHERE user_id = ${customer.userId})
      + (SELECT count(*) FROM session WHERE "userId" = ${customer.userId})
      + (SELECT count(*) FROM sign_ins WHERE user_id = ${customer.userId})
      + (SELECT count(*) FROM account WHERE "userId" = ${customer.userId})
      + (SELECT count(*) FROM verification_attempt_windows
          WHERE key = ${`customer:${customer.userId}`}) AS n`.execute(testApp.db);
    expect(Number(remaining.rows[0]?.n)).toBe(0);
    expect(
      await testApp.db
        .selectFrom("suspicion_reports")
        .select("id")
        .where("user_id", "=", customer.userId)
        .execute(),
    ).toEqual([]);
    const reportAudit = await testApp.db
      .selectFrom("audit_log")
      .select("details")
      .where("target_id", "=", oldReport.id)
      .executeTakeFirstOrThrow();
    expect(reportAudit.details).toEqual({ purged: true });
    const line = await testApp.db
      .selectFrom("statement_lines")
      .select(["payer_name", "narration", "amount"])
      .where("order_id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ payer_name: null, narration: "(purged)", amount: "8600.00" });
    const audits = await testApp.db
      .selectFrom("audit_log")
      .select(["action", "actor_id", "details"])
      .where("target_id", "=", customer.userId)
      .orderBy("id")
      .execute();
    expect(audits.map((row) => [row.action, row.details])).toEqual([
      ["user.blocked", { purged: true }],
      ["retention.purged", { lastActiveAt: expect.any(String), orders: 1, retentionYears: 5 }],
    ]);
    expect(audits[1]?.actor_id).toBeNull();
    // They cannot sign in: the password went with the account.
    expect((await createClient(testApp).signIn(customer.email, "secret1")).status).toBe(401);

    // The others are untouched, and a second run finds nothing more.
    for (const other of [signedInLately, withOpenOrder]) {
      expect((await userRow(other.userId)).email).toBe(other.email);
    }
    expect(await runDailyRetention(testApp.db)).toMatchObject({ purged: 0 });
    expect((await admin.get("/api/admin/risk/retention/dry-run")).json.total).toBe(0);
  });
});

describe("the daily job", () => {
  it("is claimed by one process a day, however many ask at once", async () => {
    const claims = await Promise.all(
      Array.from({ length: 5 }, () => claimDailyJob(testApp.db, "test-job")),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimDailyJob(testApp.db, "test-job")).toBe(false);
    // The next India day, it is due again.
    await sql`UPDATE daily_jobs SET last_run_on = last_run_on - 1 WHERE name = 'test-job'`.execute(
      testApp.db,
    );
    expect(await claimDailyJob(testApp.db, "test-job")).toBe(true);
  });

  it("deletes rate-limit windows long over, and keeps the ones still counting", async () => {
    const customer = await signedInCustomer(testApp);
    const fresh = await signedInCustomer(testApp);
    await testApp.db.deleteFrom("payment_offer_windows").execute();
    await testApp.db
      .insertInto("payment_offer_windows")
      .values([
        {
          key: "customer:old",
          window_started_at: sql<Date>`now() - interval '2 days'`,
          requests: 9,
        },
        {
          key: "address:10.0.0.1",
          window_started_at: sql<Date>`now() - interval '25 hours'`,
          requests: 3,
        },
        {
          key: "customer:now",
          window_started_at: sql<Date>`now() - interval '10 minutes'`,
          requests: 1,
        },
      ])
      .execute();
    await testApp.db.deleteFrom("order_rate_windows").execute();
    await testApp.db
      .insertInto("order_rate_windows")
      .values([
        {
          user_id: customer.userId,
          window_started_at: sql<Date>`now() - interval '3 days'`,
          orders: 2,
        },
        { user_id: fresh.userId, window_started_at: sql<Date>`now()`, orders: 1 },
      ])
      .execute();
    await testApp.db.deleteFrom("verification_attempt_windows").execute();
    await testApp.db
      .insertInto("verification_attempt_windows")
      .values([
        {
          key: "address:10.0.0.1",
          window_started_at: sql<Date>`now() - interval '30 hours'`,
          attempts: 10,
        },
        { key: "customer:now", window_started_at: sql<Date>`now()`, attempts: 2 },
      ])
      .execute();
    expect(await purgeStaleRateWindows(testApp.db)).toEqual({
      offerWindows: 2,
      orderWindows: 1,
      verificationWindows: 1,
    });
    const offers = await testApp.db.selectFrom("payment_offer_windows").select("key").execute();
    expect(offers).toEqual([{ key: "customer:now" }]);
    const orders = await testApp.db.selectFrom("order_rate_windows").select("user_id").execute();
    expect(orders).toEqual([{ user_id: fresh.userId }]);
    const verifications = await testApp.db
      .selectFrom("verification_attempt_windows")
      .select("key")
      .execute();
    expect(verifications).toEqual([{ key: "customer:now" }]);
  });
});
