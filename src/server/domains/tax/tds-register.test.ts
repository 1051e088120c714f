import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { daysBetween, depositDueOn, financialYearOfDay } from "../../../shared/tds-calendar";
import { readIndiaToday } from "../../platform/db/india-day";
import { signedInAdmin, signedInCustomer } from "../../testing/actors";
import { markVerified } from "../../testing/customer-records";
import { insertTaxedSale } from "../../testing/taxed-sales";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { type RegisterMonth, readTdsRegister } from "./tds-register";

/*
 * The TDS register (issue 53, decision 061): every deduction (a paid, taxed sale) of a
 * financial year, by the India month it was paid in, with the month's totals, its
 * deposit's due date (the 7th of the next month, 30 April for March) and its state.
 */

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
type Seller = { userId: string; email: string };
let verified: Seller;
let unverified: Seller;

/** An instant given in India's time (UTC+5:30). */
const ist = (local: string) => new Date(`${local}+05:30`);

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
  verified = await signedInCustomer(testApp);
  await markVerified(testApp.db, verified.userId, { pan: "ABCPV1234K", legalName: "Asha Verma" });
  unverified = await signedInCustomer(testApp);
  await testApp.db
    .updateTable("user")
    .set({ name: "Ravi Account" })
    .where("id", "=", unverified.userId)
    .execute();
});
afterAll(() => testApp.close());

beforeEach(async () => {
  await testApp.db
    .updateTable("site_settings")
    .set({ tds_deductor_kind: "tan_holder", tds_deductor_tan: "DELA12345B" })
    .execute();
});

const register = async (financialYear?: number) => {
  const answer = await admin.get(
    `/api/admin/tax/register${financialYear ? `?financialYear=${financialYear}` : ""}`,
  );
  expect(answer.status, answer.text).toBe(200);
  return answer.json;
};

/** A month of a register as answered; fails the test when it is not there. */
function monthOf(json: { months: RegisterMonth[] }, month: string): RegisterMonth {
  const found = json.months.find((entry) => entry.month === month);
  if (!found) throw new Error(`No month ${month} in the register`);
  return found;
}

describe("the TDS register", () => {
  let june: { id: string };
  let julyFirst: { id: string };
  let march: { id: string };
  let aprilFirst: { id: string };

  beforeAll(async () => {
    // 23:59:59 on 30 June India time is June's; a second later, 1 July, is July's.
    june = await insertTaxedSale(testApp.db, verified, {
      inr: "12345.00",
      pan: "ABCPV1234K",
      paidAt: ist("2025-06-30T23:59:59"),
    });
    julyFirst = await insertTaxedSale(testApp.db, unverified, {
      inr: "2001.00",
      ratePercent: "20",
      pan: null,
      paidAt: ist("2025-07-01T00:00:00"),
    });
    march = await insertTaxedSale(testApp.db, verified, {
      inr: "14850.00",
      pan: "ABCPV1234K",
      paidAt: ist("2026-03-31T23:59:00"),
    });
    // Placed on 31 March (the old year's threshold counted it), paid on 1 April.
    aprilFirst = await insertTaxedSale(testApp.db, verified, {
      inr: "5000.00",
      pan: "ABCPV1234K",
      placedAt: ist("2026-03-31T22:00:00"),
      paidAt: ist("2026-04-01T00:10:00"),
    });
    // Neither is a deduction: untaxed, or taxed and not paid yet.
    await insertTaxedSale(testApp.db, verified, {
      inr: "900.00",
      ratePercent: null,
      paidAt: ist("2025-06-15T12:00:00"),
    });
    await insertTaxedSale(testApp.db, verified, {
      inr: "3000.00",
      pan: "ABCPV1234K",
      paidAt: ist("2025-06-16T12:00:00"),
      status: "received",
    });
  });

  it("groups a year's deductions by the India month they were paid in, newest first, with totals", async () => {
    const year = await register(2025);
    expect(year).toMatchObject({ financialYear: 2025, label: "2025-26", form: "26Q" });
    expect(year.months.map((month: { month: string }) => month.month)).toEqual([
      "2026-03",
      "2025-07",
      "2025-06",
    ]);
    expect(monthOf(year, "2025-06").deductions).toEqual([
      {
        saleId: june.id,
        shortId: june.id.slice(0, 8),
        sellerPan: "ABCPV1234K",
        sellerName: "Asha Verma",
        paidAt: ist("2025-06-30T23:59:59").toISOString(),
        paidOn: "2025-06-30",
        month: "2025-06",
        grossInr: "12345.00",
        ratePercent: "1",
        tdsInr: "123.00",
        challan: null,
      },
    ]);
    expect(monthOf(year, "2025-07").deductions).toMatchObject([
      {
        saleId: julyFirst.id,
        sellerPan: null,
        sellerName: "Ravi Account",
        paidOn: "2025-07-01",
        ratePercent: "20",
        tdsInr: "400.00",
      },
    ]);
    expect(monthOf(year, "2025-06").totals).toEqual({
      deductions: 1,
      grossInr: "12345.00",
      tdsInr: "123.00",
      depositedInr: "0.00",
      outstandingInr: "123.00",
    });
    expect(year.totals).toEqual({
      deductions: 3,
      grossInr: "29196.00",
      tdsInr: "672.00",
      depositedInr: "0.00",
      outstandingInr: "672.00",
    });
  });

  it("dates a month's deposit the 7th of the next month, and March's 30 April; past it, overdue", async () => {
    const year = await register(2025);
    const today = await readIndiaToday(testApp.db);
    expect(monthOf(year, "2025-06")).toMatchObject({
      dueOn: "2025-07-07",
      state: "overdue",
      daysLeft: null,
      daysLate: daysBetween("2025-07-07", today),
      isDueSoon: false,
    });
    expect(monthOf(year, "2025-07")).toMatchObject({ dueOn: "2025-08-07", state: "overdue" });
    expect(monthOf(year, "2026-03")).toMatchObject({
      dueOn: "2026-04-30",
      state: "overdue",
      deductions: [expect.objectContaining({ saleId: march.id, tdsInr: "149.00" })],
    });
  });

  it("puts a sale placed on 31 March and paid on 1 April in the new year's April", async () => {
    const year = await register(2026);
    expect(monthOf(year, "2026-04")).toMatchObject({
      dueOn: "2026-05-07",
      deductions: [expect.objectContaining({ saleId: aprilFirst.id, paidOn: "2026-04-01" })],
    });
    expect(year.months.map((month: { month: string }) => month.month)).not.toContain("2026-03");
    expect(year.financialYears).toEqual(expect.arrayContaining([2026, 2025]));
  });

  it("shows a month deposited once challans cover its tax, and whether one came late", async () => {
    const challan = await testApp.db
      .insertInto("tds_challans")
      .values({
        bsr_code: "0510308",
        deposited_on: "2025-07-10",
        serial_number: "00001",
        tax_inr: "123",
        recorded_by: admin.userId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await testApp.db
      .insertInto("tds_challan_sales")
      .values({ sell_order_id: june.id, challan_id: challan.id })
      .execute();
    const june2025 = monthOf(await register(2025), "2025-06");
    expect(june2025).toMatchObject({
      state: "deposited",
      daysLate: null,
      depositedLate: true,
      totals: { depositedInr: "123.00", outstandingInr: "0.00" },
    });
    expect(june2025.deductions[0]).toMatchObject({
      challan: {
        id: challan.id,
        bsrCode: "0510308",
        depositedOn: "2025-07-10",
        serialNumber: "00001",
      },
    });
  });

  it("counts the days left, and warns from three days before the due date", async () => {
    const onThe4th = await readTdsRegister(testApp.db, {
      financialYear: 2025,
      today: "2025-08-04",
    });
    expect(onThe4th.months.find((month) => month.month === "2025-07")).toMatchObject({
      state: "due",
      daysLeft: 3,
      isDueSoon: true,
    });
    const onThe3rd = await readTdsRegister(testApp.db, {
      financialYear: 2025,
      today: "2025-08-03",
    });
    expect(onThe3rd.months.find((month) => month.month === "2025-07")).toMatchObject({
      state: "due",
      daysLeft: 4,
      isDueSoon: false,
    });
  });

  it("dates this month's deposit from today, in India", async () => {
    const sale = await insertTaxedSale(testApp.db, verified, {
      inr: "10000.00",
      pan: "ABCPV1234K",
    });
    const today = await readIndiaToday(testApp.db);
    const thisMonth = monthOf(await register(), today.slice(0, 7));
    const dueOn = depositDueOn(today.slice(0, 7), "tan_holder");
    expect(thisMonth).toMatchObject({
      dueOn,
      state: "due",
      daysLeft: daysBetween(today, dueOn),
      isDueSoon: daysBetween(today, dueOn) <= 3,
    });
    expect(thisMonth.deductions.map((deduction) => deduction.saleId)).toContain(sale.id);
    expect((await register()).financialYear).toBe(financialYearOfDay(today));
  });

  it("dates a specified person's deposits thirty days after the month", async () => {
    await testApp.db
      .updateTable("site_settings")
      .set({ tds_deductor_kind: "specified_person", tds_deductor_pan: "ABCPK1234F" })
      .execute();
    const year = await register(2025);
    expect(year.form).toBe("26QE");
    expect(monthOf(year, "2025-07").dueOn).toBe("2025-08-30");
    expect(monthOf(year, "2026-03").dueOn).toBe("2026-04-30");
  });

  it.each(["25", "2021", "next"])("refuses the financial year %s, naming it", async (year) => {
    const refused = await admin.get(`/api/admin/tax/register?financialYear=${year}`);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: "INVALID_INPUT", field: "financialYear" });
  });

  it("is an administrator's alone", async () => {
    const customer = await signedInCustomer(testApp);
    expect((await customer.get("/api/admin/tax/register")).status).toBe(403);
  });
});
