import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Client, freshEmail, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { insertUpiAccount, retireReceivingAccounts } from "../../testing/desk-accounts";
import {
  countRows,
  ERC20_WALLET,
  orderInput,
  placeOrder,
  postOrder,
  TRON_WALLET,
} from "../../testing/orders";
import { sampleStatementCsv } from "../../testing/statement-fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createClient, RawBody } from "../../testing/test-client";

/* The blocklist (issue 25, item 1): kept by stepped-up admins, checked on orders and sign-ups. */

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
});
afterAll(() => testApp.close());
beforeEach(async () => {
  await testApp.db.deleteFrom("blocklist_entries").execute();
});

async function block(kind: string, value: string, reason = "Fraud complaint from the bank") {
  const response = await admin.post("/api/admin/risk/blocklist", { kind, value, reason });
  expect(response.status, response.text).toBe(201);
  return response.json.id as string;
}

async function blocklistAudits() {
  return testApp.db
    .selectFrom("audit_log")
    .select(["action", "target_id", "details", "actor_id"])
    .where("action", "like", "blocklist.%")
    .orderBy("id")
    .execute();
}

describe("the admin blocklist API", () => {
  it("adds, lists and removes entries, each with its reason, audited", async () => {
    const id = await block("upi_id", " Fraudster@OKAXIS ", "Freeze notice 12/11");
    const list = await admin.get("/api/admin/risk/blocklist");
    expect(list.status).toBe(200);
    expect(list.json.entries).toEqual([
      {
        id,
        kind: "upi_id",
        value: "Fraudster@OKAXIS",
        reason: "Freeze notice 12/11",
        createdAt: expect.any(String),
        createdBy: admin.email,
      },
    ]);

    const removed = await admin.post(`/api/admin/risk/blocklist/${id}/remove`, {
      reason: "Cleared by the bank",
    });
    expect(removed.status, removed.text).toBe(200);
    expect((await admin.get("/api/admin/risk/blocklist")).json.entries).toEqual([]);
    const again = await admin.post(`/api/admin/risk/blocklist/${id}/remove`, { reason: "x" });
    expect(again.status).toBe(404);

    expect((await blocklistAudits()).filter((audit) => audit.target_id === id)).toEqual([
      {
        action: "blocklist.entry_added",
        target_id: id,
        actor_id: admin.userId,
        details: { kind: "upi_id", value: "Fraudster@OKAXIS", reason: "Freeze notice 12/11" },
      },
      {
        action: "blocklist.entry_removed",
        target_id: id,
        actor_id: admin.userId,
        details: { kind: "upi_id", value: "Fraudster@OKAXIS", reason: "Cleared by the bank" },
      },
    ]);
  });

  it("refuses the same value twice, however it is spelled", async () => {
    await block("bank_account", "000405012345");
    const twice = await admin.post("/api/admin/risk/blocklist", {
      kind: "bank_account",
      value: "0004 0501 2345",
      reason: "Again",
    });
    expect(twice.status).toBe(409);
    expect(twice.json.code).toBe("ALREADY_BLOCKED");
  });

  it.each([
    [{ kind: "iban", value: "x", reason: "r" }, /Kind: one of/],
    [{ kind: "phone", value: "12345", reason: "r" }, /Value: enter an Indian mobile number/],
    [{ kind: "wallet", value: "0x123", reason: "r" }, /Value: enter a USDT wallet address/],
    [{ kind: "email_domain", value: "localhost", reason: "r" }, /Value: enter an e-mail domain/],
    [{ kind: "payer_name", value: "Rahul", reason: "  " }, /Reason: say why/],
    [{ kind: "payer_name", value: "Rahul" }, /Reason: say why/],
    [{ kind: "payer_name", value: "x".repeat(201), reason: "r" }, /Value: at most 200/],
    [{ kind: "payer_name", value: "Rahul", reason: "a\nb" }, /Reason: one line/],
    [{ kind: "payer_name", value: "Rahul\u0000Kumar", reason: "r" }, /Value: one line/],
  ])("refuses %j with a 400 and writes nothing", async (body, message) => {
    const auditsBefore = (await blocklistAudits()).length;
    const response = await admin.post("/api/admin/risk/blocklist", body);
    expect(response.status, response.text).toBe(400);
    expect(response.json.error).toMatch(message);
    expect(await testApp.db.selectFrom("blocklist_entries").select("id").execute()).toEqual([]);
    expect(await blocklistAudits()).toHaveLength(auditsBefore);
  });

  it.each([
    "+evil.com",
    "evil..com",
    "-evil.com",
    "evil-.com",
    "ev il.com",
    "evil.com/path",
    "evil.com:25",
    "evil.com?x",
    "user@evil.com",
    "*.evil.com",
    "a_b.evil.com",
    "10.0.0.1",
    `${"a".repeat(64)}.com`,
  ])("refuses the e-mail domain %j, naming the value, and writes nothing", async (value) => {
    const auditsBefore = (await blocklistAudits()).length;
    const response = await admin.post("/api/admin/risk/blocklist", {
      kind: "email_domain",
      value,
      reason: "Disposable addresses",
    });
    expect(response.status, response.text).toBe(400);
    expect(response.json).toMatchObject({ code: "INVALID_INPUT", field: "value" });
    expect(response.json.error).toBe("Value: enter an e-mail domain like example.com.");
    expect(await testApp.db.selectFrom("blocklist_entries").select("id").execute()).toEqual([]);
    expect(await blocklistAudits()).toHaveLength(auditsBefore);
  });

  it("takes an e-mail domain however it is written, and an internationalised one", async () => {
    for (const value of [
      "Mail.Throwaway.IO.",
      "@xn--80ak6aa92e.com",
      "müller-mail.de",
      "9gag.com",
    ]) {
      const response = await admin.post("/api/admin/risk/blocklist", {
        kind: "email_domain",
        value,
        reason: "Disposable addresses",
      });
      expect(response.status, `${value}: ${response.text}`).toBe(201);
    }
  });

  it("pages the entries, newest first, by kind and by a text in the value or reason", async () => {
    // One import: the entries share their timestamp, so the cursor's id decides.
    const lines = Array.from({ length: 7 }, (_, i) =>
      i % 2 === 0 ? `upi_id,payer${i}@okaxis,Complaint ${i}` : `phone,+91 98765 4321${i},Spam ${i}`,
    );
    const imported = await admin.post(
      "/api/admin/risk/blocklist/import",
      new RawBody(`kind,value,reason\r\n${lines.join("\r\n")}\r\n`),
      { "content-type": "text/csv" },
    );
    expect(imported.json).toEqual({ added: 7, skipped: 0 });
    const newer = await block("wallet", TRON_WALLET, "Chargeback");

    const pages = async (query: string) => {
      const values: string[] = [];
      let cursor = "";
      do {
        const page = await admin.get(
          `/api/admin/risk/blocklist?limit=3&${query}${cursor && `&cursor=${cursor}`}`,
        );
        expect(page.status, page.text).toBe(200);
        expect(page.json.entries.length).toBeLessThanOrEqual(3);
        values.push(...page.json.entries.map((entry: { value: string }) => entry.value));
        cursor = page.json.nextCursor ?? "";
      } while (cursor);
      return values;
    };
    const all = await pages("");
    expect(all).toHaveLength(8);
    expect(new Set(all).size).toBe(8);
    expect(all[0]).toBe(TRON_WALLET);
    expect(await pages("kind=phone")).toHaveLength(3);
    expect((await pages("search=OKAXIS")).sort()).toEqual([
      "payer0@okaxis",
      "payer2@okaxis",
      "payer4@okaxis",
      "payer6@okaxis",
    ]);
    expect(await pages("search=chargeback")).toEqual([TRON_WALLET]);
    // LIKE's wildcards are searched for as themselves.
    expect(await pages("search=%25")).toEqual([]);
    expect(newer).toEqual(expect.any(String));
  });

  it.each([
    ["cursor=abc", "This page link is not valid."],
    ["kind=passport", "kind:"],
    ["limit=0", "limit:"],
    ["limit=201", "limit:"],
    [`search=${"x".repeat(201)}`, "Search: at most 200 characters."],
  ])("refuses a list request with %s", async (query, message) => {
    const response = await admin.get(`/api/admin/risk/blocklist?${query}`);
    expect(response.status).toBe(400);
    expect(response.json.error).toContain(message);
  });

  it("refuses a malformed id on removal", async () => {
    const response = await admin.post("/api/admin/risk/blocklist/nope/remove", { reason: "r" });
    expect(response.status).toBe(400);
  });
});

describe("the blocklist as CSV", () => {
  const importCsv = (csv: string) =>
    admin.post("/api/admin/risk/blocklist/import", new RawBody(csv), {
      "content-type": "text/csv",
    });

  it("exports the entries in force, guarded against formulas, and imports them back", async () => {
    await block("phone", "+91 98765 43210", 'Said "wrong number", twice');
    await block("email_domain", "throwaway.io", "Disposable addresses");
    const exported = await admin.get("/api/admin/risk/blocklist/export");
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(exported.headers.get("content-disposition")).toMatch(
      /^attachment; filename="rupeedesk-blocklist-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = exported.text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("kind,value,reason,added_at,added_by");
    expect(lines).toContainEqual(
      expect.stringMatching(/^phone,'\+91 98765 43210,"Said ""wrong number"", twice",/),
    );

    await testApp.db.deleteFrom("blocklist_entries").execute();
    const imported = await importCsv(exported.text);
    expect(imported.status, imported.text).toBe(200);
    expect(imported.json).toEqual({ added: 2, skipped: 0 });
    const entries = (await admin.get("/api/admin/risk/blocklist")).json.entries;
    expect(entries.map((entry: { value: string }) => entry.value).sort()).toEqual([
      "+91 98765 43210",
      "throwaway.io",
    ]);
    // Again, and once more spelled otherwise: nothing new.
    expect((await importCsv(exported.text)).json).toEqual({ added: 0, skipped: 2 });
    const respelled = "kind,value,reason\r\nemail_domain,@THROWAWAY.IO,Again\r\n";
    expect((await importCsv(respelled)).json).toEqual({ added: 0, skipped: 1 });
  });

  it("records who exported it, when and from where: it names third parties", async () => {
    await block("payer_name", "Anil Mehta", "Chargeback");
    await block("upi_id", "anil.m@okhdfc", "Chargeback");
    const exportAudits = () =>
      testApp.db
        .selectFrom("audit_log")
        .select(["actor_id", "actor_email", "ip_address", "target_type", "details"])
        .select(sql<boolean>`created_at > now() - interval '1 minute'`.as("is_recent"))
        .where("action", "=", "blocklist.exported")
        .orderBy("id")
        .execute();
    const before = (await exportAudits()).length;
    const exported = await admin.get("/api/admin/risk/blocklist/export");
    expect(exported.status).toBe(200);
    expect((await exportAudits()).slice(before)).toEqual([
      {
        actor_id: admin.userId,
        actor_email: admin.email,
        ip_address: admin.ip,
        target_type: null,
        details: { entries: 2 },
        is_recent: true,
      },
    ]);
    // Refused callers export nothing, and leave no row.
    const customer = await signedInCustomer(testApp);
    expect((await customer.get("/api/admin/risk/blocklist/export")).status).toBe(403);
    expect(await exportAudits()).toHaveLength(before + 1);
  });

  it.each([
    ["kind,value\r\nphone,9876543210\r\n", /Line 1: the first line must be the header/],
    ["kind,value,reason\r\nphone,9876543210,ok\r\niban,x,ok\r\n", /Line 3: the kind must be/],
    ["kind,value,reason\r\nwallet,0x12,ok\r\n", /Line 2: the value must be a USDT wallet/],
    ["kind,value,reason\r\nphone,9876543210,\r\n", /Line 2: the reason must be/],
    ["kind,value,reason\r\npayer_name,Rahul\u0000Kumar,ok\r\n", /Line 2: the value must be/],
    ["kind,value,reason\r\nemail_domain,+evil.com,ok\r\n", /Line 2: the value must be an e-mail/],
    ['kind,value,reason\r\nphone,"9876543210,ok\r\n', /not a readable CSV file/],
  ])("refuses a file with a bad line, naming it, and imports none of it", async (csv, message) => {
    const auditsBefore = (await blocklistAudits()).length;
    const response = await importCsv(csv);
    expect(response.status, response.text).toBe(400);
    expect(response.json.error).toMatch(message);
    expect(await testApp.db.selectFrom("blocklist_entries").select("id").execute()).toEqual([]);
    expect(await blocklistAudits()).toHaveLength(auditsBefore);
  });
});

describe("an order whose wallet or payer name is blocked", () => {
  async function expectRefused(customer: Client, overrides: Record<string, unknown>) {
    const before = await countRows(testApp);
    const response = await postOrder(customer, orderInput(overrides));
    expect(response.status, response.text).toBe(422);
    expect(response.json.code).toBe("ORDER_NOT_ACCEPTED");
    // Neutral: nothing says why.
    expect(response.json.error).not.toMatch(/block|list|wallet|name/i);
    expect(await countRows(testApp)).toEqual(before);
  }

  it("is refused by its wallet, in any case of an EVM address", async () => {
    await block("wallet", ERC20_WALLET.toLowerCase());
    const customer = await signedInCustomer(testApp);
    await expectRefused(customer, { network: "erc20", walletAddress: ERC20_WALLET });
    await expectRefused(customer, {
      network: "bep20",
      walletAddress: ERC20_WALLET.toUpperCase().replace("0X", "0x"),
    });
    expect((await postOrder(customer, orderInput({ walletAddress: TRON_WALLET }))).status).toBe(
      201,
    );
  });

  it("is refused by its payer name, through spacing, case and look-alike letters, until removed", async () => {
    // Entered with Cyrillic "а"s; orders take Latin letters only, so the look-alikes there are Latin.
    const id = await block("payer_name", "R\u0430hul Kum\u0430r");
    const customer = await signedInCustomer(testApp);
    await expectRefused(customer, { payerName: "RAHUL  kumar" });
    await expectRefused(customer, { payerName: "Rahul. Kumar" });
    await expectRefused(customer, { payerName: "Rahul Kurnar" });
    expect((await postOrder(customer, orderInput({ payerName: "Rahul Kumari" }))).status).toBe(201);

    await admin.post(`/api/admin/risk/blocklist/${id}/remove`, { reason: "Cleared" });
    expect((await postOrder(customer, orderInput({ payerName: "Rahul Kumar" }))).status).toBe(201);
  });
});

describe("a statement credit from a blocked payer", () => {
  it("is flagged in reconciliation, by name or UPI ID, and left when all matched are verified", async () => {
    await retireReceivingAccounts(testApp.db);
    const accountId = await insertUpiAccount(testApp.db);
    const customer = await signedInCustomer(testApp);
    const honest = await placeOrder(customer, { amount: "8600", payerName: "Rahul Kumar" });
    const flagged = await placeOrder(customer, { amount: "4300", payerName: "Anil Mehta" });
    const byUpiId = await placeOrder(customer, { amount: "2150", payerName: "Suresh Nair" });
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const credit = (
      reference: string,
      amount: string,
      payer: string,
      vpa = "payer@okhdfcbank",
    ) => ({
      date: today,
      narration: `UPI/CR/${reference}/${payer}/HDFC/${vpa}/Payment`,
      credit: amount,
    });
    const imported = await admin.request(
      "POST",
      `/api/admin/reconciliation/accounts/${accountId}/statements?name=today.csv`,
      new RawBody(
        sampleStatementCsv("sbi", [
          credit(honest.paymentReference, "8600.00", "RAHUL KUMAR"),
          credit(flagged.paymentReference, "4300.00", "ANIL MEHTA"),
          credit(byUpiId.paymentReference, "2150.00", "SURESH NAIR", "suresh.n@oksbi"),
        ]),
      ),
      { "content-type": "text/csv" },
    );
    expect(imported.status, imported.text).toBe(201);
    // Blocked after the order was placed: the bank's freeze notice names the payer.
    await block("payer_name", "Anil  MEHTA");
    await block("upi_id", "Suresh.N@OKSBI");

    const groups = (await admin.get(`/api/admin/reconciliation/accounts/${accountId}`)).json.groups;
    const flags = Object.fromEntries(
      groups.matched.items.map((item: { reference: string; isPayerBlocked: boolean }) => [
        item.reference,
        item.isPayerBlocked,
      ]),
    );
    expect(flags).toEqual({
      [honest.paymentReference]: false,
      [flagged.paymentReference]: true,
      [byUpiId.paymentReference]: true,
    });

    const verified = await admin.post(
      `/api/admin/reconciliation/accounts/${accountId}/verify-matched`,
    );
    expect(verified.json).toEqual({
      verified: 1,
      skipped: 0,
      blockedPayers: 2,
      heldOrders: 0,
      ownOrders: 0,
    });
    const statuses = await testApp.db
      .selectFrom("orders")
      .select(["id", "status"])
      .where("id", "in", [honest.id, flagged.id, byUpiId.id])
      .execute();
    expect(Object.fromEntries(statuses.map((order) => [order.id, order.status]))).toEqual({
      [honest.id]: "processing",
      [flagged.id]: "pending",
      [byUpiId.id]: "pending",
    });
  });
});

describe("a sign-up with a blocked phone or e-mail domain", () => {
  async function signUp(email: string, whatsappNumber: string) {
    return createClient(testApp).signUp(email, "secret1", whatsappNumber);
  }

  async function userExists(email: string) {
    const user = await testApp.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email.toLowerCase())
      .executeTakeFirst();
    return user !== undefined;
  }

  it("is refused without saying why, and no account is made", async () => {
    await block("phone", "98765 43210");
    await block("email_domain", "Throwaway.io");
    const cases = [
      [freshEmail("phone"), "+919876543210"],
      [freshEmail("domain").replace("example.com", "throwaway.io"), "+919812345678"],
      [freshEmail("sub").replace("example.com", "mail.THROWAWAY.io"), "+919812345678"],
    ] as const;
    for (const [email, phone] of cases) {
      const response = await signUp(email, phone);
      expect(response.status, email).toBe(400);
      expect(response.json.code).toBe("SIGN_UP_NOT_ACCEPTED");
      expect(response.json.message).not.toMatch(/block/i);
      expect(await userExists(email)).toBe(false);
    }
    const fine = freshEmail("fine");
    expect((await signUp(fine, "+919812345678")).status).toBe(200);
    expect(await userExists(fine)).toBe(true);
  });
});
