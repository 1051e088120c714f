import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { plainDecimal } from "../../../shared/money";
import type { SiteSettingsInput } from "../../../shared/site-settings-input";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { SHIPPED_ORDER_LIMITS_INPUT } from "../../testing/order-limits";
import { postOrder } from "../../testing/orders";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createClient } from "../../testing/test-client";

const TRON_WALLET = "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6";

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

/** The settings a fresh database has, as the form sends them. */
const DEFAULT_INPUT: SiteSettingsInput = {
  exchangeRate: "86",
  minInrAmount: "0",
  maxInrAmount: "100000",
  paymentUpiId: "",
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

const GOOD_INPUT: SiteSettingsInput = {
  exchangeRate: "90.5",
  minInrAmount: "2000",
  maxInrAmount: "150000.50",
  paymentUpiId: "rupeedesk@okhdfcbank",
  payeeName: "RupeeDesk OTC",
  maintenanceMode: false,
  bankName: "Kotak Mahindra Bank",
  accountHolderName: "RupeeDesk Private Limited",
  accountNumber: "123456789012",
  ifscCode: "KKBK0000261",
  supportWhatsappUrl: "https://wa.me/919876543210",
  supportTelegramUrl: "https://t.me/rupeedesk",
  supportEmail: "help@rupeedesk.example",
  offerHoldNewCustomerInr: "5000.50",
  offerHoldCapPercent: "40",
  offerAlertMultiple: "5",
  offersPerCustomerPerHour: "12",
  offersPerAddressPerHour: "500",
  limitOrderInr: "40000",
  limitDayInr: "80000.50",
  limitMonthInr: "400000",
  verifiedLimitOrderInr: "500000",
  verifiedLimitDayInr: "1500000",
  verifiedLimitMonthInr: "5000000",
  newCustomerDays: "14",
  newCustomerOrderInr: "10000",
  newCustomerDayInr: "20000",
  verifyAboveYearInr: "750000.50",
};

const save = (client: Client, input: unknown) =>
  client.request("PUT", "/api/admin/settings", input);

async function readRow() {
  return testApp.db
    .selectFrom("site_settings")
    .selectAll()
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
}

async function settingsAudits() {
  return testApp.db
    .selectFrom("audit_log")
    .selectAll()
    .where("action", "=", "settings.saved")
    .orderBy("id")
    .execute();
}

beforeAll(async () => {
  testApp = await createTestApp({}, { shippedOrderLimits: true });
  admin = await signedInAdmin(testApp);
});
afterAll(() => testApp.close());
beforeEach(async () => {
  await testApp.db
    .updateTable("site_settings")
    .set({
      exchange_rate: "86",
      min_inr_amount: "0",
      max_inr_amount: "100000",
      payment_upi_id: "",
      payee_name: "RupeeDesk",
      maintenance_mode: false,
      bank_name: "",
      bank_account_holder_name: "",
      bank_account_number: "",
      bank_ifsc_code: "",
      support_whatsapp_url: null,
      support_telegram_url: null,
      support_email: null,
      offer_hold_new_customer_inr: "10000",
      offer_hold_cap_percent: 50,
      offer_alert_multiple: 3,
      offers_per_customer_per_hour: 60,
      offers_per_address_per_hour: 200,
      limit_order_inr: "50000",
      limit_day_inr: "100000",
      limit_month_inr: "500000",
      verified_limit_order_inr: "1000000",
      verified_limit_day_inr: "2500000",
      verified_limit_month_inr: "10000000",
      new_customer_days: 7,
      new_customer_order_inr: "25000",
      new_customer_day_inr: "50000",
      verify_above_year_inr: "1000000",
    })
    .where("id", "=", 1)
    .execute();
  await testApp.db.deleteFrom("audit_log").where("action", "=", "settings.saved").execute();
});

describe("GET /api/admin/settings", () => {
  it("gives every field, decimals as text, unset support links as null with the defaults", async () => {
    const response = await admin.get("/api/admin/settings");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.json).toMatchObject({
      ...DEFAULT_INPUT,
      supportWhatsappUrl: null,
      supportTelegramUrl: null,
      supportEmail: null,
    });
    expect(response.json.supportDefaults).toEqual({
      whatsapp: expect.stringMatching(/^https:\/\//),
      telegram: expect.stringMatching(/^https:\/\//),
      email: expect.stringContaining("@"),
    });
    expect(Date.parse(response.json.updatedAt)).not.toBeNaN();
  });

  it("is refused to customers and to admins who have not stepped up", async () => {
    const customer = await signedInCustomer(testApp);
    expect((await customer.get("/api/admin/settings")).status).toBe(403);
    expect((await save(customer, GOOD_INPUT)).status).toBe(403);
    const notStepped = await signedInAdmin(testApp, { isElevated: false });
    expect((await notStepped.get("/api/admin/settings")).status).toBe(403);
    expect((await save(notStepped, GOOD_INPUT)).status).toBe(403);
    expect((await save(createClient(testApp), GOOD_INPUT)).status).toBe(401);
    expect(await settingsAudits()).toEqual([]);
  });
});

describe("PUT /api/admin/settings", () => {
  it("saves every field, answers the stored values and audits only the changed fields", async () => {
    const response = await save(admin, {
      ...DEFAULT_INPUT,
      exchangeRate: "90.50",
      bankName: "SBI",
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ exchangeRate: "90.5", bankName: "SBI" });

    const row = await readRow();
    expect(row.exchange_rate).toBe("90.5000");
    expect(row.bank_name).toBe("SBI");

    const audits = await settingsAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actor_id: admin.userId,
      actor_email: admin.email,
      target_type: "settings",
      target_id: "1",
      ip_address: admin.ip,
      details: {
        exchangeRate: { from: "86", to: "90.5" },
        bankName: { from: "", to: "SBI" },
      },
    });
  });

  it("stores a full change, and an empty support link goes back to the default", async () => {
    expect((await save(admin, GOOD_INPUT)).status).toBe(200);
    const row = await readRow();
    expect(row).toMatchObject({
      min_inr_amount: "2000.00",
      max_inr_amount: "150000.50",
      payment_upi_id: "rupeedesk@okhdfcbank",
      bank_ifsc_code: "KKBK0000261",
      support_whatsapp_url: "https://wa.me/919876543210",
      support_email: "help@rupeedesk.example",
      offer_hold_new_customer_inr: "5000.50",
      offer_hold_cap_percent: 40,
      offer_alert_multiple: 5,
      offers_per_customer_per_hour: 12,
      offers_per_address_per_hour: 500,
    });
    const publicSettings = (await createClient(testApp).get("/api/site-settings")).json;
    expect(publicSettings.supportLinks).toEqual({
      whatsapp: "https://wa.me/919876543210",
      telegram: "https://t.me/rupeedesk",
      email: "help@rupeedesk.example",
    });
    // Where to pay is shown only at a customer's payment step, never to every visitor.
    expect(publicSettings.paymentDetails).toBeUndefined();
    expect(JSON.stringify(publicSettings)).not.toContain("rupeedesk@okhdfcbank");

    const back = await save(admin, { ...GOOD_INPUT, supportWhatsappUrl: "", supportEmail: "  " });
    expect(back.status).toBe(200);
    expect(back.json.supportWhatsappUrl).toBeNull();
    expect(back.json.supportEmail).toBeNull();
    const audits = await settingsAudits();
    expect(audits.at(-1)?.details).toEqual({
      supportWhatsappUrl: { from: "https://wa.me/919876543210", to: null },
      supportEmail: { from: "help@rupeedesk.example", to: null },
    });
    const defaults = back.json.supportDefaults;
    const after = (await createClient(testApp).get("/api/site-settings")).json;
    expect(after.supportLinks.whatsapp).toBe(defaults.whatsapp);
    expect(after.supportLinks.email).toBe(defaults.email);
  });

  it("takes the settings back as they were read, unset support links (null) included", async () => {
    expect((await save(admin, { ...GOOD_INPUT, supportTelegramUrl: "" })).status).toBe(200);
    const read = await admin.get("/api/admin/settings");
    expect(read.json.supportTelegramUrl).toBeNull();
    const audits = (await settingsAudits()).length;
    const { supportDefaults, updatedAt, ...asRead } = read.json;
    const back = await save(admin, asRead);
    expect(back.status, back.text).toBe(200);
    expect(back.json.supportTelegramUrl).toBeNull();
    // Nothing changed: nothing audited.
    expect(await settingsAudits()).toHaveLength(audits);
  });

  it("trims text, and a save that changes nothing writes no audit entry", async () => {
    const response = await save(admin, {
      ...DEFAULT_INPUT,
      bankName: "  SBI  ",
      exchangeRate: " 86.0 ",
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ bankName: "SBI", exchangeRate: "86" });
    expect(await settingsAudits()).toHaveLength(1);
    expect((await settingsAudits())[0]?.details).toEqual({ bankName: { from: "", to: "SBI" } });

    const updatedAt = (await readRow()).updated_at;
    expect((await save(admin, { ...DEFAULT_INPUT, bankName: "SBI" })).status).toBe(200);
    expect(await settingsAudits()).toHaveLength(1);
    expect((await readRow()).updated_at).toEqual(updatedAt);
  });

  const refusals: [field: keyof SiteSettingsInput, value: unknown, message: RegExp][] = [
    ["exchangeRate", "0", /Exchange Rate must be a number greater than 0/],
    ["exchangeRate", "-5", /Exchange Rate must be a number greater than 0/],
    ["exchangeRate", "90.12345", /at most 4 decimals/],
    ["exchangeRate", "abc", /Exchange Rate/],
    ["exchangeRate", "1e3", /Exchange Rate/],
    ["exchangeRate", "", /Exchange Rate/],
    ["exchangeRate", "100000000", /Exchange Rate must be less than/],
    ["exchangeRate", 90.5, /Exchange Rate/],
    ["minInrAmount", "-1", /Minimum INR Amount must be a rupee amount 0 or more/],
    ["minInrAmount", "10.005", /Minimum INR Amount .*at most 2 decimals/],
    ["maxInrAmount", "0", /Maximum INR Amount must be a rupee amount greater than 0/],
    ["maxInrAmount", "1000000000000", /Maximum INR Amount must be less than/],
    ["paymentUpiId", "name@", /Payment UPI ID must look like name@bank/],
    ["paymentUpiId", "na me@upi", /Payment UPI ID/],
    ["paymentUpiId", "a@upi", /Payment UPI ID/],
    ["payeeName", "   ", /Payee Name is required/],
    ["payeeName", "x".repeat(101), /Payee Name must be at most 100 characters/],
    ["bankName", "x".repeat(101), /Bank Name must be at most 100 characters/],
    ["accountHolderName", "x".repeat(101), /Account Holder Name/],
    ["accountNumber", "12345678", /Account Number must be 9 to 18 digits/],
    ["accountNumber", "1234 5678 9012", /Account Number/],
    ["accountNumber", "1234567890123456789", /Account Number/],
    ["ifscCode", "SBIN1003853", /IFSC Code must be 11 characters/],
    ["ifscCode", "SBI0003853", /IFSC Code/],
    ["ifscCode", "sbin0003853", /IFSC Code/],
    ["maintenanceMode", "yes", /Maintenance Mode/],
    ["supportWhatsappUrl", "http://wa.me/919876543210", /WhatsApp Link must be an https:\/\//],
    ["supportWhatsappUrl", "javascript:alert(1)", /WhatsApp Link/],
    ["supportTelegramUrl", "t.me/rupeedesk", /Telegram Link must be an https:\/\//],
    ["supportEmail", "not-an-email", /Support Email must be an e-mail address/],
    ["offerHoldNewCustomerInr", "-1", /Hold for a New Customer must be a rupee amount 0 or more/],
    ["offerHoldNewCustomerInr", "10.001", /Hold for a New Customer/],
    [
      "offerHoldCapPercent",
      "101",
      /Share of a Cap Offers May Hold must be a whole number from 0 to 100/,
    ],
    ["offerHoldCapPercent", "12.5", /Share of a Cap Offers May Hold/],
    ["offerAlertMultiple", "0", /Alert at Offers Above must be a whole number from 1/],
    ["offersPerCustomerPerHour", "0", /Offers per Customer per Hour must be a whole number/],
    ["offersPerCustomerPerHour", 30, /Offers per Customer per Hour/],
    ["offersPerAddressPerHour", "1e3", /Offers per Address per Hour/],
    ["limitOrderInr", "0", /Unverified: per Order must be a rupee amount greater than 0/],
    [
      "limitOrderInr",
      "80000.51",
      /Unverified: per Order cannot be more than Unverified: per 24 Hours/,
    ],
    ["verifiedLimitMonthInr", "-5", /Verified: per 30 Days must be a rupee amount/],
    [
      "newCustomerDays",
      "366",
      /New Customer: Days after Sign-up must be a whole number from 0 to 365/,
    ],
    ["newCustomerOrderInr", "20000.01", /New Customer: per Order cannot be more than/],
  ];

  it.each(refusals)(
    "refuses %s = %j with a 400 naming it, and writes nothing",
    async (field, value, message) => {
      const before = await readRow();
      const response = await save(admin, { ...GOOD_INPUT, [field]: value });
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ code: "INVALID_INPUT", field });
      expect(response.json.error).toMatch(message);
      expect(await readRow()).toEqual(before);
      expect(await settingsAudits()).toEqual([]);
    },
  );

  it("refuses a missing field, naming it", async () => {
    const { ifscCode: _omitted, ...withoutIfsc } = GOOD_INPUT;
    const response = await save(admin, withoutIfsc);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ field: "ifscCode" });
    expect(response.json.error).toMatch(/^IFSC Code: /);
  });

  it("refuses a minimum above the maximum, and accepts them equal", async () => {
    const before = await readRow();
    const response = await save(admin, {
      ...GOOD_INPUT,
      minInrAmount: "5000",
      maxInrAmount: "4999.99",
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      error: "Minimum INR Amount cannot be more than the Maximum INR Amount.",
      code: "INVALID_INPUT",
      field: "minInrAmount",
    });
    expect(await readRow()).toEqual(before);
    expect(await settingsAudits()).toEqual([]);

    const equal = await save(admin, {
      ...GOOD_INPUT,
      minInrAmount: "5000",
      maxInrAmount: "5000.00",
    });
    expect(equal.status).toBe(200);
  });

  it("serializes concurrent saves, so each audit entry's 'from' is what the save replaced", async () => {
    const rates = ["87", "88", "89", "90", "91"];
    const responses = await Promise.all(
      rates.map((exchangeRate) => save(admin, { ...DEFAULT_INPUT, exchangeRate })),
    );
    expect(responses.map((response) => response.status)).toEqual(rates.map(() => 200));
    const chain = (await settingsAudits()).map(
      (entry) => entry.details.exchangeRate as { from: string; to: string },
    );
    expect(chain).toHaveLength(rates.length);
    expect(chain[0]?.from).toBe("86");
    for (let index = 1; index < chain.length; index += 1) {
      expect(chain[index]?.from).toBe(chain[index - 1]?.to);
    }
    expect(plainDecimal((await readRow()).exchange_rate)).toBe(chain.at(-1)?.to);
  });

  it("refuses a body that is not JSON", async () => {
    const response = await admin.request("PUT", "/api/admin/settings", undefined, {
      "content-type": "application/json",
    });
    expect(response.status).toBe(400);
  });
});

describe("maintenance mode", () => {
  it("is public at once, refuses customer orders, and is audited", async () => {
    const customer = await signedInCustomer(testApp);
    const order = (reference: string) => ({
      sendCurrency: "upi_inr",
      receiveCurrency: "usdt",
      network: "trc20",
      amount: "8600",
      walletAddress: TRON_WALLET,
      paymentReference: reference,
      payerName: "Rahul Kumar",
      quotedRate: "86",
    });

    expect((await save(admin, { ...DEFAULT_INPUT, maintenanceMode: true })).status).toBe(200);
    const publicSettings = await createClient(testApp).get("/api/site-settings");
    expect(publicSettings.headers.get("cache-control")).toBe("no-store");
    expect(publicSettings.json.maintenanceMode).toBe(true);

    const refused = await postOrder(customer, order("300000000001"));
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatch(/maintenance/i);
    expect((await settingsAudits())[0]?.details).toEqual({
      maintenanceMode: { from: false, to: true },
    });

    expect((await save(admin, DEFAULT_INPUT)).status).toBe(200);
    expect((await postOrder(customer, order("300000000002"))).status).toBe(201);
  });

  it("applies a new minimum to the next order at once", async () => {
    const customer = await signedInCustomer(testApp);
    expect((await save(admin, { ...DEFAULT_INPUT, minInrAmount: "2000" })).status).toBe(200);
    const refused = await postOrder(customer, {
      sendCurrency: "upi_inr",
      receiveCurrency: "usdt",
      network: "trc20",
      amount: "1000",
      walletAddress: TRON_WALLET,
      paymentReference: "300000000003",
      payerName: "Rahul Kumar",
      quotedRate: "86",
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatch(/Amount Too Low: The minimum amount is ₹2,000\./);
  });
});
