import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { financialYearLabel, financialYearOfDay } from "../../../shared/tds-calendar";
import { readIndiaToday } from "../../platform/db/india-day";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { markVerified } from "../../testing/customer-records";
import { embeddedFonts, pdfText } from "../../testing/pdf-text";
import { insertTaxedSale } from "../../testing/taxed-sales";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createClient } from "../../testing/test-client";

/*
 * A customer's own tax (issue 53, decision 062): GET /api/account/tax shows a year's
 * sales with their TDS, the threshold and the certificates; a ready certificate's data
 * downloads as a PDF in their language, and nobody else's does.
 */

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
type Seller = Client & { userId: string; email: string };

/** Today in India, by the database's clock, as the server reads it. */
let today: string;
/** The financial year before this one: every quarter of it is over, whatever the day. */
let lastYear: number;
let lastYearLabel: string;
/** Its second and third quarters' certificates. */
let q2: string;
let q3: string;
/** An instant of last financial year (April to December), given in India's time (UTC+5:30). */
const lastYearAt = (monthDay: string) => new Date(`${lastYear}-${monthDay}+05:30`);

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
  today = await readIndiaToday(testApp.db);
  lastYear = financialYearOfDay(today) - 1;
  lastYearLabel = financialYearLabel(lastYear);
  q2 = `${lastYearLabel}-Q2`;
  q3 = `${lastYearLabel}-Q3`;
});
afterAll(() => testApp.close());

beforeEach(async () => {
  await testApp.db
    .updateTable("site_settings")
    .set({
      payee_name: "RupeeDesk OTC",
      tds_deducts: true,
      tds_deductor_kind: "tan_holder",
      tds_deductor_tan: "PNEA12345B",
      tds_deductor_pan: "ABCPD1234K",
      tds_rate_percent: "1",
      tds_no_pan_rate_percent: "20",
      tds_threshold_inr: "10000",
    })
    .execute();
});

let panCounter = 2000;

async function verifiedSeller(legalName = "Asha Verma"): Promise<Seller & { pan: string }> {
  const seller = await signedInCustomer(testApp);
  panCounter += 1;
  const pan = `ABCPT${panCounter}K`;
  await markVerified(testApp.db, seller.userId, { pan, legalName });
  return Object.assign(seller, { pan });
}

let serialCounter = 40;

/** A challan of BSR code 0510308 that deposited these sales' tax; its serial number, each its own. */
async function deposit(saleIds: string[], challan: { depositedOn: string; taxInr: string }) {
  serialCounter += 1;
  const serialNumber = String(serialCounter).padStart(5, "0");
  const { id } = await testApp.db
    .insertInto("tds_challans")
    .values({
      bsr_code: "0510308",
      deposited_on: challan.depositedOn,
      serial_number: serialNumber,
      tax_inr: challan.taxInr,
      recorded_by: admin.userId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await testApp.db
    .insertInto("tds_challan_sales")
    .values(saleIds.map((saleId) => ({ sell_order_id: saleId, challan_id: id })))
    .execute();
  return serialNumber;
}

/**
 * Last year's sales of a seller: ₹8,500 in July (under the threshold, untaxed), ₹12,345
 * in August (taxed, 1%: ₹123), ₹2,000 in November (taxed: ₹20), each paid on the day.
 */
async function lastYearSales(seller: Seller & { pan: string }) {
  const untaxed = await insertTaxedSale(testApp.db, seller, {
    inr: "8500.00",
    ratePercent: null,
    pan: seller.pan,
    paidAt: lastYearAt("07-05T12:00"),
  });
  const august = await insertTaxedSale(testApp.db, seller, {
    inr: "12345.00",
    pan: seller.pan,
    paidAt: lastYearAt("08-10T11:30"),
  });
  const november = await insertTaxedSale(testApp.db, seller, {
    inr: "2000.00",
    pan: seller.pan,
    paidAt: lastYearAt("11-15T16:00"),
  });
  return { untaxed, august, november };
}

async function taxOf(seller: Client, query = "") {
  const answer = await seller.get(`/api/account/tax${query}`);
  expect(answer.status, answer.text).toBe(200);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  return answer.json;
}

describe("GET /api/account/tax", () => {
  it("shows a year's sales with their tax, the totals, the threshold and each quarter's certificate", async () => {
    const seller = await verifiedSeller();
    const { untaxed, august, november } = await lastYearSales(seller);

    const tax = await taxOf(seller, `?year=${lastYear}`);
    expect(tax).toMatchObject({
      financialYear: lastYear,
      financialYearLabel: lastYearLabel,
      section: "194S",
      certificatePeriod: "quarter",
      deducts: true,
      ratePercent: "1",
      noPanRatePercent: "20",
      threshold: {
        inr: "10000.00",
        yearInr: "22845.00",
        remainingInr: "0.00",
        isPassed: true,
        hasVerifiedPan: true,
      },
      totals: {
        grossInr: "22845.00",
        tdsInr: "143.00",
        netInr: "22702.00",
        deductedInr: "143.00",
        pendingTdsInr: "0.00",
      },
    });
    expect(tax.years).toEqual([
      { financialYear: lastYear + 1, label: expect.stringMatching(/^\d{4}-\d{2}$/) },
      { financialYear: lastYear, label: lastYearLabel },
    ]);
    // Newest first.
    expect(tax.sales).toEqual([
      {
        id: november.id,
        placedAt: november.created_at.toISOString(),
        paidAt: lastYearAt("11-15T16:00").toISOString(),
        status: "paid",
        grossInr: "2000.00",
        tds: { ratePercent: "1", inr: "20.00" },
        netInr: "1980.00",
      },
      expect.objectContaining({
        id: august.id,
        grossInr: "12345.00",
        tds: { ratePercent: "1", inr: "123.00" },
        netInr: "12222.00",
      }),
      expect.objectContaining({
        id: untaxed.id,
        grossInr: "8500.00",
        tds: null,
        netInr: "8500.00",
      }),
    ]);
    // The quarters are over; no challan has deposited their tax yet.
    expect(tax.certificates).toEqual([
      {
        period: {
          id: q2,
          kind: "quarter",
          financialYear: lastYear,
          number: 2,
          firstDay: `${lastYear}-07-01`,
          lastDay: `${lastYear}-09-30`,
        },
        deductions: 1,
        grossInr: "12345.00",
        tdsInr: "123.00",
        state: "awaiting_deposit",
        downloadUrl: null,
      },
      expect.objectContaining({
        period: expect.objectContaining({ id: q3, number: 3 }),
        deductions: 1,
        tdsInr: "20.00",
        state: "awaiting_deposit",
      }),
    ]);

    await deposit([august.id], {
      depositedOn: `${lastYear}-09-07`,
      taxInr: "123.00",
    });
    const deposited = await taxOf(seller, `?year=${lastYear}`);
    expect(deposited.certificates.map((entry: { state: string }) => entry.state)).toEqual([
      "ready",
      "awaiting_deposit",
    ]);
    expect(deposited.certificates[0].downloadUrl).toBe(`/api/account/tax/certificates/${q2}`);
  });

  it("shows this year by default: an open quarter's certificate holds the deductions so far once deposited, and says so", async () => {
    const seller = await verifiedSeller();
    const paidNow = await insertTaxedSale(testApp.db, seller, { inr: "15000.00", pan: seller.pan });
    await deposit([paidNow.id], { depositedOn: today, taxInr: "150.00" });
    const tax = await taxOf(seller);
    expect(tax.financialYear).toBe(lastYear + 1);
    expect(tax.sales).toEqual([expect.objectContaining({ id: paidNow.id, netInr: "14850.00" })]);
    const periodId = tax.certificates[0].period.id;
    expect(tax.certificates).toEqual([
      expect.objectContaining({
        deductions: 1,
        state: "ready_so_far",
        downloadUrl: `/api/account/tax/certificates/${periodId}`,
      }),
    ]);
    const open = await seller.get(`/api/account/tax/certificates/${periodId}`);
    expect(open.status).toBe(200);
    expect(pdfText(Buffer.from(open.bytes))).toContain(
      "is not over: these are its deductions so far",
    );
  });

  it("tells a seller under the threshold, without a PAN, how far they are from it, and lists nothing of others", async () => {
    const seller = await signedInCustomer(testApp);
    const other = await verifiedSeller();
    await lastYearSales(other);
    await insertTaxedSale(testApp.db, seller, {
      inr: "4000.00",
      ratePercent: null,
      status: "received",
      placedAt: new Date(),
    });
    const tax = await taxOf(seller);
    expect(tax.threshold).toEqual({
      inr: "10000.00",
      yearInr: "4000.00",
      remainingInr: "6000.00",
      isPassed: false,
      hasVerifiedPan: false,
    });
    expect(tax.sales).toEqual([
      expect.objectContaining({ status: "received", paidAt: null, tds: null }),
    ]);
    expect(tax.totals.deductedInr).toBe("0.00");
    expect(tax.certificates).toEqual([]);
    expect(tax.years.map((each: { financialYear: number }) => each.financialYear)).toEqual([
      lastYear + 1,
    ]);
  });

  it("refuses a year that is not one, before section 194S or not begun, and anonymous callers", async () => {
    const seller = await signedInCustomer(testApp);
    for (const year of ["abcd", "26", "2021", String(lastYear + 2)]) {
      const answer = await seller.get(`/api/account/tax?year=${year}`);
      expect(answer.status, year).toBe(400);
      expect(answer.json).toMatchObject({ code: "INVALID_INPUT", field: "year" });
      expect(answer.json.error).toMatch(/^year: a financial year/);
    }
    const anonymous = createClient(testApp);
    expect((await anonymous.get("/api/account/tax")).status).toBe(401);
    expect((await anonymous.get(`/api/account/tax/certificates/${q2}`)).status).toBe(401);
  });
});

describe("a certificate's PDF", () => {
  async function readySeller() {
    const seller = await verifiedSeller("Asha Verma");
    const sales = await lastYearSales(seller);
    const serialNumber = await deposit([sales.august.id], {
      depositedOn: `${lastYear}-09-07`,
      taxInr: "123.00",
    });
    return { seller, serialNumber, ...sales };
  }

  it("holds the deductor, the seller, the quarter, each deduction with its challan and the totals", async () => {
    const { seller, serialNumber } = await readySeller();
    const answer = await seller.get(`/api/account/tax/certificates/${q2}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.get("content-disposition")).toBe(
      `attachment; filename="tds-certificate-${q2}.pdf"`,
    );
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const pdf = Buffer.from(answer.bytes);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(embeddedFonts(pdf)).toContain("NotoSansDevanagari-Regular");
    const text = pdfText(pdf);
    for (const expected of [
      "TDS certificate data: section 194S",
      `Quarter 2 of the financial year ${lastYearLabel}, 01-07-${lastYear} to 30-09-${lastYear}`,
      "RupeeDesk OTC",
      "PNEA12345B",
      "Form 26Q, quarterly",
      "Asha Verma",
      seller.pan,
      `10-08-${lastYear}`,
      "12,345.00",
      "194S",
      "1%",
      "123.00",
      "0510308",
      `07-09-${lastYear}`,
      serialNumber,
      "₹12,345.00",
      "₹123.00",
    ]) {
      expect(text).toContain(expected);
    }
    // It says what it is: the data, and where the official certificate comes from.
    expect(text.replace(/\s+/g, " ")).toContain(
      "The official certificate is Form 16A, which RupeeDesk OTC downloads from TRACES",
    );
    // Only the quarter's own deductions: not July's untaxed sale, nor November's.
    expect(text).not.toContain("8,500.00");
    expect(text).not.toContain("2,000.00");
  });

  it("is written in Hindi for a seller who reads Hindi, with a Devanagari font embedded", async () => {
    const { seller } = await readySeller();
    expect((await seller.request("PUT", "/api/account/language", { language: "hi" })).status).toBe(
      200,
    );
    const answer = await seller.get(`/api/account/tax/certificates/${q2}`);
    expect(answer.status, answer.text).toBe(200);
    const pdf = Buffer.from(answer.bytes);
    expect(embeddedFonts(pdf)).toEqual(["NotoSansDevanagari-Bold", "NotoSansDevanagari-Regular"]);
    const text = pdfText(pdf);
    // Words whose glyphs are drawn in their letters' order (a ि matra is drawn before its consonant).
    for (const expected of [
      "टीडीएस",
      "धारा 194S",
      "काटा और जमा",
      "चालान BSR कोड",
      "RupeeDesk OTC",
      seller.pan,
      "12,345.00",
      "0510308",
      "₹123.00",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("TDS certificate data");
  });

  it("says a seller taxed without a PAN gave none", async () => {
    const seller = await signedInCustomer(testApp);
    const sale = await insertTaxedSale(testApp.db, seller, {
      inr: "11000.00",
      ratePercent: "20",
      pan: null,
      paidAt: lastYearAt("05-20T10:00"),
    });
    await deposit([sale.id], {
      depositedOn: `${lastYear}-06-07`,
      taxInr: "2200.00",
    });
    const answer = await seller.get(`/api/account/tax/certificates/${lastYearLabel}-Q1`);
    expect(answer.status, answer.text).toBe(200);
    const text = pdfText(Buffer.from(answer.bytes));
    expect(text).toContain("Not given (tax deducted at the higher rate)");
    expect(text).toContain("20%");
    expect(text).toContain("2,200.00");
  });

  it("is nobody else's: another customer's, one not ready and one of no period answer the same 404", async () => {
    const { seller } = await readySeller();
    const stranger = await verifiedSeller();
    const notFound = {
      error: "There is no certificate ready for this period.",
      code: "CERTIFICATE_NOT_FOUND",
    };
    for (const [client, period] of [
      [stranger, q2], // the seller's, asked by another customer
      [seller, q3], // over, but November's tax awaits its challan
      [seller, `${lastYearLabel}-Q4`], // no deductions
      [seller, `${lastYear}-08`], // a month, while the desk certifies quarters
      [seller, `${lastYear}-28-Q1`], // names no financial year
    ] as const) {
      const answer = await client.get(`/api/account/tax/certificates/${period}`);
      expect(answer.status, period).toBe(404);
      expect(answer.json, period).toEqual(notFound);
    }
    for (const period of ["2026-Q1", "Q2", "2026-27-Q5", "..%2F..%2Fetc"]) {
      const answer = await seller.get(`/api/account/tax/certificates/${period}`);
      expect(answer.status, period).toBe(400);
    }
  });

  it("covers a month for a specified person: Form 16E, filed under the deductor's PAN", async () => {
    const { seller } = await readySeller();
    await testApp.db
      .updateTable("site_settings")
      .set({ tds_deductor_kind: "specified_person" })
      .execute();
    const tax = await taxOf(seller, `?year=${lastYear}`);
    expect(
      tax.certificates.map((entry: { period: { id: string }; state: string }) => [
        entry.period.id,
        entry.state,
      ]),
    ).toEqual([
      [`${lastYear}-08`, "ready"],
      [`${lastYear}-11`, "awaiting_deposit"],
    ]);
    expect((await seller.get(`/api/account/tax/certificates/${q2}`)).status).toBe(404);
    const answer = await seller.get(`/api/account/tax/certificates/${lastYear}-08`);
    expect(answer.status, answer.text).toBe(200);
    const text = pdfText(Buffer.from(answer.bytes)).replace(/\s+/g, " ");
    expect(text).toContain(`August ${lastYear}, financial year ${lastYearLabel}`);
    expect(text).toContain("The official certificate is Form 16E");
    expect(text).toContain("PAN: ABCPD1234K");
    expect(text).toContain("Form 26QE, monthly");
    expect(text).not.toContain("PNEA12345B");
  });
});
