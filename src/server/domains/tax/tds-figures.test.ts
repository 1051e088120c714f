import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { depositDueOn } from "../../../shared/tds-calendar";
import { readIndiaToday } from "../../platform/db/india-day";
import { signedInAdmin, signedInCustomer } from "../../testing/actors";
import { insertTaxedSale } from "../../testing/taxed-sales";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { readTdsDeposits } from "./tds-figures";

/*
 * TDS in the books and on the dashboard (issue 53, decision 061): what the span's
 * sales kept back, what challans deposited in it, what is payable at its end; and the
 * months whose deposit is past due or due within 3 days.
 */

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

const ist = (local: string) => new Date(`${local}+05:30`);

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
  await testApp.db
    .updateTable("site_settings")
    .set({ tds_deductor_kind: "tan_holder", tds_deductor_tan: "DELA12345B" })
    .execute();
  const seller = await signedInCustomer(testApp);
  const sale = async (inr: string, local?: string) =>
    (
      await insertTaxedSale(testApp.db, seller, {
        inr,
        pan: "ABCPV1234K",
        paidAt: local ? ist(local) : undefined,
      })
    ).id;
  // November: ₹123 and ₹50 (the second at 23:59 on its last day, India time).
  const first = await sale("12345.00", "2025-11-10T12:00:00");
  const second = await sale("5000.00", "2025-11-30T23:59:00");
  // December's first minute: ₹10, never deposited.
  await sale("1000.00", "2025-12-01T00:01:00");
  // This month: ₹200, not due yet.
  await sale("20000.00");
  const recorded = await admin.post("/api/admin/tax/challans", {
    bsrCode: "0510308",
    depositedOn: "2025-12-05",
    serialNumber: "00001",
    taxInr: "173",
    interestInr: "2",
    saleIds: [first, second],
  });
  expect(recorded.status, recorded.text).toBe(201);
});
afterAll(() => testApp.close());

async function booksTds(from: string, to: string) {
  const answer = await admin.get(`/api/admin/books?from=${from}&to=${to}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.json.tds;
}

describe("the books' TDS", () => {
  it("is deducted on the day a sale is paid, and payable until a challan deposits it", async () => {
    expect(await booksTds("2025-11-01", "2025-11-30")).toEqual({
      deductedInr: "173.00",
      depositedInr: "0.00",
      interestAndFeesInr: "0.00",
      payableInr: "173.00",
    });
    expect(await booksTds("2025-12-01", "2025-12-31")).toEqual({
      deductedInr: "10.00",
      depositedInr: "173.00",
      interestAndFeesInr: "2.00",
      payableInr: "10.00",
    });
    expect(await booksTds("2025-11-01", "2025-12-31")).toMatchObject({
      deductedInr: "183.00",
      depositedInr: "173.00",
      payableInr: "10.00",
    });
    // Before the challan's day the whole of November is still owed.
    expect((await booksTds("2025-12-01", "2025-12-04")).payableInr).toBe("183.00");
  });
});

describe("the dashboard's TDS", () => {
  it("names the months past their due date, and the next due date", async () => {
    const today = await readIndiaToday(testApp.db);
    const answer = await admin.get("/api/admin/dashboard");
    expect(answer.status, answer.text).toBe(200);
    const dueOn = depositDueOn(today.slice(0, 7), "tan_holder");
    expect(answer.json.tds).toMatchObject({
      // December 2025's ₹10 (due 7 January 2026), and this month's ₹200, not due yet.
      outstandingInr: "210.00",
      overdue: { months: ["2025-12"], inr: "10.00" },
      nextDueOn: dueOn,
    });
  });

  it("warns of a month due within 3 days", async () => {
    const onThe4th = await readTdsDeposits(testApp.db, "2026-01-04");
    expect(onThe4th).toMatchObject({
      overdue: { months: [], inr: "0.00" },
      dueSoon: { months: ["2025-12"], inr: "10.00" },
      nextDueOn: "2026-01-07",
      nextDaysLeft: 3,
    });
    expect((await readTdsDeposits(testApp.db, "2026-01-03")).dueSoon.months).toEqual([]);
  });
});
