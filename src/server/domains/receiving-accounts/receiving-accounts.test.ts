import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type Client,
  signedInAdmin,
  signedInCustomer,
  verifiedCustomer,
} from "../../testing/actors";
import { retireReceivingAccounts } from "../../testing/desk-accounts";
import { SHIPPED_ORDER_LIMITS_INPUT } from "../../testing/order-limits";
import { orderInput, withOffer } from "../../testing/orders";
import { createTestApp, type TestApp } from "../../testing/test-app";

let testApp: TestApp;
let admin: Client;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
});
afterAll(() => testApp.close());
beforeEach(() => retireReceivingAccounts(testApp.db));

const UPI_FORM = {
  kind: "upi",
  label: "HDFC UPI 1",
  upiId: "desk.one@okhdfcbank",
  payeeName: "RupeeDesk",
  sendMethods: ["upi"],
  dailyCapInr: "100000",
  perOrderMaxInr: "",
  paused: false,
};

const BANK_FORM = {
  kind: "bank",
  label: "ICICI current",
  bankName: "ICICI Bank",
  accountHolderName: "RupeeDesk Pvt Ltd",
  accountNumber: "000405012345",
  ifscCode: "icic0000004",
  sendMethods: ["bank", "cash"],
  dailyCapInr: "",
  perOrderMaxInr: "50000",
  paused: false,
};

async function addAccount(form: Record<string, unknown>) {
  const response = await admin.post("/api/admin/receiving-accounts", form);
  expect(response.status, response.text).toBe(201);
  return response.json.id as string;
}

async function accounts() {
  const response = await admin.get("/api/admin/receiving-accounts");
  expect(response.status).toBe(200);
  return response.json.accounts as Record<string, unknown>[];
}

const accountById = async (id: string) => (await accounts()).find((account) => account.id === id);

async function auditActions(accountId: string) {
  const rows = await testApp.db
    .selectFrom("audit_log")
    .select(["action", "details"])
    .where("target_id", "=", accountId)
    .orderBy("id")
    .execute();
  return rows.map((row) => row.action);
}

describe("/api/admin/receiving-accounts", () => {
  it("adds accounts and lists today's volume against the cap, held amounts and open orders", async () => {
    const upi = await addAccount(UPI_FORM);
    const bank = await addAccount(BANK_FORM);
    // Verified, so the offer reserves its amount (decision 030).
    const customer = await verifiedCustomer(testApp);
    const placed = await customer.post(
      "/api/orders",
      await withOffer(customer, orderInput({ amount: "8600" })),
    );
    expect(placed.status).toBe(201);
    await customer.post("/api/orders/payment-offer", { sendCurrency: "upi_inr", amount: "1000" });

    expect(await accountById(upi)).toMatchObject({
      kind: "upi",
      label: "HDFC UPI 1",
      upiId: "desk.one@okhdfcbank",
      dailyCapInr: "100000",
      perOrderMaxInr: null,
      receivedTodayInr: "8600",
      heldInr: "1000",
      capUsedPercent: 8.6,
      openOrders: 1,
      paused: false,
      retiredAt: null,
    });
    expect(await accountById(bank)).toMatchObject({
      ifscCode: "ICIC0000004",
      sendMethods: ["bank", "cash"],
      dailyCapInr: null,
      perOrderMaxInr: "50000",
      capUsedPercent: null,
    });
    expect(await auditActions(upi)).toEqual(["receiving_account.created"]);
  });

  it("refuses every bad field with a message naming it, and writes nothing", async () => {
    const before = (await accounts()).length;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ...UPI_FORM, upiId: "not a vpa" }, "upiId", /UPI ID must look like name@bank/],
      [{ ...BANK_FORM, ifscCode: "HDFC1234567" }, "ifscCode", /IFSC Code must be 11 characters/],
      [{ ...BANK_FORM, accountNumber: "12345" }, "accountNumber", /9 to 18 digits/],
      [{ ...UPI_FORM, sendMethods: ["cash"] }, "sendMethods", /UPI ID takes only upi, erupee/],
      [{ ...UPI_FORM, sendMethods: [] }, "sendMethods", /at least one payment method/],
      [{ ...UPI_FORM, dailyCapInr: "-5" }, "dailyCapInr", /Daily Cap must be empty/],
      [{ ...UPI_FORM, perOrderMaxInr: "1.234" }, "perOrderMaxInr", /Per-order Maximum/],
      [{ ...UPI_FORM, label: "a\u0007b" }, "label", /control characters/],
      [{ ...UPI_FORM, payeeName: "" }, "payeeName", /Payee Name is required/],
      [{ ...UPI_FORM, kind: "crypto" }, "kind", /Kind must be upi or bank/],
    ];
    for (const [form, field, message] of cases) {
      const response = await admin.post("/api/admin/receiving-accounts", form);
      expect(response.status, JSON.stringify(form)).toBe(400);
      expect(response.json.field).toBe(field);
      expect(response.json.error).toMatch(message);
    }
    expect((await accounts()).length).toBe(before);
  });

  it("pauses, resumes and edits with the old and new values audited", async () => {
    const id = await addAccount(UPI_FORM);
    const put = (form: Record<string, unknown>) =>
      admin.request("PUT", `/api/admin/receiving-accounts/${id}`, form);
    expect((await put({ ...UPI_FORM, paused: true })).status).toBe(200);
    expect((await put(UPI_FORM)).status).toBe(200);
    expect((await put({ ...UPI_FORM, dailyCapInr: "250000", label: "Main UPI" })).status).toBe(200);
    expect((await put({ ...UPI_FORM, dailyCapInr: "250000", label: "Main UPI" })).status).toBe(200);
    expect(await auditActions(id)).toEqual([
      "receiving_account.created",
      "receiving_account.paused",
      "receiving_account.resumed",
      "receiving_account.updated",
    ]);
    const edit = await testApp.db
      .selectFrom("audit_log")
      .select("details")
      .where("target_id", "=", id)
      .where("action", "=", "receiving_account.updated")
      .executeTakeFirstOrThrow();
    expect(edit.details).toMatchObject({
      label: { from: "HDFC UPI 1", to: "Main UPI" },
      daily_cap_inr: { from: "100000.00", to: "250000.00" },
    });
  });

  it("keeps where the money goes once a customer was shown it: retire instead", async () => {
    const id = await addAccount(UPI_FORM);
    expect((await accountById(id))?.wasShown).toBe(false);
    const customer = await signedInCustomer(testApp);
    const offer = await customer.post("/api/orders/payment-offer", {
      sendCurrency: "upi_inr",
      amount: "500",
    });
    expect(offer.status).toBe(200);
    expect((await accountById(id))?.wasShown).toBe(true);
    const changed = await admin.request("PUT", `/api/admin/receiving-accounts/${id}`, {
      ...UPI_FORM,
      upiId: "other@okaxis",
    });
    expect(changed.status).toBe(409);
    expect(changed.json.error).toMatch(/Retire it and add a new account/);

    expect((await admin.post(`/api/admin/receiving-accounts/${id}/retire`)).status).toBe(200);
    expect((await accountById(id))?.retiredAt).toEqual(expect.any(String));
    const again = await admin.post(`/api/admin/receiving-accounts/${id}/retire`);
    expect(again.status).toBe(409);
    const other = await signedInCustomer(testApp);
    const refused = await other.post("/api/orders/payment-offer", {
      sendCurrency: "upi_inr",
      amount: "500",
    });
    expect(refused.json.code).toBe("NO_RECEIVING_ACCOUNT");
    expect(await auditActions(id)).toEqual([
      "receiving_account.created",
      "receiving_account.retired",
    ]);
  });

  it("keeps one account in service per UPI ID and per bank account; a retired one frees them", async () => {
    const upi = await addAccount(UPI_FORM);
    const bank = await addAccount(BANK_FORM);
    const before = await accounts();
    const twinUpi = await admin.post("/api/admin/receiving-accounts", {
      ...UPI_FORM,
      label: "Same UPI",
      upiId: UPI_FORM.upiId.toUpperCase(),
    });
    expect(twinUpi.status).toBe(409);
    expect(twinUpi.json).toMatchObject({ code: "ACCOUNT_DUPLICATE", field: "upiId" });
    expect(twinUpi.json.error).toMatch(/already a receiving account in service/);
    const twinBank = await admin.post("/api/admin/receiving-accounts", {
      ...BANK_FORM,
      label: "Same bank",
    });
    expect(twinBank.json).toMatchObject({ code: "ACCOUNT_DUPLICATE", field: "accountNumber" });
    // Editing another account into a twin is refused the same way.
    const other = await addAccount({ ...UPI_FORM, upiId: "desk.other@okaxis" });
    const edited = await admin.request("PUT", `/api/admin/receiving-accounts/${other}`, UPI_FORM);
    expect(edited.json.code).toBe("ACCOUNT_DUPLICATE");
    expect((await accounts()).length).toBe(before.length + 1);
    expect((await accountById(other))?.upiId).toBe("desk.other@okaxis");

    expect((await admin.post(`/api/admin/receiving-accounts/${upi}/retire`)).status).toBe(200);
    expect((await admin.post(`/api/admin/receiving-accounts/${bank}/retire`)).status).toBe(200);
    await addAccount(UPI_FORM);
    await addAccount(BANK_FORM);
  });

  it("answers an unknown or malformed id plainly", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await admin.post(`/api/admin/receiving-accounts/${unknown}/retire`)).status).toBe(404);
    const malformed = await admin.post("/api/admin/receiving-accounts/42/retire");
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toMatch(/not a receiving account id/);
  });

  it("is closed to customers and to admins who have not stepped up", async () => {
    const customer = await signedInCustomer(testApp);
    const notElevated = await signedInAdmin(testApp, { isElevated: false });
    for (const client of [customer, notElevated]) {
      expect((await client.get("/api/admin/receiving-accounts")).status).toBe(403);
      expect((await client.post("/api/admin/receiving-accounts", UPI_FORM)).status).toBe(403);
    }
  });
});

describe("the Settings page's payment details", () => {
  const SETTINGS = {
    exchangeRate: "86",
    minInrAmount: "0",
    maxInrAmount: "100000",
    paymentUpiId: "first@okhdfcbank",
    payeeName: "RupeeDesk",
    maintenanceMode: false,
    bankName: "",
    accountHolderName: "",
    accountNumber: "",
    ifscCode: "",
    supportWhatsappUrl: "",
    supportTelegramUrl: "",
    supportEmail: "",
    offerHoldNewCustomerInr: "10000",
    offerHoldCapPercent: "50",
    offerAlertMultiple: "3",
    offersPerCustomerPerHour: "60",
    offersPerAddressPerHour: "200",
    ...SHIPPED_ORDER_LIMITS_INPUT,
  };
  const saveSettings = (settings: typeof SETTINGS) =>
    admin.request("PUT", "/api/admin/settings", settings);
  const shownUpiId = async () => {
    const customer = await signedInCustomer(testApp);
    const offer = await customer.post("/api/orders/payment-offer", {
      sendCurrency: "upi_inr",
      amount: "100",
    });
    return offer.json.account?.upiId;
  };

  it("become the account customers are shown, and a new UPI ID replaces it", async () => {
    expect((await saveSettings(SETTINGS)).status).toBe(200);
    expect(await shownUpiId()).toBe("first@okhdfcbank");
    const first = (await accounts()).find((account) => account.upiId === "first@okhdfcbank");
    expect(first).toMatchObject({ fromSettings: true, retiredAt: null });

    expect((await saveSettings({ ...SETTINGS, paymentUpiId: "second@okaxis" })).status).toBe(200);
    expect(await shownUpiId()).toBe("second@okaxis");
    // The first was shown to a customer: it is retired and kept, not rewritten.
    expect(await accountById(String(first?.id))).toMatchObject({
      upiId: "first@okhdfcbank",
      retiredAt: expect.any(String),
      fromSettings: false,
    });

    expect((await saveSettings({ ...SETTINGS, paymentUpiId: "" })).status).toBe(200);
    expect(await shownUpiId()).toBeUndefined();
  });
});
