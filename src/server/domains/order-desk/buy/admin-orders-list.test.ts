import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInAdmin, signedInCustomer } from "../../../testing/actors";
import { placeOrder, TRON_TX_HASH } from "../../../testing/orders";
import { createTestApp, type TestApp } from "../../../testing/test-app";

let testApp: TestApp;
let admin: Client & { userId: string; email: string };
/** Orders of three customers, oldest first. */
let placed: { id: string; email: string; paymentReference: string }[] = [];
let alice: Awaited<ReturnType<typeof signedInCustomer>>;
let bob: Awaited<ReturnType<typeof signedInCustomer>>;
let carol: Awaited<ReturnType<typeof signedInCustomer>>;

type AdminOrder = { id: string; userEmail: string; status: string; paymentReference: string };

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
  const tag = Math.random().toString(36).slice(2, 8);
  alice = await signedInCustomer(testApp, `alice.${tag}@example.com`);
  bob = await signedInCustomer(testApp, `Bob.Builder.${tag}@Example.org`);
  // A cell that a spreadsheet would run as a formula, from a real sign-up.
  carol = await signedInCustomer(testApp, `+1-1.${tag}@example.com`);
  for (const customer of [alice, bob, alice, carol, bob, alice]) {
    const order = await placeOrder(customer);
    placed.push({ id: order.id, email: customer.email, paymentReference: order.paymentReference });
  }
  // A cash deposit slip typed with a leading "-" (separators are dropped when stored).
  const cash = await placeOrder(carol, { sendCurrency: "cash_inr", paymentReference: "-2-3-4-5" });
  placed.push({ id: cash.id, email: carol.email, paymentReference: cash.paymentReference });
  placed = placed.reverse(); // newest first, as the list shows them
  // Two of them move on.
  const first = placed[1]?.id;
  const second = placed[2]?.id;
  expect(
    (
      await admin.post(`/api/admin/orders/${first}/status`, {
        status: "completed",
        payoutTxHash: TRON_TX_HASH,
      })
    ).status,
  ).toBe(200);
  expect(
    (await admin.post(`/api/admin/orders/${second}/status`, { status: "cancelled" })).status,
  ).toBe(200);
});
afterAll(() => testApp.close());

async function list(query: Record<string, string>) {
  const response = await admin.get(`/api/admin/orders?${new URLSearchParams(query)}`);
  expect(response.status, response.text).toBe(200);
  return response.json as { orders: AdminOrder[]; nextCursor: string | null };
}

const ids = (orders: { id: string }[]) => orders.map((order) => order.id);

describe("GET /api/admin/orders", () => {
  it("lists every customer's orders newest first, with the customer's e-mail", async () => {
    const page = await list({ limit: "100" });
    expect(ids(page.orders)).toEqual(ids(placed));
    expect(page.orders[0]).toMatchObject({
      userEmail: carol.email,
      sendAmount: "8600.00",
      receiveAmount: "100.0000",
      network: "trc20",
      status: "pending",
    });
    expect(page.nextCursor).toBeNull();
  });

  it("pages with a cursor and never repeats or skips an order", async () => {
    const seen: string[] = [];
    let cursor: string | null = "";
    let pages = 0;
    while (cursor !== null) {
      const page = await list(cursor ? { limit: "3", cursor } : { limit: "3" });
      expect(page.orders.length).toBeLessThanOrEqual(3);
      seen.push(...ids(page.orders));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(ids(placed));
  });

  it("lists the open orders oldest first for the work queue, a page at a time", async () => {
    const pending = placed.filter((_, index) => index !== 1 && index !== 2).reverse();
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const query: Record<string, string> = { status: "pending", order: "oldest", limit: "2" };
      const page = await list(cursor ? { ...query, cursor } : query);
      seen.push(...ids(page.orders));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(ids(pending));
  });

  it("refuses oldest first with a search, which lists the newest first", async () => {
    const response = await admin.get("/api/admin/orders?order=oldest&search=alice");
    expect(response.status).toBe(400);
    expect(response.text).toContain("clear the search");
  });

  it("filters by status", async () => {
    expect(ids((await list({ status: "completed" })).orders)).toEqual([placed[1]?.id]);
    expect(ids((await list({ status: "cancelled" })).orders)).toEqual([placed[2]?.id]);
    expect((await list({ status: "pending" })).orders).toHaveLength(placed.length - 2);
    expect((await list({ status: "processing" })).orders).toEqual([]);
  });

  it("finds orders by any part of the e-mail, in any case", async () => {
    const bobs = placed.filter((order) => order.email === bob.email);
    expect(ids((await list({ search: "bob.builder" })).orders)).toEqual(ids(bobs));
    expect(ids((await list({ search: "EXAMPLE.ORG" })).orders)).toEqual(ids(bobs));
    const local = alice.email.split("@")[0] ?? "";
    expect((await list({ search: local.slice(2).toUpperCase() })).orders).toHaveLength(3);
  });

  it("keeps finding a customer's orders by e-mail: customers cannot change their e-mail", async () => {
    // The search finds customers by their account's e-mail and trusts each order's
    // copy of it (docs/decisions/009); enabling e-mail changes must revisit that.
    const fresh = `new-${alice.email}`;
    // Refused, whether better-auth answers (400) or the route is closed (404).
    for (const attempt of [
      await alice.post("/api/auth/change-email", { newEmail: fresh }),
      await alice.post("/api/auth/update-user", { email: fresh }),
    ]) {
      expect([400, 404]).toContain(attempt.status);
    }
    const account = await testApp.db
      .selectFrom("user")
      .select("email")
      .where("id", "=", alice.userId)
      .executeTakeFirstOrThrow();
    expect(account.email).toBe(alice.email);
    const alices = placed.filter((order) => order.email === alice.email);
    expect(ids((await list({ search: alice.email })).orders)).toEqual(ids(alices));
  });

  it("treats % and _ in a search as themselves", async () => {
    expect((await list({ search: "%" })).orders).toEqual([]);
    expect((await list({ search: "_" })).orders).toEqual([]);
  });

  it("finds an order by its full id or its first 8+ characters", async () => {
    const target = placed[3]?.id ?? "";
    expect(ids((await list({ search: target })).orders)).toEqual([target]);
    expect(ids((await list({ search: target.toUpperCase() })).orders)).toEqual([target]);
    expect(ids((await list({ search: target.slice(0, 8) })).orders)).toEqual([target]);
    expect(ids((await list({ search: target.slice(0, 13) })).orders)).toEqual([target]);
  });

  it("finds an order by its payment reference, spaces ignored, or by its first 6+ characters", async () => {
    const target = placed[4];
    const reference = target?.paymentReference ?? "";
    const spaced = reference.replace(/(\d{4})/g, "$1 ");
    expect(ids((await list({ search: spaced })).orders)).toEqual([target?.id]);
    // Part of a UTR: every order whose reference begins with it, the target among them.
    const found = (await list({ search: reference.slice(0, 11) })).orders;
    expect(ids(found)).toContain(target?.id);
    for (const order of found)
      expect(order.paymentReference?.startsWith(reference.slice(0, 11))).toBe(true);
    // Fewer than 6 characters match a whole reference only; a digit that no reference has, nothing.
    expect((await list({ search: reference.slice(0, 5) })).orders).toEqual([]);
    expect((await list({ search: `${reference.slice(0, 6)}x` })).orders).toEqual([]);
  });

  it("combines a search with a status filter", async () => {
    const completed = placed[1];
    const email = completed?.email ?? "";
    expect(ids((await list({ search: email, status: "completed" })).orders)).toEqual([
      completed?.id,
    ]);
    expect((await list({ search: email, status: "processing" })).orders).toEqual([]);
  });

  it("refuses a forged cursor, an unknown status and an overlong search with 400", async () => {
    expect((await admin.get("/api/admin/orders?cursor=bm90LWEtY3Vyc29y")).status).toBe(400);
    expect((await admin.get("/api/admin/orders?status=shipped")).status).toBe(400);
    expect((await admin.get(`/api/admin/orders?search=${"a".repeat(201)}`)).status).toBe(400);
    expect((await admin.get("/api/admin/orders?search=%00")).status).toBe(400);
    expect((await admin.get("/api/admin/orders?limit=1000")).status).toBe(400);
  });

  it("answers a customer with 403", async () => {
    expect((await alice.get("/api/admin/orders")).status).toBe(403);
  });
});

describe("GET /api/admin/orders/{id}", () => {
  it("shows the order, its timeline and who made each change", async () => {
    const completed = placed[1];
    const response = await admin.get(`/api/admin/orders/${completed?.id}`);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      id: completed?.id,
      userEmail: completed?.email,
      status: "completed",
      payoutTxHash: TRON_TX_HASH,
      payoutExplorerUrl: `https://tronscan.org/#/transaction/${TRON_TX_HASH}`,
      events: [
        {
          actorRole: "customer",
          actorEmail: completed?.email,
          fromStatus: null,
          toStatus: "pending",
        },
        {
          actorRole: "admin",
          actorEmail: admin.email,
          fromStatus: "pending",
          toStatus: "completed",
        },
      ],
    });
  });

  it("answers 404 for an unknown or malformed id", async () => {
    expect((await admin.get("/api/admin/orders/00000000-0000-4000-8000-000000000000")).status).toBe(
      404,
    );
    expect((await admin.get("/api/admin/orders/not-an-id")).status).toBe(404);
  });
});

/** Splits CSV text into rows of fields (RFC 4180, as a spreadsheet reads it). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let isQuoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (isQuoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') isQuoted = false;
      else field += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i += 1;
    } else field += char;
  }
  return rows;
}

describe("GET /api/admin/orders/export.csv", () => {
  it("downloads the filtered list as a dated CSV attachment with a header row", async () => {
    const response = await admin.get("/api/admin/orders/export.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="rupeedesk-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(response.text);
    expect(rows[0]).toEqual([
      "Order ID",
      "Created At (UTC)",
      "User Email",
      "Status",
      "Send Currency",
      "Send Amount",
      "Receive Currency",
      "Receive Amount",
      "Exchange Rate",
      "Network",
      "Wallet Address",
      "Payment Reference",
      "Payer Name",
      "Receiving Account",
      "Payout Tx Hash",
      "Updated At (UTC)",
    ]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(ids(placed));
    const completed = rows.find((row) => row[0] === placed[1]?.id);
    expect(completed?.slice(3, 10)).toEqual([
      "completed",
      "upi_inr",
      "8600.00",
      "usdt",
      "100.0000",
      "86",
      "trc20",
    ]);
    expect(completed?.[12]).toBe("Rahul Kumar");
    expect(completed?.[13]).toMatch(/^UPI \d+ \(desk\d+@okhdfcbank\)$/);
    expect(completed?.[14]).toBe(TRON_TX_HASH);
  });

  it("neutralises cells a spreadsheet would run as formulas", async () => {
    const response = await admin.get(
      `/api/admin/orders/export.csv?search=${encodeURIComponent(carol.email)}`,
    );
    const rows = parseCsv(response.text).slice(1);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row[2]).toBe(`'${carol.email}`);
    expect(rows[0]?.[11]).toBe("2345");
    expect(response.text).not.toMatch(/(^|,)[=+\-@]/m);
  });

  it("exports only what the filter finds", async () => {
    const response = await admin.get("/api/admin/orders/export.csv?status=cancelled");
    const rows = parseCsv(response.text);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[0]).toBe(placed[2]?.id);
    const none = parseCsv((await admin.get("/api/admin/orders/export.csv?search=nobody")).text);
    expect(none).toHaveLength(1);
  });

  it("is refused to a customer", async () => {
    expect((await alice.get("/api/admin/orders/export.csv")).status).toBe(403);
  });
});
