import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { insertUpiAccount, retireReceivingAccounts } from "../../testing/desk-accounts";
import { nextReference, orderStatus, placeOrder } from "../../testing/orders";
import {
  type SampleTransaction,
  sampleStatementCsv,
  toXlsx,
} from "../../testing/statement-fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { RawBody } from "../../testing/test-client";

let testApp: TestApp;
let admin: Client;
let customer: Awaited<ReturnType<typeof signedInCustomer>>;
let accountId: string;

/** A day relative to today in India, as statements date it. */
function indiaDay(offset = 0) {
  return new Date(Date.now() + 5.5 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);
}

const upiCredit = (reference: string, amount: string, payer = "RAHUL KUMAR", date = indiaDay()) =>
  ({
    date,
    narration: `UPI/CR/${reference}/${payer}/HDFC/payer@okhdfcbank/Payment`,
    credit: amount,
  }) satisfies SampleTransaction;

/** Statement lines that say which days it covers, without moving money to an order. */
const coverage = (from: number, to: number): SampleTransaction[] => [
  { date: indiaDay(from), narration: "ATM WDL MG ROAD", debit: "100.00" },
  { date: indiaDay(to), narration: "ATM WDL MG ROAD", debit: "100.00" },
];

function upload(
  content: string | Uint8Array<ArrayBuffer>,
  { as = admin, account = accountId, name = "statement.csv" } = {},
) {
  return as.request(
    "POST",
    `/api/admin/reconciliation/accounts/${account}/statements?name=${encodeURIComponent(name)}`,
    new RawBody(content),
    { "content-type": "text/csv" },
  );
}

async function groups(account = accountId) {
  const response = await admin.get(`/api/admin/reconciliation/accounts/${account}`);
  expect(response.status, response.text).toBe(200);
  return response.json.groups as Record<
    string,
    { count: number; totalInr: string; items: Record<string, unknown>[] }
  >;
}

/** Which references are in which group. */
async function referencesByGroup(account = accountId) {
  const all = await groups(account);
  return Object.fromEntries(
    Object.entries(all).map(([group, { items }]) => [
      group,
      items.map((item) => item.reference).sort(),
    ]),
  );
}

async function tableCounts() {
  const count = async (table: "statement_lines" | "statement_imports" | "audit_log") =>
    Number(
      (
        await testApp.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    lines: await count("statement_lines"),
    imports: await count("statement_imports"),
    audit: await count("audit_log"),
  };
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
  customer = await signedInCustomer(testApp);
});
afterAll(() => testApp.close());
beforeEach(async () => {
  // Each test has an account of its own, the only one customers are offered.
  await retireReceivingAccounts(testApp.db);
  accountId = await insertUpiAccount(testApp.db);
});

describe("importing a statement", () => {
  it("sorts credits into matched, mismatch, third-party, payer not named, unclaimed and not received", async () => {
    const matched = await placeOrder(customer, { amount: "8600", payerName: "Rahul Kumar" });
    const byInitial = await placeOrder(customer, { amount: "1000", payerName: "Rahul Kumar" });
    const underpaid = await placeOrder(customer, { amount: "5000", payerName: "Rahul Kumar" });
    const thirdParty = await placeOrder(customer, { amount: "2000", payerName: "Rahul Kumar" });
    const nameless = await placeOrder(customer, { amount: "2100", payerName: "Rahul Kumar" });
    const notPaid = await placeOrder(customer, { amount: "3000", payerName: "Rahul Kumar" });
    const unclaimed = nextReference();

    const imported = await upload(
      sampleStatementCsv("sbi", [
        ...coverage(-1, 1),
        upiCredit(matched.paymentReference, "8600.00", "rahul  kumar"),
        upiCredit(byInitial.paymentReference, "1000.00", "R KUMAR"),
        upiCredit(underpaid.paymentReference, "4999.00"),
        upiCredit(thirdParty.paymentReference, "2000.00", "ANITA DESAI"),
        // The statement names no payer: nobody can say it was the customer.
        {
          date: indiaDay(),
          narration: `UPI/${nameless.paymentReference}/Payment/someone77@okaxis`,
          credit: "2100.00",
        },
        upiCredit(unclaimed, "750.00", "SURESH NAIR"),
      ]),
    );
    expect(imported.status, imported.text).toBe(201);
    expect(imported.json).toMatchObject({
      fileName: "statement.csv",
      firstValueDate: indiaDay(-1),
      lastValueDate: indiaDay(1),
      creditsRead: 6,
      creditsAdded: 6,
      creditsAlreadyImported: 0,
      debitsRead: 2,
    });

    const all = await groups();
    expect(all.matched?.count).toBe(2);
    expect(all.matched?.totalInr).toBe("9600.00");
    expect(await referencesByGroup()).toEqual({
      matched: [matched.paymentReference, byInitial.paymentReference].sort(),
      mismatch: [underpaid.paymentReference],
      thirdParty: [thirdParty.paymentReference],
      payerUnknown: [nameless.paymentReference],
      otherAccount: [],
      unclaimed: [unclaimed],
      notReceived: [notPaid.paymentReference],
    });
    expect(all.mismatch?.items[0]).toMatchObject({ amount: "4999.00", orderAmount: "5000.00" });
    expect(all.thirdParty?.items[0]).toMatchObject({
      payerName: "ANITA DESAI",
      orderPayerName: "Rahul Kumar",
    });
  });

  it("takes a verified customer's PAN name as the payer's, whatever name the order gives", async () => {
    const verified = await signedInCustomer(testApp);
    const order = await placeOrder(verified, { amount: "2500", payerName: "Rahul Kumar" });
    await upload(
      sampleStatementCsv("sbi", [upiCredit(order.paymentReference, "2500.00", "ANITA DESAI")]),
    );
    expect((await referencesByGroup()).thirdParty).toEqual([order.paymentReference]);

    // What approving the customer's verification records (decide-verification.ts).
    await testApp.db
      .insertInto("customer_verifications")
      .values({ user_id: verified.userId, status: "verified", verified_name: "Anita Desai" })
      .execute();
    const all = await groups();
    expect(all.thirdParty?.count).toBe(0);
    expect(all.matched?.items.find((item) => item.orderId === order.id)).toMatchObject({
      payerName: "ANITA DESAI",
      orderPayerName: "Rahul Kumar",
      orderVerifiedName: "Anita Desai",
    });

    // Verified, the customer is who must pay: the name they typed is not enough.
    const typedOnly = await placeOrder(verified, { amount: "2600", payerName: "Vikram Singh" });
    await upload(
      sampleStatementCsv("sbi", [upiCredit(typedOnly.paymentReference, "2600.00", "VIKRAM SINGH")]),
    );
    expect((await referencesByGroup()).thirdParty).toEqual([typedOnly.paymentReference]);
  });

  it("matches an unclaimed credit once the customer places the order with its reference", async () => {
    const reference = nextReference();
    await upload(sampleStatementCsv("hdfc", [upiCredit(reference, "1200.00")]));
    expect((await referencesByGroup()).unclaimed).toEqual([reference]);

    await placeOrder(customer, { amount: "1200", paymentReference: reference });

    const after = await referencesByGroup();
    expect(after.unclaimed).toEqual([]);
    expect(after.matched).toEqual([reference]);
  });

  it("flags an order not received only once statements cover its day and the grace day after", async () => {
    const order = await placeOrder(customer, { amount: "3000" });
    await upload(sampleStatementCsv("sbi", coverage(-1, 0)));
    expect((await referencesByGroup()).notReceived).toEqual([]);

    await upload(sampleStatementCsv("sbi", coverage(1, 1)), { name: "next-day.csv" });
    expect((await referencesByGroup()).notReceived).toEqual([order.paymentReference]);
  });

  it("adds only the new credits of the same or an overlapping statement", async () => {
    const [a, b, c] = [nextReference(), nextReference(), nextReference()];
    const first = await upload(
      sampleStatementCsv("axis", [upiCredit(a, "100.00"), upiCredit(b, "200.00")]),
    );
    expect(first.json).toMatchObject({ creditsAdded: 2, creditsAlreadyImported: 0 });
    const again = await upload(
      sampleStatementCsv("axis", [upiCredit(a, "100.00"), upiCredit(b, "200.00")]),
    );
    expect(again.json).toMatchObject({ creditsAdded: 0, creditsAlreadyImported: 2 });
    const overlapping = await upload(
      sampleStatementCsv("kotak", [upiCredit(b, "200.00"), upiCredit(c, "300.00")]),
    );
    expect(overlapping.json).toMatchObject({ creditsAdded: 1, creditsAlreadyImported: 1 });
    expect((await referencesByGroup()).unclaimed).toEqual([a, b, c].sort());
  });

  it("keeps a credit in its import's account: the database refuses a line naming another", async () => {
    const imported = await upload(sampleStatementCsv("sbi", [upiCredit(nextReference(), "10.00")]));
    const otherAccount = await insertUpiAccount(testApp.db);
    const forged = {
      import_id: imported.json.importId as string,
      line_number: 99,
      value_date: indiaDay(),
      amount: "10.00",
      narration: "UPI/CR/forged",
      line_key: "FORGED-LINE",
    };
    await expect(
      testApp.db
        .insertInto("statement_lines")
        .values({ ...forged, receiving_account_id: otherAccount })
        .execute(),
    ).rejects.toMatchObject({ code: "23503", constraint: "statement_lines_import_account" });
  });

  it("finds a payment made into another of the desk's accounts: not unclaimed there, not missing here", async () => {
    const order = await placeOrder(customer, { amount: "4000" });
    const otherAccount = await insertUpiAccount(testApp.db, {
      label: "Old UPI",
      retired_at: new Date(),
    });
    // The order's own account's statement covers its days without it.
    await upload(sampleStatementCsv("sbi", coverage(-1, 1)));
    await upload(
      sampleStatementCsv("sbi", [...coverage(-1, 1), upiCredit(order.paymentReference, "4000.00")]),
      { account: otherAccount },
    );

    const there = await groups(otherAccount);
    expect(there.unclaimed?.count).toBe(0);
    expect(there.otherAccount?.items).toEqual([
      expect.objectContaining({
        reference: order.paymentReference,
        amount: "4000.00",
        orderId: order.id,
        orderAccountLabel: expect.stringMatching(/^UPI \d+$/),
      }),
    ]);
    expect((await referencesByGroup()).notReceived).toEqual([]);
    expect((await referencesByGroup()).matched).toEqual([]);

    const lineId = there.otherAccount?.items[0]?.lineId as string;
    const accepted = await admin.post(`/api/admin/reconciliation/lines/${lineId}/decision`, {
      decision: "accept",
      note: "Customer used the old UPI ID",
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(await orderStatus(testApp, order.id)).toBe("processing");
    const line = await admin.get(`/api/admin/reconciliation/orders/${order.id}/statement-line`);
    const unknown = await admin.get(
      "/api/admin/reconciliation/orders/00000000-0000-4000-8000-000000000000/statement-line",
    );
    expect(unknown.status).toBe(404);
    expect(line.json.line).toMatchObject({
      otherAccountLabel: "Old UPI",
      decision: "accepted",
      decisionNote: "Customer used the old UPI ID",
    });
  });

  it("reads an XLSX statement, keeping a formula as text", async () => {
    const reference = nextReference();
    const file = await toXlsx([
      ["Value Date", "Description", "Ref No./Cheque No.", "Debit", "Credit"],
      [indiaDay(), `UPI/CR/${reference}/RAHUL KUMAR/HDFC`, "", "", "500.00"],
      [
        indiaDay(),
        { formula: 'HYPERLINK("http://evil.example","UPI/CR/1")', result: 1 },
        "",
        "",
        "1.00",
      ],
    ]);
    const response = await upload(new Uint8Array(file), { name: "nov.xlsx" });
    expect(response.status, response.text).toBe(201);
    const unclaimed = (await groups()).unclaimed?.items ?? [];
    expect(unclaimed.map((item) => item.narration)).toEqual([
      `UPI/CR/${reference}/RAHUL KUMAR/HDFC`,
      '=HYPERLINK("http://evil.example","UPI/CR/1")',
    ]);
  });

  it("reads a layout of its own through the column mapping saved for the account", async () => {
    const mapping = {
      date: "Posted On",
      narration: "Details",
      credit: "Money In",
      debit: "Money Out",
    };
    const saved = await admin.request(
      "PUT",
      `/api/admin/reconciliation/accounts/${accountId}/column-mapping`,
      mapping,
    );
    expect(saved.status, saved.text).toBe(200);
    const reference = nextReference();
    const response = await upload(
      `Posted On,Details,Money Out,Money In\r\n${indiaDay()},UPI/CR/${reference}/RAHUL KUMAR,,250.00\r\n`,
    );
    expect(response.status, response.text).toBe(201);
    expect((await referencesByGroup()).unclaimed).toEqual([reference]);
    const account = await admin.get(`/api/admin/reconciliation/accounts/${accountId}`);
    expect(account.json.columnMapping).toEqual(mapping);
    const audit = await testApp.db
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", accountId)
      .orderBy("created_at")
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      "statement.column_mapping_saved",
      "statement.imported",
    ]);
  });
});

describe("a file that is not a statement", () => {
  it.each([
    [
      "a file with no statement table",
      "Name,Email\r\nRahul,rahul@example.com\r\n",
      422,
      /No statement table found in the first 40 lines\. Expected a header row like/,
    ],
    [
      "a bad amount on line 8",
      sampleStatementCsv("sbi", [upiCredit(nextReference(), "12.345")]).replace(
        "12.345",
        "12.3.45",
      ),
      422,
      /^Line 8: the credit "12\.3\.45" is not an amount\. Expected rupees like 1,23,456\.78\.$/,
    ],
    [
      "a header with no transactions",
      sampleStatementCsv("hdfc", []),
      422,
      /no transactions\. Expected at least one line with a date/,
    ],
    ["a PDF", "%PDF-1.7\n...", 422, /This is a PDF\. Download the statement .* as CSV or Excel/],
    ["an empty file", "", 400, /The file is empty/],
  ])(
    "refuses %s, naming what was expected, and writes nothing",
    async (_, content, status, message) => {
      const before = await tableCounts();
      const response = await upload(content);
      expect(response.status, response.text).toBe(status);
      expect(response.json.error).toMatch(message);
      expect(await tableCounts()).toEqual(before);
    },
  );

  it("keeps nothing of a file whose last line is unreadable, however many lines came before", async () => {
    const good = Array.from({ length: 3_000 }, () => upiCredit(nextReference(), "10.00"));
    const csv = `${sampleStatementCsv("axis", good)}\r\n`.replace(
      /(\r\n\r\nUnless)/,
      `\r\nnot-a-date,,UPI/CR/1/X,,5.00,1,1$1`,
    );
    const before = await tableCounts();
    const response = await upload(csv);
    expect(response.status, response.text).toBe(422);
    expect(response.json.error).toMatch(/^Line \d+: "not-a-date" is not a date\./);
    expect(await tableCounts()).toEqual(before);
  });

  it("refuses a file over 20 MB before reading it, and keeps the usual limit elsewhere", async () => {
    const tooLarge = await admin.request(
      "POST",
      `/api/admin/reconciliation/accounts/${accountId}/statements`,
      new RawBody("x"),
      { "content-type": "text/csv", "content-length": String(20 * 1024 * 1024 + 1) },
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.error).toMatch(/larger than 20 MB/);
    const mapping = await admin.request(
      "PUT",
      `/api/admin/reconciliation/accounts/${accountId}/column-mapping`,
      new RawBody(JSON.stringify({ date: "x".repeat(70_000), narration: "n", credit: "c" })),
    );
    expect(mapping.status).toBe(413);
  });

  it("refuses a column mapping without a credit column, naming it", async () => {
    const response = await admin.request(
      "PUT",
      `/api/admin/reconciliation/accounts/${accountId}/column-mapping`,
      { date: "Date", narration: "Details" },
    );
    expect(response.status).toBe(400);
    expect(response.json.error).toMatch(/Name the credit column/);
  });

  it("refuses a column mapping whose header has a control character, and keeps the saved one", async () => {
    const path = `/api/admin/reconciliation/accounts/${accountId}/column-mapping`;
    const before = (await admin.get(`/api/admin/reconciliation/accounts/${accountId}`)).json;
    const response = await admin.request("PUT", path, {
      date: "\u0000",
      narration: "Details",
      credit: "Credit",
    });
    expect(response.status).toBe(400);
    expect(response.json.error).toBe("A column's header must not contain control characters.");
    expect((await admin.get(`/api/admin/reconciliation/accounts/${accountId}`)).json).toEqual(
      before,
    );
  });

  it("answers 404 for an account that does not exist", async () => {
    const response = await upload(sampleStatementCsv("sbi", coverage(0, 0)), {
      account: "00000000-0000-4000-8000-000000000000",
    });
    expect(response.status).toBe(404);
  });
});

describe("deciding", () => {
  it("verifies all matched: the orders move to processing, each audited with its statement line", async () => {
    const first = await placeOrder(customer, { amount: "8600" });
    const second = await placeOrder(customer, { amount: "100" });
    const mismatch = await placeOrder(customer, { amount: "700" });
    await upload(
      sampleStatementCsv("icici", [
        upiCredit(first.paymentReference, "8600.00"),
        upiCredit(second.paymentReference, "100.00"),
        upiCredit(mismatch.paymentReference, "600.00"),
      ]),
      { name: "icici-nov.csv" },
    );

    const response = await admin.post(
      `/api/admin/reconciliation/accounts/${accountId}/verify-matched`,
    );
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({
      verified: 2,
      skipped: 0,
      blockedPayers: 0,
      heldOrders: 0,
      ownOrders: 0,
    });

    expect(await orderStatus(testApp, first.id)).toBe("processing");
    expect(await orderStatus(testApp, second.id)).toBe("processing");
    expect(await orderStatus(testApp, mismatch.id)).toBe("pending");
    const audit = await testApp.db
      .selectFrom("audit_log")
      .select("details")
      .where("target_id", "=", first.id)
      .where("action", "=", "order.status_changed")
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({
      from: "pending",
      to: "processing",
      reconciliation: "verified",
      statementLine: {
        file: "icici-nov.csv",
        amount: "8600.00",
        reference: first.paymentReference,
        valueDate: indiaDay(),
      },
    });
    const events = await customer.get(`/api/orders/${first.id}`);
    expect(events.json.status).toBe("processing");

    const line = await admin.get(`/api/admin/reconciliation/orders/${first.id}/statement-line`);
    expect(line.json.line).toMatchObject({
      fileName: "icici-nov.csv",
      amount: "8600.00",
      decision: "verified",
    });
    const after = await groups();
    expect(after.matched?.count).toBe(0);
    expect(after.mismatch?.count).toBe(1);

    const nothingLeft = await admin.post(
      `/api/admin/reconciliation/accounts/${accountId}/verify-matched`,
    );
    expect(nothingLeft.json).toEqual({
      verified: 0,
      skipped: 0,
      blockedPayers: 0,
      heldOrders: 0,
      ownOrders: 0,
    });
  });

  it("moves each order once when two admins verify all matched at the same time", async () => {
    const orders = [
      await placeOrder(customer, { amount: "100" }),
      await placeOrder(customer, { amount: "200" }),
      await placeOrder(customer, { amount: "300" }),
    ];
    await upload(
      sampleStatementCsv(
        "sbi",
        orders.map((order, index) => upiCredit(order.paymentReference, `${(index + 1) * 100}.00`)),
      ),
    );
    const otherAdmin = await signedInAdmin(testApp);
    const answers = await Promise.all(
      [admin, otherAdmin].map((who) =>
        who.post(`/api/admin/reconciliation/accounts/${accountId}/verify-matched`),
      ),
    );
    const verified = answers.reduce((sum, answer) => sum + (answer.json.verified as number), 0);
    expect(verified).toBe(3);
    const events = await testApp.db
      .selectFrom("order_events")
      .select("order_id")
      .where(
        "order_id",
        "in",
        orders.map((order) => order.id),
      )
      .where("to_status", "=", "processing")
      .execute();
    expect(events.map((event) => event.order_id).sort()).toEqual(
      orders.map((order) => order.id).sort(),
    );
  });

  it("never verifies an order an operator cancelled: its credit is money without an order", async () => {
    const order = await placeOrder(customer, { amount: "900" });
    await upload(sampleStatementCsv("sbi", [upiCredit(order.paymentReference, "900.00")]));
    const cancelled = await admin.post(`/api/admin/orders/${order.id}/status`, {
      status: "cancelled",
    });
    expect(cancelled.status, cancelled.text).toBe(200);

    const verify = await admin.post(
      `/api/admin/reconciliation/accounts/${accountId}/verify-matched`,
    );
    expect(verify.json).toEqual({
      verified: 0,
      skipped: 0,
      blockedPayers: 0,
      heldOrders: 0,
      ownOrders: 0,
    });
    expect(await orderStatus(testApp, order.id)).toBe("cancelled");
    expect((await referencesByGroup()).unclaimed).toEqual([order.paymentReference]);
  });

  it("accepts a mismatch with a note: the order moves on, the note is audited and never shown to the customer", async () => {
    const order = await placeOrder(customer, { amount: "5000" });
    await upload(sampleStatementCsv("sbi", [upiCredit(order.paymentReference, "4990.00")]));
    const lineId = (await groups()).mismatch?.items[0]?.lineId as string;

    const before = await tableCounts();
    const noNote = await admin.post(`/api/admin/reconciliation/lines/${lineId}/decision`, {
      decision: "accept",
      note: "   ",
    });
    expect(noNote.status).toBe(400);
    expect(noNote.json.error).toBe("Write a note: why this decision.");
    expect(await tableCounts()).toEqual(before);

    const accepted = await admin.post(`/api/admin/reconciliation/lines/${lineId}/decision`, {
      decision: "accept",
      note: "Bank charged ₹10; customer told",
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json).toEqual({ lineId, decision: "accepted" });
    expect(await orderStatus(testApp, order.id)).toBe("processing");
    const audit = await testApp.db
      .selectFrom("audit_log")
      .select("details")
      .where("target_id", "=", order.id)
      .where("action", "=", "order.status_changed")
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({
      note: "Verified against the bank statement",
      decisionNote: "Bank charged ₹10; customer told",
      reconciliation: "accepted",
      statementLine: { id: lineId, amount: "4990.00" },
    });
    // The operator's words are the desk's: the customer's timeline reads the plain reason.
    const seen = await customer.get(`/api/orders/${order.id}`);
    expect(seen.text).not.toContain("Bank charged");
    expect(seen.json.events.at(-1)).toMatchObject({
      toStatus: "processing",
      note: "Verified against the bank statement",
    });

    const twice = await admin.post(`/api/admin/reconciliation/lines/${lineId}/decision`, {
      decision: "accept",
      note: "again",
    });
    expect(twice.status).toBe(404);
  });

  it("dismisses an unclaimed credit with a note, and refuses to accept one (it has no order)", async () => {
    await upload(sampleStatementCsv("sbi", [upiCredit(nextReference(), "300.00")]));
    const lineId = (await groups()).unclaimed?.items[0]?.lineId as string;

    const accept = await admin.post(`/api/admin/reconciliation/lines/${lineId}/decision`, {
      decision: "accept",
      note: "take it",
    });
    expect(accept.status).toBe(409);
    expect(accept.json.code).toBe("NOT_DECIDABLE");

    const dismissed = await admin.post(`/api/admin/reconciliation/lines/${lineId}/decision`, {
      decision: "dismiss",
      note: "Refunded to the payer",
    });
    expect(dismissed.status, dismissed.text).toBe(200);
    expect((await groups()).unclaimed?.count).toBe(0);
    const audit = await testApp.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("target_id", "=", accountId)
      .where("action", "=", "statement_line.dismissed")
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({
      group: "unclaimed",
      note: "Refunded to the payer",
      statementLine: { id: lineId, amount: "300.00" },
    });
  });

  it("shows the dashboard the unclaimed money and the orders not received", async () => {
    const before = await admin.get("/api/admin/reconciliation/summary");
    expect(before.status).toBe(200);
    await placeOrder(customer, { amount: "3000" });
    await upload(
      sampleStatementCsv("sbi", [...coverage(-1, 1), upiCredit(nextReference(), "450.50")]),
    );
    const after = await admin.get("/api/admin/reconciliation/summary");
    expect(after.json.unclaimedCount).toBe(before.json.unclaimedCount + 1);
    expect(Number(after.json.unclaimedInr) - Number(before.json.unclaimedInr)).toBeCloseTo(450.5);
    expect(after.json.notReceivedCount).toBeGreaterThan(before.json.notReceivedCount);
  });
});

describe("who may reconcile", () => {
  it("refuses customers, visitors and admins who did not step up, and writes nothing", async () => {
    const order = await placeOrder(customer, { amount: "8600" });
    const csv = sampleStatementCsv("sbi", [upiCredit(order.paymentReference, "8600.00")]);
    const notElevated = await signedInAdmin(testApp, { isElevated: false });
    const visitor = (await import("../../testing/test-client")).createClient(testApp);
    const before = await tableCounts();

    for (const [who, status] of [
      [customer, 403],
      [visitor, 401],
      [notElevated, 403],
    ] as const) {
      expect((await upload(csv, { as: who })).status).toBe(status);
      expect((await who.get(`/api/admin/reconciliation/accounts/${accountId}`)).status).toBe(
        status,
      );
      expect(
        (await who.post(`/api/admin/reconciliation/accounts/${accountId}/verify-matched`)).status,
      ).toBe(status);
      expect((await who.get("/api/admin/reconciliation/summary")).status).toBe(status);
    }
    expect(await tableCounts()).toEqual(before);
  });
});
