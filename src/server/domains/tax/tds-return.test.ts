import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin, signedInCustomer } from "../../testing/actors";
import { markVerified } from "../../testing/customer-records";
import { insertTaxedSale } from "../../testing/taxed-sales";
import { createTestApp, type TestApp } from "../../testing/test-app";

/*
 * The return's data (issue 53, decision 061): a quarter's workbook for Form 26Q (a
 * month's for a specified person's Form 26QE), its challans and deductees in the
 * columns of the return's table of challans and its Annexure, section code 194S.
 */

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
const ids: Record<string, string> = {};

const ist = (local: string) => new Date(`${local}+05:30`);

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
  await testApp.db
    .updateTable("site_settings")
    .set({ tds_deductor_kind: "tan_holder", tds_deductor_tan: "DELA12345B" })
    .execute();
  const asha = await signedInCustomer(testApp);
  await markVerified(testApp.db, asha.userId, { pan: "ABCPV1234K", legalName: "Asha Verma" });
  const ravi = await signedInCustomer(testApp);
  await testApp.db
    .updateTable("user")
    .set({ name: "Ravi Account" })
    .where("id", "=", ravi.userId)
    .execute();
  const firm = await signedInCustomer(testApp);
  // Only individuals verify (a PAN's fourth letter P); a sale keeps any PAN it was given.
  await testApp.db
    .updateTable("user")
    .set({ name: "Rao Traders Pvt Ltd" })
    .where("id", "=", firm.userId)
    .execute();
  const sale = async (
    name: string,
    seller: typeof asha,
    inr: string,
    local: string,
    pan: string | null,
    ratePercent = "1",
  ) => {
    ids[name] = (
      await insertTaxedSale(testApp.db, seller, { inr, pan, ratePercent, paidAt: ist(local) })
    ).id;
  };
  await sale("september", asha, "7000.00", "2025-09-30T23:59:00", "ABCPV1234K");
  await sale("october", asha, "12345.00", "2025-10-15T10:00:00", "ABCPV1234K");
  await sale("november", ravi, "2001.00", "2025-11-02T10:00:00", null, "20");
  await sale("decemberFirm", firm, "5000.00", "2025-12-31T23:30:00", "AAACR1234C");
  await sale("decemberOpen", asha, "1000.00", "2025-12-10T10:00:00", "ABCPV1234K");
  await sale("january", asha, "3000.00", "2026-01-01T00:30:00", "ABCPV1234K");
  const challan = async (saleIds: string[], fields: Record<string, string>) => {
    const recorded = await admin.post("/api/admin/tax/challans", {
      bsrCode: "0510308",
      saleIds,
      ...fields,
    });
    expect(recorded.status, recorded.text).toBe(201);
  };
  await challan([ids.september as string], {
    depositedOn: "2025-10-06",
    serialNumber: "00009",
    taxInr: "70",
  });
  await challan([ids.october as string, ids.decemberFirm as string], {
    depositedOn: "2026-01-05",
    serialNumber: "00031",
    taxInr: "173",
    interestInr: "12",
  });
  await challan([ids.november as string], {
    depositedOn: "2025-12-05",
    serialNumber: "00017",
    taxInr: "400",
  });
});
afterAll(() => testApp.close());

async function download(query: string) {
  const answer = await admin.get(`/api/admin/tax/return.xlsx?${query}`);
  expect(answer.status, answer.text).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(answer.bytes.slice().buffer);
  const rows = (name: string) => {
    const sheet = workbook.getWorksheet(name);
    if (!sheet) throw new Error(`No sheet ${name}`);
    return sheet
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
  };
  return { answer, workbook, rows };
}

describe("a quarter's return (Form 26Q)", () => {
  it("lists the quarter's challans by the day deposited, in the columns of the return's table [401] to [411]", async () => {
    const { answer, workbook, rows } = await download("financialYear=2025&quarter=Q3");
    expect(answer.headers.get("content-type")).toContain("spreadsheetml");
    expect(answer.headers.get("content-disposition")).toBe(
      'attachment; filename="rupeedesk-26Q-2025-26-Q3.xlsx"',
    );
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Challans", "Deductees"]);
    expect(rows("Challans")).toEqual([
      [
        "Sr. No. [401]",
        "Tax (₹) [402]",
        "Interest (₹) [403]",
        "Fee (₹) [404]",
        "Penalty / Others (₹) [405]",
        "Total Amount Deposited (₹) [406]",
        "Mode of Deposit: Challan (C) / Book Adjustment (B) [407]",
        "BSR Code [408]",
        "Challan Serial No. [409]",
        "Date Deposited (dd/mm/yyyy) [410]",
        "Minor Head of Challan [411]",
      ],
      [1, 400, 0, 0, 0, 400, "C", "0510308", "00017", "05/12/2025", "200"],
      [2, 173, 12, 0, 0, 185, "C", "0510308", "00031", "05/01/2026", "200"],
    ]);
    expect(workbook.getWorksheet("Challans")?.getRow(2).getCell(2).numFmt).toBe("#,##0.00");
  });

  it("lists every deduction of the quarter under its challan, section 194S, those not deposited last", async () => {
    const { rows } = await download("financialYear=2025&quarter=Q3");
    const [header, ...deductees] = rows("Deductees");
    expect(header).toEqual([
      "Sr. No.",
      "Challan Sr. No. (blank: not deposited)",
      "Deductee Reference No.",
      "Deductee Code (01 Company, 02 Other)",
      "PAN of the Deductee",
      "Name of the Deductee",
      "Section Code",
      "Date of Payment / Credit (dd/mm/yyyy)",
      "Amount Paid / Credited (₹)",
      "TDS (₹)",
      "Surcharge (₹)",
      "Education Cess (₹)",
      "Total Tax Deducted (₹)",
      "Total Tax Deposited (₹)",
      "Date of Deduction (dd/mm/yyyy)",
      "Rate at which Tax Deducted (%)",
      "Reason for Non-deduction / Lower / Higher Deduction",
      "Certificate No. u/s 197",
      "Sale (RupeeDesk)",
    ]);
    const short = (name: string) => (ids[name] as string).slice(0, 8);
    // exceljs leaves an empty cell out of a row's values: an undefined in its place.
    expect(deductees).toEqual([
      [
        1,
        1,
        short("november"),
        "02",
        "PANNOTAVBL",
        "Ravi Account",
        "194S",
        "02/11/2025",
        2001,
        400,
        0,
        0,
        400,
        400,
        "02/11/2025",
        20,
        "C",
        undefined,
        ids.november,
      ],
      [
        2,
        2,
        short("october"),
        "02",
        "ABCPV1234K",
        "Asha Verma",
        "194S",
        "15/10/2025",
        12345,
        123,
        0,
        0,
        123,
        123,
        "15/10/2025",
        1,
        undefined,
        undefined,
        ids.october,
      ],
      [
        3,
        2,
        short("decemberFirm"),
        "01",
        "AAACR1234C",
        "Rao Traders Pvt Ltd",
        "194S",
        "31/12/2025",
        5000,
        50,
        0,
        0,
        50,
        50,
        "31/12/2025",
        1,
        undefined,
        undefined,
        ids.decemberFirm,
      ],
      [
        4,
        undefined,
        short("decemberOpen"),
        "02",
        "ABCPV1234K",
        "Asha Verma",
        "194S",
        "10/12/2025",
        1000,
        10,
        0,
        0,
        10,
        0,
        "10/12/2025",
        1,
        undefined,
        undefined,
        ids.decemberOpen,
      ],
    ]);
  });

  it("dates a deduction by its payment: 31 December 23:30 in India is Q3, 1 January 00:30 is Q4", async () => {
    const { rows } = await download("financialYear=2025&quarter=Q4");
    expect(rows("Challans")).toHaveLength(1);
    expect(
      rows("Deductees")
        .slice(1)
        .map((row) => row.at(-1)),
    ).toEqual([ids.january]);
  });

  it.each([
    ["financialYear=2025", "quarter"],
    ["financialYear=2025&quarter=Q5", "quarter"],
    ["quarter=Q3", "financialYear"],
  ])("refuses %s, naming %s", async (query, field) => {
    const refused = await admin.get(`/api/admin/tax/return.xlsx?${query}`);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: "INVALID_INPUT", field });
  });
});

describe("a specified person's return (Form 26QE)", () => {
  it("is a month's, within the financial year", async () => {
    await testApp.db
      .updateTable("site_settings")
      .set({ tds_deductor_kind: "specified_person", tds_deductor_pan: "ABCPK1234F" })
      .execute();
    const { answer, rows } = await download("financialYear=2025&month=2025-11");
    expect(answer.headers.get("content-disposition")).toBe(
      'attachment; filename="rupeedesk-26QE-2025-11.xlsx"',
    );
    expect(
      rows("Challans")
        .slice(1)
        .map((row) => row[8]),
    ).toEqual(["00017"]);
    expect(
      rows("Deductees")
        .slice(1)
        .map((row) => row.at(-1)),
    ).toEqual([ids.november]);
    for (const query of ["financialYear=2025&quarter=Q3", "financialYear=2025&month=2026-11"]) {
      const refused = await admin.get(`/api/admin/tax/return.xlsx?${query}`);
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ code: "INVALID_INPUT", field: "month" });
    }
  });
});
