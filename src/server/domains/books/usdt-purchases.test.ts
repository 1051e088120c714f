import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createClient } from "../../testing/test-client";

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
});
afterAll(() => testApp.close());

const PURCHASE = {
  boughtOn: "2026-11-02",
  network: "trc20",
  quantityUsdt: "1000.123456",
  paidCurrency: "INR",
  paidAmount: "85012.34",
  usdInrRate: "",
  source: "Binance P2P",
  note: "Seller: A. Kumar",
};

async function counts() {
  const [purchases, audits] = await Promise.all([
    testApp.db
      .selectFrom("usdt_purchases")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow(),
    testApp.db
      .selectFrom("audit_log")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { purchases: Number(purchases.n), audits: Number(audits.n) };
}

function auditOf(id: string) {
  return testApp.db
    .selectFrom("audit_log")
    .select(["action", "actor_email", "details"])
    .where("target_type", "=", "usdt_purchase")
    .where("target_id", "=", id)
    .orderBy("id")
    .execute();
}

describe("POST /api/admin/books/purchases", () => {
  it("records a purchase paid in rupees exactly, with an audit row", async () => {
    const response = await admin.post("/api/admin/books/purchases", PURCHASE);
    expect(response.status, response.text).toBe(201);
    expect(response.json).toMatchObject({
      boughtOn: "2026-11-02",
      quantityUsdt: "1000.123456",
      paidAmount: "85012.34",
      usdInrRate: null,
      costInr: "85012.34",
      note: "Seller: A. Kumar",
    });
    const audit = await auditOf(response.json.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: "usdt_purchase.recorded",
        actor_email: admin.email,
        details: {
          after: expect.objectContaining({ quantityUsdt: "1000.123456", costInr: "85012.34" }),
        },
      }),
    ]);
  });

  it("costs a purchase paid in dollars at its rate, to the last digit", async () => {
    const response = await admin.post("/api/admin/books/purchases", {
      ...PURCHASE,
      paidCurrency: "USD",
      paidAmount: "1000.13",
      usdInrRate: "84.123457",
    });
    expect(response.status, response.text).toBe(201);
    // 1000.13 × 84.123457 = 84134.39304941 (no float would give every digit).
    expect(response.json.costInr).toBe("84134.39304941");
  });

  it.each([
    [{ quantityUsdt: "0" }, "quantityUsdt", "Quantity (USDT) must be a number greater than 0"],
    [{ quantityUsdt: "-5" }, "quantityUsdt", "Quantity (USDT) must be a number greater than 0"],
    [{ quantityUsdt: "1.1234567" }, "quantityUsdt", "at most 6 decimals"],
    [{ quantityUsdt: "1e3" }, "quantityUsdt", "Quantity (USDT)"],
    [{ quantityUsdt: "NaN" }, "quantityUsdt", "Quantity (USDT)"],
    [{ paidAmount: "0.00" }, "paidAmount", "Amount Paid (₹) must be a number greater than 0"],
    [{ paidAmount: "10.001" }, "paidAmount", "at most 2 decimals"],
    [{ paidCurrency: "EUR" }, "paidCurrency", "Paid In must be INR or USD."],
    [{ paidCurrency: "USD", usdInrRate: "" }, "usdInrRate", "USD/INR Rate is required"],
    [
      { paidCurrency: "USD", usdInrRate: "-84" },
      "usdInrRate",
      "USD/INR Rate must be a number greater than 0",
    ],
    [{ usdInrRate: "84" }, "usdInrRate", "only for a purchase paid in USD"],
    [{ network: "bitcoin" }, "network", "Network must be one of"],
    [{ boughtOn: "2026-02-30" }, "boughtOn", "Date must be a day"],
    [{ boughtOn: "2013-01-01" }, "boughtOn", "on or after"],
    [{ boughtOn: "2999-01-01" }, "boughtOn", "must not be after today in India"],
    [{ source: "  " }, "source", "Bought At is required"],
    [{ source: "x".repeat(101) }, "source", "at most 100 characters"],
    [{ note: "n".repeat(501) }, "note", "at most 500 characters"],
    [{ source: "Binance\u0000P2P" }, "source", "Bought At must not contain control characters."],
    [{ note: "Paid\nby RTGS" }, "note", "Note must not contain control characters."],
    [{ note: "Paid\u001b[31m" }, "note", "Note must not contain control characters."],
  ])("refuses %j with a 400 naming %s, writing nothing", async (change, field, message) => {
    const before = await counts();
    const response = await admin.post("/api/admin/books/purchases", { ...PURCHASE, ...change });
    expect(response.status, response.text).toBe(400);
    expect(response.json).toMatchObject({ code: "INVALID_INPUT", field });
    expect(response.json.error).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it("refuses a body that is not the form", async () => {
    const response = await admin.post("/api/admin/books/purchases", { quantityUsdt: 5 });
    expect(response.status).toBe(400);
  });
});

describe("PUT /api/admin/books/purchases/{id}", () => {
  it("saves an edit and audits the purchase before and after", async () => {
    const created = await admin.post("/api/admin/books/purchases", PURCHASE);
    const id = created.json.id as string;
    const response = await admin.request("PUT", `/api/admin/books/purchases/${id}`, {
      ...PURCHASE,
      quantityUsdt: "999.5",
      note: "",
    });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toMatchObject({ id, quantityUsdt: "999.5", note: null });
    const [, edit] = await auditOf(id);
    expect(edit).toMatchObject({
      action: "usdt_purchase.updated",
      actor_email: admin.email,
      details: {
        before: expect.objectContaining({ quantityUsdt: "1000.123456", note: "Seller: A. Kumar" }),
        after: expect.objectContaining({ quantityUsdt: "999.5", note: null }),
      },
    });
  });

  it("refuses a bad edit, leaving the purchase and the audit log as they were", async () => {
    const created = await admin.post("/api/admin/books/purchases", PURCHASE);
    const before = await counts();
    const response = await admin.request("PUT", `/api/admin/books/purchases/${created.json.id}`, {
      ...PURCHASE,
      quantityUsdt: "-1",
    });
    expect(response.status).toBe(400);
    expect(await counts()).toEqual(before);
    const list = await admin.get("/api/admin/books/purchases?from=2026-11-01&to=2026-11-30");
    expect(list.json.purchases.find((p: { id: string }) => p.id === created.json.id)).toMatchObject(
      {
        quantityUsdt: "1000.123456",
      },
    );
  });

  it("refuses an edit whose note has a control character, as it refuses one in Bought At", async () => {
    const created = await admin.post("/api/admin/books/purchases", PURCHASE);
    const before = await counts();
    const response = await admin.request("PUT", `/api/admin/books/purchases/${created.json.id}`, {
      ...PURCHASE,
      note: "Paid by\tRTGS",
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      code: "INVALID_INPUT",
      field: "note",
      error: "Note must not contain control characters.",
    });
    expect(await counts()).toEqual(before);
  });

  it("answers 404 for no such purchase, and 400 for a malformed id", async () => {
    const missing = await admin.request(
      "PUT",
      "/api/admin/books/purchases/00000000-0000-4000-8000-000000000000",
      PURCHASE,
    );
    expect(missing.status).toBe(404);
    const malformed = await admin.request("PUT", "/api/admin/books/purchases/not-an-id", PURCHASE);
    expect(malformed.status).toBe(400);
  });
});

describe("GET /api/admin/books/purchases", () => {
  it("lists the range's purchases, newest day first", async () => {
    await admin.post("/api/admin/books/purchases", { ...PURCHASE, boughtOn: "2026-10-31" });
    const response = await admin.get("/api/admin/books/purchases?from=2026-11-01&to=2026-11-30");
    expect(response.status).toBe(200);
    const days = response.json.purchases.map((p: { boughtOn: string }) => p.boughtOn);
    expect(days.length).toBeGreaterThan(0);
    expect(days.every((day: string) => day >= "2026-11-01" && day <= "2026-11-30")).toBe(true);
  });

  it.each([
    ["from=2026-11-30&to=2026-11-01", "from must not be after to"],
    ["from=2025-01-01&to=2026-11-30", "at most 366 days"],
    ["from=2026-13-01&to=2026-11-30", "must be a day"],
    ["from=2026-11-01", "to"],
  ])("refuses the range %s with a 400", async (query, message) => {
    const response = await admin.get(`/api/admin/books/purchases?${query}`);
    expect(response.status).toBe(400);
    expect(response.json.error).toContain(message);
  });
});

describe("who may use the books", () => {
  const routes = [
    ["GET", "/api/admin/books?from=2026-11-01&to=2026-11-30"],
    ["GET", "/api/admin/books/export.csv?from=2026-11-01&to=2026-11-30"],
    ["GET", "/api/admin/books/export.xlsx?from=2026-11-01&to=2026-11-30"],
    ["GET", "/api/admin/books/purchases?from=2026-11-01&to=2026-11-30"],
    ["POST", "/api/admin/books/purchases"],
    ["PUT", "/api/admin/books/purchases/00000000-0000-4000-8000-000000000000"],
  ] as const;

  async function answers(client: Client) {
    const statuses: string[] = [];
    for (const [method, path] of routes) {
      const response =
        method === "GET" ? await client.get(path) : await client.request(method, path, PURCHASE);
      statuses.push(`${response.status} ${method} ${path.split("?")[0]}`);
    }
    return statuses;
  }

  it("answers 401 to anonymous callers, 403 to customers and to admins not stepped up, writing nothing", async () => {
    const before = await counts();
    const anonymous = await answers(createClient(testApp));
    const customer = await answers(await signedInCustomer(testApp));
    const notSteppedUp = await answers(await signedInAdmin(testApp, { isElevated: false }));
    expect(anonymous.every((answer) => answer.startsWith("401 "))).toBe(true);
    expect(customer.every((answer) => answer.startsWith("403 "))).toBe(true);
    expect(notSteppedUp.every((answer) => answer.startsWith("403 "))).toBe(true);
    const after = await counts();
    expect(after.purchases).toBe(before.purchases);
  });
});
