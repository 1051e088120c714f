import { parse } from "csv-parse/sync";
import { type KyselyPlugin, sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { financialYearLabel, financialYearOfDay } from "../../../../shared/tds-calendar";
import { readIndiaToday } from "../../../platform/db/india-day";
import { type Client, signedInAdmin, signedInCustomer } from "../../../testing/actors";
import {
  completeWithConfirmedPayout,
  insertMatchedStatementLine,
  markVerified,
} from "../../../testing/customer-records";
import { insertUpiAccount } from "../../../testing/desk-accounts";
import { validDocuments, verificationForm } from "../../../testing/identity-documents";
import { ERC20_WALLET, placeOrder, TRON_TX_HASH, TRON_WALLET } from "../../../testing/orders";
import { embeddedFonts, pdfText } from "../../../testing/pdf-text";
import { insertSale } from "../../../testing/sales";
import { insertTaxedSale } from "../../../testing/taxed-sales";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { createClient, type RequestTarget } from "../../../testing/test-client";
import { CUSTOMER_FILE_PAGE_SIZE } from "./customer-file-records";
import { exportCustomerFile } from "./export-customer-file";

/* The customer's file (issue 25, item 4): a stepped-up admin's ZIP of one customer's record. */

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
});
afterAll(() => testApp.close());

/** The archive's files by name, in the order they were written. */
async function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  );
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      zip.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        files.set(entry.fileName, Buffer.concat(chunks));
        zip.readEntry();
      });
    });
    zip.on("end", resolve);
    zip.on("error", reject);
    zip.readEntry();
  });
  return files;
}

/** POST the export as a client does, keeping the body as bytes. */
async function requestFile(client: Client, target: RequestTarget, userId: string, query = "") {
  const response = await target.app.request(`/api/admin/users/${userId}/file${query}`, {
    method: "POST",
    headers: {
      origin: "http://localhost:3000",
      "x-forwarded-for": client.ip,
      cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The text an uncompressed PDF shows: pdfkit writes each line as hex strings between kerning figures. */
function pdfShownText(pdf: Buffer): string {
  return [...pdf.toString("latin1").matchAll(/\[([^\]]*)\] TJ/g)]
    .map(([, parts]) =>
      [...(parts ?? "").matchAll(/<([0-9a-f]*)>/g)]
        .map(([, hex]) => Buffer.from(hex ?? "", "hex").toString("latin1"))
        .join(""),
    )
    .join("\n");
}

const csvRows = (file: Buffer | undefined) =>
  parse(file ?? "", { columns: true, bom: true }) as Record<string, string>[];

/** A customer who sent their identity documents (a photo, a PDF, a PNG). */
async function customerWithDocuments() {
  const customer = await signedInCustomer(testApp);
  const submitted = await customer.post(
    "/api/verification",
    verificationForm(await validDocuments()),
  );
  expect(submitted.status, submitted.text).toBe(201);
  return customer;
}

function exportAudits(userId: string) {
  return testApp.db
    .selectFrom("audit_log")
    .select(["actor_email", "details", "created_at"])
    .where("action", "=", "user.file_exported")
    .where("target_id", "=", userId)
    .execute();
}

describe("the customer's file", () => {
  it("holds the holds on the customer and on their orders, with the note and the rules", async () => {
    const customer = await signedInCustomer(testApp);
    const hold = await admin.post(`/api/admin/users/${customer.userId}/hold`, {
      note: "Bank asked about a credit on 12 Nov",
    });
    expect(hold.status, hold.text).toBe(201);
    const held = await placeOrder(customer);

    const { response, bytes } = await requestFile(admin, testApp, customer.userId);
    expect(response.status).toBe(200);
    const holds = csvRows((await readZip(bytes)).get("holds.csv"));
    expect(holds).toEqual([
      expect.objectContaining({
        Held: "customer",
        "Why (note or rules)": "Bank asked about a credit on 12 Nov",
        "Placed By": admin.email,
        "Released At (UTC)": "",
      }),
      expect.objectContaining({
        Held: "order",
        "Order ID": held.id,
        "Why (note or rules)": "customer",
      }),
    ]);
  });

  it("holds the identity documents, opened, only when asked for; the export's audit row says so", async () => {
    const customer = await customerWithDocuments();

    const plain = await readZip((await requestFile(admin, testApp, customer.userId)).bytes);
    expect([...plain.keys()].filter((name) => name.startsWith("identity/"))).toEqual([]);

    const { response, bytes } = await requestFile(
      admin,
      testApp,
      customer.userId,
      "?documents=true",
    );
    expect(response.status).toBe(200);
    const files = await readZip(bytes);
    const identity = [...files.keys()].filter((name) => name.startsWith("identity/"));
    expect(identity.map((name) => name.replace(/^identity\/\d{4}-\d{2}-\d{2}T\d{6}-/, ""))).toEqual(
      ["address-document.pdf", "pan-card.jpg", "selfie.png"],
    );
    // Each as the review shows it, byte for byte.
    const review = await admin.get(`/api/admin/verifications/${customer.userId}`);
    const kinds = { addressDocument: "address-document", panCard: "pan-card", selfie: "selfie" };
    for (const document of review.json.submission.documents as {
      id: string;
      kind: keyof typeof kinds;
    }[]) {
      const shown = await admin.get(`/api/admin/verifications/documents/${document.id}`);
      const name = identity.find((entry) => entry.includes(`-${kinds[document.kind]}.`)) ?? "";
      expect(files.get(name)?.equals(Buffer.from(shown.bytes)), name).toBe(true);
    }
    expect(pdfShownText(files.get("summary.pdf") ?? Buffer.alloc(0))).toContain("identity/");

    const audits = await exportAudits(customer.userId);
    const documentIds = review.json.submission.documents.map(
      (document: { id: string }) => document.id,
    );
    expect(audits.map((audit) => audit.details.identityDocuments)).toEqual([
      undefined,
      expect.arrayContaining(documentIds),
    ]);
    expect(audits[1]?.details.identityDocuments).toHaveLength(3);
  });

  it("refuses a documents flag that is not true or false, writing nothing", async () => {
    const customer = await signedInCustomer(testApp);
    const { response } = await requestFile(admin, testApp, customer.userId, "?documents=maybe");
    expect(response.status).toBe(400);
    expect(await exportAudits(customer.userId)).toEqual([]);
  });

  it("refuses the documents before the first byte when one is sealed under a key not configured", async () => {
    const customer = await customerWithDocuments();
    await testApp.db
      .updateTable("verification_documents")
      .set({ key_id: "0123456789abcdef" })
      .where("submission_id", "in", (eb) =>
        eb
          .selectFrom("verification_submissions")
          .select("id")
          .where("user_id", "=", customer.userId),
      )
      .execute();
    const { response, bytes } = await requestFile(
      admin,
      testApp,
      customer.userId,
      "?documents=true",
    );
    expect(response.status).toBe(409);
    expect(JSON.parse(bytes.toString("utf8"))).toMatchObject({ code: "DOCUMENT_KEY_MISSING" });
    expect(await exportAudits(customer.userId)).toEqual([]);
  });

  it("holds every sign-in with its IP address, the ended sessions' too", async () => {
    const customer = await signedInCustomer(testApp);
    // Signed out: the session's row goes, the sign-in stays.
    expect((await customer.post("/api/auth/sign-out", {})).status).toBe(200);
    const again = createClient(testApp, "198.51.100.23");
    expect((await again.signIn(customer.email, "secret1")).status).toBe(200);

    const { bytes } = await requestFile(admin, testApp, customer.userId);
    const signIns = csvRows((await readZip(bytes)).get("sign-ins.csv"));
    expect(signIns.map((row) => row["IP Address"])).toEqual([customer.ip, "198.51.100.23"]);
    for (const row of signIns) {
      expect(Date.parse(row["Signed In At (UTC)"] ?? "")).not.toBeNaN();
    }
  });

  // The file goes to banks and the police; a report's existence is for FIU-IND alone (decision 045).
  it("says nothing of a suspicious transaction report about the customer", async () => {
    const customer = await signedInCustomer(testApp);
    const order = await placeOrder(customer);
    const report = await admin.post("/api/admin/risk/suspicion-reports", {
      userId: customer.userId,
      orderIds: [order.id],
      grounds: "Paid from accounts in other names, twice",
    });
    expect(report.status, report.text).toBe(201);

    const { response, bytes } = await requestFile(admin, testApp, customer.userId);
    expect(response.status).toBe(200);
    const files = await readZip(bytes);
    expect([...files.keys()].length).toBeGreaterThan(0);
    for (const [name, content] of files) {
      const text = name.endsWith(".pdf") ? pdfShownText(content) : content.toString("utf8");
      expect(text, name).not.toMatch(/suspic|accounts in other names|FIU/i);
      expect(text, name).not.toContain(report.json.id);
    }
  });

  it("holds the profile, verification, every order with its statement line and chain check, the audit rows, blocklist hits and holds", async () => {
    const customer = await signedInCustomer(testApp);
    const paid = await placeOrder(customer);
    const open = await placeOrder(customer, { amount: "4300" });
    const utr = "612345678901";
    await insertMatchedStatementLine(testApp.db, {
      orderId: paid.id,
      reference: utr,
      amount: "8600.00",
      payerName: "RAHUL KUMAR",
    });
    await completeWithConfirmedPayout(testApp.db, {
      orderId: paid.id,
      payoutTxHash: TRON_TX_HASH,
      adminId: admin.userId,
    });
    await markVerified(testApp.db, customer.userId);
    const submission = await testApp.db
      .insertInto("verification_submissions")
      .values({
        user_id: customer.userId,
        legal_name: "Rahul Kumar",
        pan: "ABCPK1234F",
        date_of_birth: "1990-04-01",
        address: "12 MG Road, Bengaluru 560001",
        address_document_kind: "passport",
        decision: "verified",
        decided_at: new Date(),
        decided_by: admin.userId,
        decision_note: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await testApp.db
      .insertInto("verification_documents")
      .values({
        id: sql<string>`gen_random_uuid()`,
        submission_id: submission.id,
        kind: "panCard",
        content_type: "image/png",
        byte_size: 2048,
        key_id: "k1",
        iv: Buffer.alloc(12),
        auth_tag: Buffer.alloc(16),
        ciphertext: Buffer.alloc(32),
      })
      .execute();
    const blocked = await admin.post("/api/admin/risk/blocklist", {
      kind: "wallet",
      value: TRON_WALLET,
      reason: "Police notice 42/2026",
    });
    expect(blocked.status).toBe(201);
    expect((await admin.post(`/api/admin/users/${customer.userId}/block`)).status).toBe(200);

    const { response, bytes } = await requestFile(admin, testApp, customer.userId);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="rupeedesk-customer-customer-[\w-]+-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = await readZip(bytes);
    expect([...files.keys()]).toEqual([
      "profile.json",
      "orders.csv",
      "sell-orders.csv",
      "audit.csv",
      "blocklist-hits.csv",
      "holds.csv",
      "sign-ins.csv",
      "summary.pdf",
    ]);

    const profile = JSON.parse(String(files.get("profile.json")));
    expect(profile).toMatchObject({
      id: customer.userId,
      email: customer.email,
      whatsappNumber: "+919876543210",
      isBlocked: true,
      verification: { status: "verified" },
      verificationSubmissions: [
        {
          legalName: "Rahul Kumar",
          pan: "ABCPK1234F",
          dateOfBirth: "1990-04-01",
          decision: "verified",
          decidedBy: admin.email,
          documents: ["panCard (image/png, 2048 bytes)"],
        },
      ],
      orders: {
        total: 2,
        completed: 1,
        open: 1,
        completedInr: "8600.00",
        withStatementLine: 1,
        payoutsConfirmed: 1,
      },
    });

    const orders = csvRows(files.get("orders.csv"));
    expect(orders.map((order) => order["Order ID"]).sort()).toEqual([paid.id, open.id].sort());
    const paidRow = orders.find((order) => order["Order ID"] === paid.id);
    expect(paidRow).toMatchObject({
      Status: "completed",
      "Send Amount": "8600.00",
      "Payment Reference": paid.paymentReference,
      "Statement Value Date": "2026-11-20",
      "Statement UTR": utr,
      "Statement Payer Name": "RAHUL KUMAR",
      "Statement Decision": "verified",
      "Payout Tx Hash": TRON_TX_HASH,
      "Chain Check": "confirmed",
    });
    expect(paidRow?.["Payout Explorer URL"]).toContain(TRON_TX_HASH);
    expect(orders.find((order) => order["Order ID"] === open.id)?.["Statement UTR"]).toBe("");

    const audit = csvRows(files.get("audit.csv"));
    expect(audit.map((row) => row.Action)).toEqual(["user.blocked", "user.file_exported"]);
    expect(audit[1]).toMatchObject({ "Actor Email": admin.email, "Target ID": customer.userId });

    const hits = csvRows(files.get("blocklist-hits.csv"));
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({
      Kind: "wallet",
      Value: TRON_WALLET,
      Reason: "Police notice 42/2026",
    });
    expect(hits[0]?.Matched).toContain(`order ${paid.id.slice(0, 8)} wallet`);

    const pdf = files.get("summary.pdf") ?? Buffer.alloc(0);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const pdfText = pdf.toString("latin1");
    expect(pdfText).toContain(`(Customer file: ${customer.email})`);
    expect(pdfShownText(pdf)).toContain(`Customer file: ${customer.email}`);
    expect(pdfShownText(pdf)).toContain("Blocklist hits");
    expect(pdfShownText(pdf)).toContain("Rahul Kumar, PAN ABCPK1234F");
  });

  it("holds the customer's sell orders: where the rupees went, how they were paid, the statement debit, their holds and audit rows", async () => {
    const customer = await signedInCustomer(testApp);
    const deskAccount = await insertUpiAccount(testApp.db);
    const sale = await insertSale(testApp.db, customer, {
      depositUsdt: "100.00",
      status: "paid",
      depositAddress: "TDeskWallet",
      paid: { utr: "533344455566", fromAccountId: deskAccount },
    });
    const open = await insertSale(testApp.db, customer, {
      depositUsdt: "250.03",
      depositAddress: "TDeskWallet",
    });
    await testApp.db
      .insertInto("sell_order_holds")
      .values({ sell_order_id: open.id, rules: ["sell_new_destination"] })
      .execute();
    await testApp.db
      .insertInto("audit_log")
      .values({
        actor_id: admin.userId,
        actor_email: admin.email,
        action: "statement_debit.accepted",
        target_type: "sell_order",
        target_id: sale.id,
        details: JSON.stringify({ note: "paid" }),
      })
      .execute();
    const { id: importId } = await testApp.db
      .insertInto("statement_imports")
      .values({
        receiving_account_id: deskAccount,
        file_name: "statement.csv",
        first_value_date: "2026-11-20",
        last_value_date: "2026-11-20",
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
        line_number: 4,
        value_date: "2026-11-20",
        amount: "8500.00",
        narration: "UPI/DR/533344455566/TEST CUSTOMER",
        line_key: "533344455566",
        reference: "533344455566",
        payee_name: "TEST CUSTOMER",
      })
      .execute();

    const { bytes } = await requestFile(admin, testApp, customer.userId);
    const files = await readZip(bytes);
    const profile = JSON.parse(String(files.get("profile.json")));
    expect(profile.sellOrders).toMatchObject({
      total: 2,
      paid: 1,
      open: 1,
      paidUsdt: "100.00",
      paidInr: "8500.00",
    });
    const sales = csvRows(files.get("sell-orders.csv"));
    expect(sales.map((row) => row["Sell Order ID"])).toEqual([sale.id, open.id]);
    expect(sales[0]).toMatchObject({
      Status: "paid",
      INR: "8500.00",
      "TDS Rate (%)": "",
      "TDS (INR)": "0.00",
      "Paid to Seller (INR)": "8500.00",
      "Seller PAN at Sale": "",
      "Paid To": "upi",
      "Holder Name": "Test Customer",
      "Holder Is Customer": "yes",
      UTR: "533344455566",
      "Statement Debit Value Date": "2026-11-20",
      "Statement Debit Amount": "8500.00",
      "Statement Debit Payee": "TEST CUSTOMER",
    });
    expect(sales[0]?.["UPI ID"]).toMatch(/@okaxis$/);
    expect(sales[0]?.["Paid From Account"]).not.toBe("");
    expect(sales[1]).toMatchObject({
      Status: "awaiting_deposit",
      UTR: "",
      "Statement Debit Amount": "",
    });

    const holds = csvRows(files.get("holds.csv"));
    expect(holds).toEqual([
      expect.objectContaining({
        Held: "sell order",
        "Order ID": open.id,
        "Why (note or rules)": "sell_new_destination",
      }),
    ]);
    const audit = csvRows(files.get("audit.csv"));
    expect(audit.map((row) => [row.Action, row["Target ID"]])).toContainEqual([
      "statement_debit.accepted",
      sale.id,
    ]);
  });

  it("holds the seller's ready TDS certificates, as they read them, and each sale's TDS", async () => {
    const seller = await signedInCustomer(testApp);
    await markVerified(testApp.db, seller.userId, { pan: "ABCPF4321Q", legalName: "Farah Khan" });
    await testApp.db
      .updateTable("user")
      .set({ language: "hi" })
      .where("id", "=", seller.userId)
      .execute();
    const lastYear = financialYearOfDay(await readIndiaToday(testApp.db)) - 1;
    const deposited = await insertTaxedSale(testApp.db, seller, {
      inr: "20000.00",
      pan: "ABCPF4321Q",
      paidAt: new Date(`${lastYear}-05-12T12:00+05:30`),
    });
    // A quarter whose tax awaits its challan: no certificate yet.
    await insertTaxedSale(testApp.db, seller, {
      inr: "5000.00",
      pan: "ABCPF4321Q",
      paidAt: new Date(`${lastYear}-10-02T12:00+05:30`),
    });
    const challan = await testApp.db
      .insertInto("tds_challans")
      .values({
        bsr_code: "0510308",
        deposited_on: `${lastYear}-06-07`,
        serial_number: "00311",
        tax_inr: "200.00",
        recorded_by: admin.userId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await testApp.db
      .insertInto("tds_challan_sales")
      .values({ sell_order_id: deposited.id, challan_id: challan.id })
      .execute();

    const { response, bytes } = await requestFile(admin, testApp, seller.userId);
    expect(response.status).toBe(200);
    const files = await readZip(bytes);
    const quarter = `${financialYearLabel(lastYear)}-Q1`;
    const certificateName = `tax-certificates/tds-certificate-${quarter}.pdf`;
    expect([...files.keys()].filter((name) => name.startsWith("tax-certificates/"))).toEqual([
      certificateName,
    ]);
    const certificate = files.get(certificateName) ?? Buffer.alloc(0);
    expect(embeddedFonts(certificate)).toContain("NotoSansDevanagari-Regular");
    const text = pdfText(certificate);
    for (const expected of ["टीडीएस", "ABCPF4321Q", "20,000.00", "₹200.00", "0510308", "00311"]) {
      expect(text).toContain(expected);
    }
    expect(pdfShownText(files.get("summary.pdf") ?? Buffer.alloc(0))).toContain(
      "tax-certificates/",
    );
    const sales = csvRows(files.get("sell-orders.csv"));
    expect(sales[0]).toMatchObject({
      "Sell Order ID": deposited.id,
      INR: "20000.00",
      "TDS Rate (%)": "1",
      "TDS (INR)": "200.00",
      "Paid to Seller (INR)": "19800.00",
      "Seller PAN at Sale": "ABCPF4321Q",
    });
    const [audit] = await exportAudits(seller.userId);
    expect(audit?.details).toMatchObject({ taxCertificates: [quarter] });
  });

  it("is audited: who exported it and when", async () => {
    const customer = await signedInCustomer(testApp);
    const before = new Date();
    expect((await requestFile(admin, testApp, customer.userId)).response.status).toBe(200);
    const audits = await exportAudits(customer.userId);
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actor_email).toBe(admin.email);
    expect(audits[0]?.details).toMatchObject({ email: customer.email, orders: 0 });
    expect(audits[0]?.created_at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });

  it("is refused to anyone but a stepped-up admin, and writes nothing then", async () => {
    const customer = await signedInCustomer(testApp);
    const otherCustomer = await signedInCustomer(testApp);
    const unelevated = await signedInAdmin(testApp, { isElevated: false });
    const callers: [Client, number][] = [
      [createClient(testApp), 401],
      [customer, 403],
      [otherCustomer, 403],
      [unelevated, 403],
    ];
    for (const [caller, status] of callers) {
      const { response } = await requestFile(caller, testApp, customer.userId);
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toContain("application/json");
    }
    expect(await exportAudits(customer.userId)).toEqual([]);
  });

  it("answers 404 for no such user", async () => {
    const { response } = await requestFile(admin, testApp, "no-such-user");
    expect(response.status).toBe(404);
  });
});

describe("a bank's freeze notice", () => {
  it("names a UTR that Admin → Orders finds, by the customer's reference or the statement line's, with the customer to export", async () => {
    const customer = await signedInCustomer(testApp);
    // (The first test blocked TRON_WALLET.)
    const order = await placeOrder(customer, { network: "erc20", walletAddress: ERC20_WALLET });
    // The bank's statement shows its own reference for the credit, not the one the customer typed.
    const bankUtr = "698765432101";
    await insertMatchedStatementLine(testApp.db, {
      orderId: order.id,
      reference: bankUtr,
      amount: "8600.00",
      payerName: "RAHUL KUMAR",
    });
    for (const term of [bankUtr, order.paymentReference]) {
      const found = await admin.get(`/api/admin/orders?search=${term}`);
      expect(found.status).toBe(200);
      expect(
        found.json.orders.map((hit: { id: string; userId: string }) => [hit.id, hit.userId]),
      ).toEqual([[order.id, customer.userId]]);
    }
    expect((await requestFile(admin, testApp, customer.userId)).response.status).toBe(200);
  });
});

describe("the customer's file of 10,000 orders", () => {
  const ORDERS = 10_000;
  let customer: Awaited<ReturnType<typeof signedInCustomer>>;

  beforeAll(async () => {
    customer = await signedInCustomer(testApp);
    await sql`
      INSERT INTO orders (user_id, user_email, send_currency, send_amount, receive_currency,
        receive_amount, exchange_rate, network, wallet_address, payment_reference, status, created_at)
      SELECT ${customer.userId}, ${customer.email}, 'upi_inr', 1000 + n, 'usdt', 11.6279, 86,
        'trc20', ${TRON_WALLET}, (500000000000 + n)::text, 'completed',
        now() - make_interval(mins => ${ORDERS} - n)
      FROM generate_series(1, ${ORDERS}) AS n`.execute(testApp.db);
  });

  it("is streamed: the first bytes go out before the orders are read, and the orders are read page by page as the reader takes them", async () => {
    let ordersRead = 0;
    // Counts the order rows the export reads from the database.
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        if (result.rows[0] && "line_value_date" in result.rows[0]) ordersRead += result.rows.length;
        return result;
      },
    };
    const { body } = await exportCustomerFile(testApp.db.withPlugin(counting), {
      actor: { id: admin.userId, email: admin.email },
      userId: customer.userId,
      logger: pino({ level: "silent" }),
    });
    const readAtEachChunk: number[] = [];
    const chunks: Buffer[] = [];
    for await (const chunk of body) {
      readAtEachChunk.push(ordersRead);
      chunks.push(Buffer.from(chunk));
    }
    expect(readAtEachChunk[0]).toBe(0);
    expect(ordersRead).toBe(ORDERS);
    // Each page of orders was read while the reader was taking the archive, not all up front.
    // (Deflate may hold two pages' lines before it writes a chunk: at least half the steps show.)
    const pagesSeen = new Set(readAtEachChunk.filter((read) => read > 0 && read < ORDERS));
    expect(pagesSeen.size).toBeGreaterThanOrEqual(ORDERS / CUSTOMER_FILE_PAGE_SIZE / 2);
    expect(Math.max(...pagesSeen)).toBeGreaterThanOrEqual(ORDERS - 2 * CUSTOMER_FILE_PAGE_SIZE);
    const files = await readZip(Buffer.concat(chunks));
    const orders = csvRows(files.get("orders.csv"));
    expect(orders).toHaveLength(ORDERS);
    expect(orders.at(-1)?.["Payment Reference"]).toBe(String(500_000_000_000 + ORDERS));
  }, 120_000);
});
