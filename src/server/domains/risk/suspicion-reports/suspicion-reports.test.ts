import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInAdmin, signedInCustomer } from "../../../testing/actors";
import { placeOrder } from "../../../testing/orders";
import { insertSale } from "../../../testing/sales";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { createClient } from "../../../testing/test-client";
import { addWorkingDays } from "./working-days";

/*
 * The register of suspicious transaction reports (decision 045): recorded by one
 * admin with its grounds, due at FIU-IND seven working days after the desk concluded,
 * filed with FIU-IND's acknowledgement; never shown to the customer.
 */

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let customer: Awaited<ReturnType<typeof signedInCustomer>>;
let order: { id: string };

const REGISTER = "/api/admin/risk/suspicion-reports";
const GROUNDS = "Paid from six different accounts in two days, none in the customer's name.";

beforeAll(async () => {
  testApp = await createTestApp({ ADMIN_NOTIFY_EMAIL: "compliance@rupeedesk.test" });
  admin = await signedInAdmin(testApp);
  customer = await signedInCustomer(testApp);
  order = await placeOrder(customer);
  // A customer since December 2025: the reports below were concluded after that.
  await testApp.db
    .updateTable("user")
    .set({ createdAt: new Date("2025-12-01T06:00:00Z"), emailVerified: true })
    .where("id", "=", customer.userId)
    .execute();
});
afterAll(() => testApp.close());

const reportInput = (overrides: Record<string, unknown> = {}) => ({
  userId: customer.userId,
  orderIds: [order.id],
  grounds: GROUNDS,
  concludedOn: "2026-01-02",
  ...overrides,
});

async function reportCount() {
  const row = await testApp.db
    .selectFrom("suspicion_reports")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function record(overrides: Record<string, unknown> = {}, by: Client = admin) {
  return by.post(REGISTER, reportInput(overrides));
}

describe("the due day", () => {
  it.each([
    ["2026-01-02", "2026-01-13", "a Friday: two weekends skipped"],
    ["2026-11-28", "2026-12-08", "a Saturday: counted from the Monday"],
    ["2026-12-31", "2027-01-11", "across the year's end"],
    ["2026-11-23", "2026-12-02", "a Monday"],
  ])("seven working days after %s is %s (%s)", (concluded, due) => {
    expect(addWorkingDays(concluded, 7)).toBe(due);
  });
});

describe("recording a report", () => {
  it("keeps the grounds, the orders and the due day, audited, and the customer sees nothing of it", async () => {
    const response = await record();
    expect(response.status, response.text).toBe(201);
    expect(response.json).toMatchObject({
      customer: { id: customer.userId, email: customer.email },
      orderIds: [order.id],
      grounds: GROUNDS,
      concludedOn: "2026-01-02",
      dueOn: "2026-01-13",
      isOverdue: true,
      recordedBy: admin.email,
      filedOn: null,
      fiuReference: null,
    });
    const audit = await testApp.db
      .selectFrom("audit_log")
      .select(["actor_id", "target_id"])
      .where("action", "=", "suspicion.recorded")
      .where("target_id", "=", response.json.id)
      .execute();
    expect(audit).toEqual([{ actor_id: admin.userId, target_id: response.json.id }]);

    // No tipping off: the customer's own answers say nothing, and the register is closed to them.
    for (const path of ["/api/orders", `/api/orders/${order.id}`, "/api/auth/get-session"]) {
      const answer = await customer.get(path);
      expect(answer.status, `${path}: ${answer.text}`).toBe(200);
      expect(answer.text).not.toContain(response.json.id);
      expect(answer.text).not.toContain("six different accounts");
      expect(answer.text.toLowerCase()).not.toContain("suspic");
    }
    expect((await customer.get(REGISTER)).status).toBe(403);
    expect((await record({}, customer)).status).toBe(403);
  });

  it.each([
    ["no grounds", { grounds: "" }, "grounds"],
    ["grounds of a word", { grounds: "odd" }, "grounds"],
    ["grounds with a control character", { grounds: `${GROUNDS}\u202e` }, "grounds"],
    ["grounds nobody can see", { grounds: "\u200b".repeat(20) }, "grounds"],
    ["a day before the customer signed up", { concludedOn: "2025-11-30" }, "concludedOn"],
    ["a day before the duty to report", { concludedOn: "2023-03-06" }, "concludedOn"],
    ["a day of year 0", { concludedOn: "0000-01-01" }, "concludedOn"],
    ["a day that does not exist", { concludedOn: "2026-02-30" }, "concludedOn"],
    ["a day written otherwise", { concludedOn: "02/01/2026" }, "concludedOn"],
    ["a day still to come", { concludedOn: "2999-01-01" }, "concludedOn"],
    ["an order id that is not one", { orderIds: ["not-an-id"] }, "orderIds.0"],
    [
      "an order twice",
      { orderIds: ["x", "x"].map(() => "0b0e7a52-0000-4000-8000-000000000001") },
      "orderIds",
    ],
    [
      "an order of someone else",
      { orderIds: ["0b0e7a52-0000-4000-8000-000000000001"] },
      "orderIds",
    ],
    [
      "too many orders",
      { orderIds: Array.from({ length: 51 }, () => crypto.randomUUID()) },
      "orderIds",
    ],
    ["a sell order id that is not one", { sellOrderIds: ["not-an-id"] }, "sellOrderIds.0"],
    [
      "a sell order of someone else",
      { sellOrderIds: ["0b0e7a52-0000-4000-8000-000000000002"] },
      "sellOrderIds",
    ],
    [
      "too many sell orders",
      { sellOrderIds: Array.from({ length: 51 }, () => crypto.randomUUID()) },
      "sellOrderIds",
    ],
  ])("refuses %s with 400 naming the field, and writes nothing", async (_, overrides, field) => {
    const before = await reportCount();
    const response = await record(overrides);
    expect(response.status, response.text).toBe(400);
    expect(response.json).toMatchObject({ code: "INVALID_INPUT", field });
    expect(response.json.error).toEqual(expect.any(String));
    expect(await reportCount()).toBe(before);
  });

  it("names the customer's sell orders too (issue 44), audited; another customer's is refused", async () => {
    const sale = await insertSale(testApp.db, customer, {
      depositUsdt: "500",
      status: "paid",
      depositAddress: "TDeskWallet",
    });
    const response = await record({ sellOrderIds: [sale.id.toUpperCase()] });
    expect(response.status, response.text).toBe(201);
    expect(response.json).toMatchObject({ orderIds: [order.id], sellOrderIds: [sale.id] });
    const audit = await testApp.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "suspicion.recorded")
      .where("target_id", "=", response.json.id)
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ sellOrderIds: [sale.id] });
    const listed = await admin.get(REGISTER);
    expect(JSON.stringify(listed.json)).toContain(sale.id);

    const other = await signedInCustomer(testApp);
    const theirs = await insertSale(testApp.db, other, {
      depositUsdt: "501",
      depositAddress: "TDeskWallet",
    });
    const before = await reportCount();
    const refused = await record({ sellOrderIds: [theirs.id] });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ field: "sellOrderIds" });
    expect(refused.json.error).toContain("not one of this customer's sell orders");
    expect(await reportCount()).toBe(before);
  });

  it("answers 404 for no such customer, and 403 for a report on an admin, who would read it", async () => {
    const before = await reportCount();
    const unknown = await record({ userId: "no-such-user", orderIds: [] });
    expect(unknown.status, unknown.text).toBe(404);
    const own = await record({ userId: admin.userId, orderIds: [] });
    expect(own.status, own.text).toBe(403);
    expect(own.json.code).toBe("OWN_RECORD");
    const otherAdmin = await signedInAdmin(testApp, { isElevated: false });
    const onAdmin = await record({ userId: otherAdmin.userId, orderIds: [] });
    expect(onAdmin.status, onAdmin.text).toBe(403);
    expect(onAdmin.json.code).toBe("REPORT_ON_ADMIN");
    expect(await reportCount()).toBe(before);
  });

  it("keeps a customer it names from being made an administrator", async () => {
    expect((await record()).status).toBe(201);
    const promoted = await admin.post(`/api/admin/users/${customer.userId}/role`, {
      role: "admin",
    });
    expect(promoted.status, promoted.text).toBe(409);
    expect(promoted.json.code).toBe("NAMED_IN_REPORT");
    const row = await testApp.db
      .selectFrom("user")
      .select("role")
      .where("id", "=", customer.userId)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe("user");
  });

  it("is closed to a signed-out visitor and to an admin without step-up", async () => {
    expect((await createClient(testApp).get(REGISTER)).status).toBe(401);
    const unelevated = await signedInAdmin(testApp, { isElevated: false });
    expect((await unelevated.get(REGISTER)).status).toBe(403);
    expect((await record({}, unelevated)).status).toBe(403);
  });
});

describe("the register and filing", () => {
  it("lists the unfiled due first; a filed report moves to the filed list with FIU-IND's reference, once", async () => {
    const later = await record({ concludedOn: "2026-03-02", orderIds: [] });
    const earlier = await record({ concludedOn: "2026-02-02", orderIds: [] });
    const register = await admin.get(REGISTER);
    expect(register.status, register.text).toBe(200);
    const dueDays = register.json.unfiled.map((report: { dueOn: string }) => report.dueOn);
    expect(dueDays).toEqual([...dueDays].sort());
    const unfiledIds = register.json.unfiled.map((report: { id: string }) => report.id);
    expect(unfiledIds.indexOf(earlier.json.id)).toBeLessThan(unfiledIds.indexOf(later.json.id));

    const filedPath = `${REGISTER}/${earlier.json.id}/filed`;
    const filed = await admin.post(filedPath, {
      fiuReference: "STR-2026-0042",
      filedOn: "2026-02-05",
    });
    expect(filed.status, filed.text).toBe(200);
    expect(filed.json).toMatchObject({
      filedOn: "2026-02-05",
      fiuReference: "STR-2026-0042",
      filedBy: admin.email,
      isOverdue: false,
    });
    const again = await admin.post(filedPath, {
      fiuReference: "STR-2026-0043",
      filedOn: "2026-02-06",
    });
    expect(again.status, again.text).toBe(409);

    const after = await admin.get(REGISTER);
    const ids = (list: { id: string }[]) => list.map((report) => report.id);
    expect(ids(after.json.unfiled)).not.toContain(earlier.json.id);
    expect(ids(after.json.filed)[0]).toBe(earlier.json.id);
    expect(after.json.filed[0].fiuReference).toBe("STR-2026-0042");
  });

  it("counts on the dashboard the reports to file and those past due; one concluded today is not", async () => {
    const dashboard = async () => (await admin.get("/api/admin/dashboard")).json.suspicionReports;
    const before = await dashboard();
    expect((await record({ concludedOn: "2026-01-05", orderIds: [] })).json.isOverdue).toBe(true);
    const today = await record({ concludedOn: undefined, orderIds: [] });
    expect(today.status, today.text).toBe(201);
    expect(today.json.isOverdue).toBe(false);
    expect(today.json.dueOn).toBe(addWorkingDays(today.json.concludedOn, 7));
    expect(await dashboard()).toEqual({ unfiled: before.unfiled + 2, overdue: before.overdue + 1 });
  });

  it.each([
    ["a day before the conclusion", { fiuReference: "STR-1", filedOn: "2026-04-30" }, 400],
    ["a day still to come", { fiuReference: "STR-1", filedOn: "2999-01-01" }, 400],
    ["no reference", { fiuReference: " ", filedOn: "2026-05-04" }, 400],
    ["a reference of two lines", { fiuReference: "STR\n1", filedOn: "2026-05-04" }, 400],
    ["a reference of no letter or digit", { fiuReference: "-", filedOn: "2026-05-04" }, 400],
  ])("refuses filing with %s, and leaves the report unfiled", async (_, body, status) => {
    const report = await record({ concludedOn: "2026-05-01", orderIds: [] });
    const response = await admin.post(`${REGISTER}/${report.json.id}/filed`, body);
    expect(response.status, response.text).toBe(status);
    const row = await testApp.db
      .selectFrom("suspicion_reports")
      .select(["filed_on", "fiu_reference", "filed_by"])
      .where("id", "=", report.json.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ filed_on: null, fiu_reference: null, filed_by: null });
  });

  it("answers 404 for no such report, and 400 for a malformed id or cursor", async () => {
    const body = { fiuReference: "STR-9", filedOn: "2026-05-04" };
    const missing = await admin.post(`${REGISTER}/${crypto.randomUUID()}/filed`, body);
    expect(missing.status, missing.text).toBe(404);
    expect((await admin.post(`${REGISTER}/not-an-id/filed`, body)).status).toBe(400);
    expect((await admin.get(`${REGISTER}?cursor=bogus`)).status).toBe(400);
  });
});

describe("the operators' daily reminder", () => {
  /** Every report filed, so each case starts from none to file. */
  async function fileAll() {
    await testApp.db
      .updateTable("suspicion_reports")
      .set({
        filed_on: sql<string>`concluded_on + 1`,
        fiu_reference: "STR-TEST",
        filed_at: sql<Date>`now()`,
      })
      .where("filed_on", "is", null)
      .execute();
  }

  async function reminders() {
    const rows = await testApp.db
      .selectFrom("notification_outbox")
      .select("payload")
      .where("topic", "=", "suspicion.due")
      .orderBy("id")
      .execute();
    return rows.map((row) => JSON.stringify(row.payload));
  }

  it("counts the reports due within two working days or past due, naming no customer", async () => {
    await fileAll();
    const before = (await reminders()).length;
    expect(await testApp.remindSuspicionReportsDue()).toEqual({ due: 0 });
    expect(await reminders()).toHaveLength(before);

    expect((await record({ concludedOn: "2026-01-05", orderIds: [] })).status).toBe(201);
    // Concluded today: due in seven working days, not yet in the reminder.
    expect((await record({ concludedOn: undefined, orderIds: [] })).status).toBe(201);
    expect(await testApp.remindSuspicionReportsDue()).toEqual({ due: 1, overdue: 1 });
    const sent = (await reminders()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(
      "Suspicious transaction reports to file at FIU-IND: 1, the first due 2026-01-14, 1 of them past due.",
    );
    expect(sent[0]).toContain("/admin/risk");
    expect(sent[0]).not.toContain(customer.email);
    expect(sent[0]).not.toContain("six different accounts");
  });
});
