import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { insertUpiAccount, retireReceivingAccounts } from "../../testing/desk-accounts";
import { insertSale } from "../../testing/sales";
import { type SampleTransaction, sampleStatementCsv } from "../../testing/statement-fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { RawBody } from "../../testing/test-client";

/*
 * Reconciliation of debits (issue 44): the rupees paid to customers who sold USDT
 * leave a desk account; its statement's debits are matched to the paid sell orders
 * by UTR, amount and account.
 */

let testApp: TestApp;
let admin: Client;
let customer: Awaited<ReturnType<typeof signedInCustomer>>;
let accountId: string;
let otherAccountId: string;

function indiaDay(offset = 0) {
  return new Date(Date.now() + 5.5 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);
}

let utrCounter = 710_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;
function nextUtr() {
  utrCounter += 1;
  return String(utrCounter);
}

/** A UPI payment out of the desk's account, as SBI prints it. */
const upiDebit = (utr: string, amount: string, payee = "RAHUL KUMAR", date = indiaDay()) =>
  ({
    date,
    narration: `UPI/DR/${utr}/${payee}/HDFC/rahul@okhdfcbank/Payment`,
    debit: amount,
  }) satisfies SampleTransaction;

/** A credit on each end day, so the statement covers from..to without a debit of its own. */
const coverage = (from: number, to: number): SampleTransaction[] => [
  { date: indiaDay(from), narration: "CASH DEPOSIT MG ROAD", credit: "100.00" },
  { date: indiaDay(to), narration: "CASH DEPOSIT MG ROAD", credit: "100.00" },
];

function upload(transactions: SampleTransaction[], account = accountId) {
  return admin.request(
    "POST",
    `/api/admin/reconciliation/accounts/${account}/statements?name=debits.csv`,
    new RawBody(sampleStatementCsv("sbi", transactions)),
    { "content-type": "text/csv" },
  );
}

type DebitGroups = Record<
  "matched" | "mismatch" | "unmatched" | "missing",
  { count: number; totalInr: string; items: Record<string, unknown>[] }
>;

async function debitGroups(account = accountId): Promise<DebitGroups> {
  const response = await admin.get(`/api/admin/reconciliation/accounts/${account}/debits`);
  expect(response.status, response.text).toBe(200);
  return response.json.groups;
}

async function referencesByGroup(account = accountId) {
  return Object.fromEntries(
    Object.entries(await debitGroups(account)).map(([group, { items }]) => [
      group,
      items.map((item) => item.reference).sort(),
    ]),
  );
}

/** A sale paid from `account` with this UTR: 100 USDT at 85 is 8,500 rupees. */
function paidSale(
  utr: string,
  { account = accountId, usdt = "100", at }: { account?: string; usdt?: string; at?: Date } = {},
) {
  return insertSale(testApp.db, customer, {
    depositUsdt: usdt,
    status: "paid",
    depositAddress: "TDeskWallet",
    paid: { utr, fromAccountId: account, at },
  });
}

async function auditCount() {
  const row = await testApp.db
    .selectFrom("audit_log")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
  customer = await signedInCustomer(testApp);
});
afterAll(() => testApp.close());
beforeEach(async () => {
  await retireReceivingAccounts(testApp.db);
  accountId = await insertUpiAccount(testApp.db);
  otherAccountId = await insertUpiAccount(testApp.db);
});

describe("a statement's debits", () => {
  it("are matched to paid sales by UTR, amount and account; the rest are mismatch, unmatched or missing", async () => {
    const [matched, underpaid, elsewhere, missing, outside] = [1, 2, 3, 4, 5].map(nextUtr);
    const bankFee = nextUtr();
    await paidSale(matched as string);
    await paidSale(underpaid as string);
    await paidSale(elsewhere as string, { account: otherAccountId });
    await paidSale(missing as string);
    // Paid a week ago: no statement covers its day, so its debit is not looked for.
    await paidSale(outside as string, { at: new Date(Date.now() - 7 * 86_400_000) });

    const imported = await upload([
      ...coverage(-1, 0),
      upiDebit(matched as string, "8500.00"),
      upiDebit(underpaid as string, "8400.00"),
      upiDebit(elsewhere as string, "8500.00"),
      upiDebit(bankFee, "17.70", "SBI CHARGES"),
    ]);
    expect(imported.status, imported.text).toBe(201);
    expect(imported.json).toMatchObject({ creditsRead: 2, debitsRead: 4, debitsAdded: 4 });

    expect(await referencesByGroup()).toEqual({
      matched: [matched],
      mismatch: [elsewhere, underpaid].sort(),
      unmatched: [bankFee],
      missing: [missing],
    });
    const groups = await debitGroups();
    expect(groups.matched).toMatchObject({ count: 1, totalInr: "8500.00" });
    expect(groups.unmatched).toMatchObject({ count: 1, totalInr: "17.70" });
    const [wrongAccount] = groups.mismatch.items.filter((item) => item.reference === elsewhere);
    expect(wrongAccount).toMatchObject({
      amount: "8500.00",
      sellOrderAmount: "8500.00",
      payeeName: "RAHUL KUMAR",
    });
    expect(wrongAccount?.sellOrderAccountLabel).toEqual(expect.any(String));
    expect(groups.missing.items[0]).toMatchObject({
      debitId: null,
      amount: null,
      sellOrderAmount: "8500.00",
      sellOrderEmail: customer.email,
    });

    // The dashboard's totals, over every account.
    const summary = await admin.get("/api/admin/reconciliation/summary");
    expect(summary.status).toBe(200);
    expect(summary.json).toMatchObject({
      unmatchedDebitsCount: 1,
      unmatchedDebitsInr: "17.70",
      missingDebitsCount: 1,
    });
    // The other account's sale is missing there: its account has no statement yet.
    expect((await debitGroups(otherAccountId)).missing.count).toBe(0);
  });

  it("matches a sale paid through the payout queue, its UTR typed as the bank app groups it", async () => {
    const received = await insertSale(testApp.db, customer, {
      depositUsdt: "100",
      status: "received",
      depositAddress: "TDeskWallet",
    });
    const utr = nextUtr();
    const paid = await admin.post(`/api/admin/sell-orders/${received.id}/paid`, {
      utr: `${utr.slice(0, 4)} ${utr.slice(4, 8)} ${utr.slice(8)}`,
      paidFromAccountId: accountId,
    });
    expect(paid.status, paid.text).toBe(200);
    await upload([...coverage(0, 0), upiDebit(utr, "8500.00")]);
    const groups = await debitGroups();
    expect(groups.matched.items.map((item) => item.sellOrderId)).toEqual([received.id]);
    expect(groups.missing.count).toBe(0);
  });

  it("keeps each debit once, and leaves the credits' groups as they were", async () => {
    const utr = nextUtr();
    await paidSale(utr);
    const statement = [...coverage(0, 0), upiDebit(utr, "8500.00")];
    expect((await upload(statement)).json).toMatchObject({ debitsRead: 1, debitsAdded: 1 });
    expect((await upload(statement)).json).toMatchObject({ debitsRead: 1, debitsAdded: 0 });
    expect((await debitGroups()).matched.count).toBe(1);

    const credits = await admin.get(`/api/admin/reconciliation/accounts/${accountId}`);
    expect(credits.json.groups.unclaimed.count).toBe(2);
    expect(credits.json.imports[0]).toMatchObject({ debitsRead: 1, debitsAdded: 0 });
    expect(JSON.stringify(credits.json.groups)).not.toContain(utr);
  });

  it("a sale paid after its debit was imported is matched the next time anyone looks", async () => {
    const utr = nextUtr();
    await upload([...coverage(0, 0), upiDebit(utr, "8500.00")]);
    expect(await referencesByGroup()).toMatchObject({ unmatched: [utr], matched: [] });
    await paidSale(utr);
    expect(await referencesByGroup()).toMatchObject({ unmatched: [], matched: [utr] });
  });

  it("two identical debits without a reference on one day are two lines", async () => {
    const fee = { date: indiaDay(), narration: "SMS CHARGES", debit: "5.90" };
    await upload([fee, fee]);
    expect((await debitGroups()).unmatched).toMatchObject({ count: 2, totalInr: "11.80" });
  });
});

describe("a debit the bank printed no UTR for", () => {
  /** An IMPS payment out whose narration names the payee but no reference. */
  const debitWithoutUtr = (amount: string, date = indiaDay()) =>
    ({
      date,
      narration: "IMPS TRANSFER TO RAHUL KUMAR",
      debit: amount,
    }) satisfies SampleTransaction;

  /** The sale ids of each group. */
  async function salesByGroup(account = accountId) {
    return Object.fromEntries(
      Object.entries(await debitGroups(account)).map(([group, { items }]) => [
        group,
        items.map((item) => item.sellOrderId).sort(),
      ]),
    );
  }

  it("is matched to the one paid, unmatched sale of its account, amount and days", async () => {
    const sale = await paidSale(nextUtr(), { usdt: "101" });
    // Paid by UTR from the same account for the same rupees: its own debit names it.
    const namedByUtr = nextUtr();
    await paidSale(namedByUtr, { usdt: "101" });
    await upload([
      ...coverage(-1, 0),
      debitWithoutUtr(sale.inr_amount, indiaDay(-1)),
      upiDebit(namedByUtr, sale.inr_amount),
    ]);
    const groups = await debitGroups();
    expect(groups.matched.items).toHaveLength(2);
    expect(groups.matched.items).toContainEqual(
      expect.objectContaining({ reference: null, amount: sale.inr_amount, sellOrderId: sale.id }),
    );
    expect(groups.unmatched.count).toBe(0);
    expect(groups.missing.count).toBe(0);
    // Matched, it is no operator's to mark not a sale.
    const [withoutUtr] = groups.matched.items.filter((item) => item.reference === null);
    const refused = await admin.post(
      `/api/admin/reconciliation/debits/${withoutUtr?.debitId}/decision`,
      { decision: "notASale", note: "A charge" },
    );
    expect(refused.status).toBe(409);
  });

  it("is never matched when two paid sales fit it: both stay missing, it stays unmatched", async () => {
    const [first, second] = [await paidSale(nextUtr()), await paidSale(nextUtr())];
    await upload([...coverage(0, 0), debitWithoutUtr("8500.00")]);
    expect(await salesByGroup()).toEqual({
      matched: [],
      mismatch: [],
      unmatched: [null],
      missing: [first.id, second.id].sort(),
    });
  });

  it("is never matched when two such debits fit one sale", async () => {
    const sale = await paidSale(nextUtr(), { usdt: "102" });
    await upload([
      ...coverage(0, 0),
      debitWithoutUtr(sale.inr_amount),
      { ...debitWithoutUtr(sale.inr_amount), narration: "IMPS TRANSFER TO R KUMAR" },
    ]);
    const groups = await debitGroups();
    expect(groups.matched.count).toBe(0);
    expect(groups.unmatched.count).toBe(2);
    expect(groups.missing.items.map((item) => item.sellOrderId)).toEqual([sale.id]);
  });

  it("is not matched to a sale paid from another account, for other rupees, or days apart", async () => {
    const fromOther = await paidSale(nextUtr(), { account: otherAccountId, usdt: "103" });
    await paidSale(nextUtr(), { usdt: "104" });
    const daysApart = await paidSale(nextUtr(), {
      usdt: "105",
      at: new Date(Date.now() - 3 * 86_400_000),
    });
    await upload([
      ...coverage(-3, 0),
      debitWithoutUtr(fromOther.inr_amount),
      debitWithoutUtr("8839.50"),
      debitWithoutUtr(daysApart.inr_amount),
    ]);
    const groups = await debitGroups();
    expect(groups.matched.count).toBe(0);
    expect(groups.unmatched.count).toBe(3);
    expect(groups.missing.count).toBe(2);
    expect((await debitGroups(otherAccountId)).missing.count).toBe(0);
  });

  it("a sale paid after the debit was imported is matched the next time anyone looks", async () => {
    await upload([...coverage(0, 0), debitWithoutUtr("9010.00")]);
    expect((await debitGroups()).unmatched.count).toBe(1);
    const sale = await paidSale(nextUtr(), { usdt: "106" });
    expect(sale.inr_amount).toBe("9010.00");
    expect((await salesByGroup()).matched).toEqual([sale.id]);
  });
});

describe("an operator's decision about a debit", () => {
  it("marks an unmatched debit not a sale with a note, audited, and it leaves the groups", async () => {
    const utr = nextUtr();
    await upload([upiDebit(utr, "25000.00", "RUPEEDESK TRADING")]);
    const [debit] = (await debitGroups()).unmatched.items;
    const decided = await admin.post(
      `/api/admin/reconciliation/debits/${debit?.debitId}/decision`,
      {
        decision: "notASale",
        note: "  Moved to the desk's ICICI account  ",
      },
    );
    expect(decided.status, decided.text).toBe(200);
    expect(decided.json).toEqual({ debitId: debit?.debitId, decision: "not_a_sale" });
    expect((await debitGroups()).unmatched.count).toBe(0);

    const entry = await testApp.db
      .selectFrom("audit_log")
      .select(["action", "target_id", "details"])
      .where("action", "=", "statement_debit.not_a_sale")
      .executeTakeFirstOrThrow();
    expect(entry.target_id).toBe(accountId);
    expect(entry.details).toMatchObject({
      note: "Moved to the desk's ICICI account",
      statementDebit: { reference: utr, amount: "25000.00", file: "debits.csv" },
    });
    // Decided once: the second is told, and nothing more is written.
    const audits = await auditCount();
    const again = await admin.post(`/api/admin/reconciliation/debits/${debit?.debitId}/decision`, {
      decision: "notASale",
      note: "again",
    });
    expect(again.status).toBe(404);
    expect(await auditCount()).toBe(audits);
  });

  it("accepts a mismatch for its sale; refuses the decision that does not fit the group", async () => {
    const [short, unknown] = [nextUtr(), nextUtr()];
    await paidSale(short);
    await upload([upiDebit(short, "8490.00"), upiDebit(unknown, "300.00")]);
    const groups = await debitGroups();
    const mismatch = groups.mismatch.items[0]?.debitId as string;
    const unmatched = groups.unmatched.items[0]?.debitId as string;
    const audits = await auditCount();

    const notASale = await admin.post(`/api/admin/reconciliation/debits/${mismatch}/decision`, {
      decision: "notASale",
      note: "x",
    });
    expect(notASale.status).toBe(409);
    const accept = await admin.post(`/api/admin/reconciliation/debits/${unmatched}/decision`, {
      decision: "accept",
      note: "x",
    });
    expect(accept.status).toBe(409);
    expect(await auditCount()).toBe(audits);

    const accepted = await admin.post(`/api/admin/reconciliation/debits/${mismatch}/decision`, {
      decision: "accept",
      note: "The bank took a 10 rupee IMPS fee from the amount",
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json.decision).toBe("accepted");
    expect((await debitGroups()).mismatch.count).toBe(0);
    // Its sale has its debit: it is not missing either.
    expect((await debitGroups()).missing.count).toBe(0);
  });

  it("refuses bad input with a clear 4xx and writes nothing", async () => {
    await upload([upiDebit(nextUtr(), "300.00")]);
    const debitId = (await debitGroups()).unmatched.items[0]?.debitId as string;
    const audits = await auditCount();
    const cases: [string, unknown, number, string][] = [
      [debitId, { decision: "notASale", note: "   " }, 400, "Write a note"],
      [debitId, { decision: "notASale", note: "x".repeat(501) }, 400, "longer than 500"],
      [debitId, { decision: "refund", note: "x" }, 400, "decision"],
      [debitId, { decision: "notASale", note: "a\u0000b" }, 400, "control character"],
      ["not-a-uuid", { decision: "notASale", note: "x" }, 400, "statement debit"],
      [crypto.randomUUID(), { decision: "notASale", note: "x" }, 404, "No open debit"],
    ];
    for (const [id, body, status, text] of cases) {
      const response = await admin.post(`/api/admin/reconciliation/debits/${id}/decision`, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.text).toContain(text);
    }
    expect(await auditCount()).toBe(audits);
    expect((await debitGroups()).unmatched.count).toBe(1);
    const noAccount = await admin.get(
      `/api/admin/reconciliation/accounts/${crypto.randomUUID()}/debits`,
    );
    expect(noAccount.status).toBe(404);
  });

  it("two operators deciding one debit at once: one wins, one audit entry", async () => {
    await upload([upiDebit(nextUtr(), "400.00")]);
    const debitId = (await debitGroups()).unmatched.items[0]?.debitId as string;
    const second = await signedInAdmin(testApp);
    const audits = await auditCount();
    const answers = await Promise.all(
      [admin, second].map((operator) =>
        operator.post(`/api/admin/reconciliation/debits/${debitId}/decision`, {
          decision: "notASale",
          note: "A transfer to the desk's other account",
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
    expect(await auditCount()).toBe(audits + 1);
  });

  it("is for admins only", async () => {
    const customerAnswer = await customer.get(
      `/api/admin/reconciliation/accounts/${accountId}/debits`,
    );
    expect(customerAnswer.status).toBe(403);
  });
});
