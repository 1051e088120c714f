import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signedInAdmin, signedInCustomer } from "../../testing/actors";
import { isPostgresRun } from "../../testing/postgres";
import { insertTaxedSale } from "../../testing/taxed-sales";
import { createTestApp, type TestApp } from "../../testing/test-app";

/*
 * Recording a TDS challan (issue 53, decision 061): the deposit's BSR code, day and
 * serial number, what it paid, and the deductions it covers. Every rule refuses with
 * the field it is about and writes nothing: a malformed code, a day after today or
 * before a deduction, a sale that is not a deduction or is deposited already (under a
 * race too), deductions of two returns, a tax that is not exactly theirs, a challan
 * recorded twice.
 */

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let seller: { userId: string; email: string };

const ist = (local: string) => new Date(`${local}+05:30`);

/** A deduction of ₹`inr` at 1%, paid at `local` India time; answers its id. */
const deduction = async (inr: string, local: string) =>
  (
    await insertTaxedSale(testApp.db, seller, {
      inr,
      pan: "ABCPV1234K",
      paidAt: ist(local),
    })
  ).id;

let serial = 100;
/** A challan's form for these sales: the next serial number, deposited on 5 January 2026. */
function challan(saleIds: string[], fields: Record<string, unknown> = {}) {
  serial += 1;
  return {
    bsrCode: "0510308",
    depositedOn: "2026-01-05",
    serialNumber: String(serial).padStart(5, "0"),
    taxInr: "0",
    saleIds,
    ...fields,
  };
}

const record = (body: unknown) => admin.post("/api/admin/tax/challans", body);

/** What a refusal must leave as it was. */
async function written() {
  const count = async (table: "tds_challans" | "tds_challan_sales") =>
    Number(
      (
        await testApp.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const audits = await testApp.db
    .selectFrom("audit_log")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("action", "=", "tds_challan.recorded")
    .executeTakeFirstOrThrow();
  return {
    challans: await count("tds_challans"),
    links: await count("tds_challan_sales"),
    audits: Number(audits.n),
  };
}

async function expectRefused(
  body: unknown,
  status: number,
  expected: { code: string; field: string; error?: RegExp },
) {
  const before = await written();
  const refused = await record(body);
  expect(refused.status, refused.text).toBe(status);
  expect(refused.json).toMatchObject({ code: expected.code, field: expected.field });
  if (expected.error) expect(refused.json.error).toMatch(expected.error);
  expect(await written()).toEqual(before);
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
  seller = await signedInCustomer(testApp);
});
afterAll(() => testApp.close());

beforeEach(async () => {
  await testApp.db
    .updateTable("site_settings")
    .set({ tds_deductor_kind: "tan_holder", tds_deductor_tan: "DELA12345B" })
    .execute();
});

describe("recording a challan", () => {
  it("covers deductions whose TDS its tax is exactly, audited, and the register shows them deposited", async () => {
    // 1% of 12,345 is 123; of 5,000, 50.
    const first = await deduction("12345.00", "2025-11-10T12:00:00");
    const second = await deduction("5000.00", "2025-11-20T12:00:00");
    const recorded = await record(
      challan([first, second], {
        bsrCode: " 0510308 ",
        depositedOn: "2025-12-05",
        serialNumber: "00042",
        taxInr: "173",
        interestInr: "",
      }),
    );
    expect(recorded.status, recorded.text).toBe(201);
    expect(recorded.json).toMatchObject({
      bsrCode: "0510308",
      depositedOn: "2025-12-05",
      serialNumber: "00042",
      taxInr: "173.00",
      interestInr: "0.00",
      feeInr: "0.00",
      totalInr: "173.00",
      deductions: 2,
      months: ["2025-11"],
      recordedBy: admin.email,
    });
    const audit = await testApp.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "tds_challan.recorded")
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_id: admin.userId,
      target_type: "tds_challan",
      target_id: recorded.json.id,
    });
    expect(audit.details).toMatchObject({
      serialNumber: "00042",
      taxInr: "173",
      saleIds: [first, second],
    });

    const register = (await admin.get("/api/admin/tax/register?financialYear=2025")).json;
    const november = register.months.find((month: { month: string }) => month.month === "2025-11");
    expect(november).toMatchObject({
      state: "deposited",
      depositedLate: false,
      totals: { depositedInr: "173.00", outstandingInr: "0.00" },
    });
    const listed = await admin.get("/api/admin/tax/challans?financialYear=2025");
    expect(listed.json.challans).toContainEqual(recorded.json);
    expect((await admin.get("/api/admin/tax/challans?financialYear=2024")).json.challans).toEqual(
      [],
    );
  });

  it("keeps interest and fee apart from the tax", async () => {
    const sale = await deduction("10000.00", "2025-10-03T09:00:00");
    const recorded = await record(
      challan([sale], {
        depositedOn: "2025-11-20",
        taxInr: "100",
        interestInr: "3",
        feeInr: "200.50",
      }),
    );
    expect(recorded.status, recorded.text).toBe(201);
    expect(recorded.json).toMatchObject({
      taxInr: "100.00",
      interestInr: "3.00",
      feeInr: "200.50",
      totalInr: "303.50",
    });
  });

  it.each([
    [{ bsrCode: "051030" }, "bsrCode", /BSR Code must be 7 digits/],
    [{ bsrCode: "05103O8" }, "bsrCode", /BSR Code must be 7 digits/],
    [{ serialNumber: "1234" }, "serialNumber", /Challan Serial No\. must be 5 digits/],
    [{ serialNumber: "123456" }, "serialNumber", /5 digits/],
    [{ depositedOn: "2026-02-30" }, "depositedOn", /must be a day/],
    [{ taxInr: "-5" }, "taxInr", /Tax \(₹\) must be a rupee amount greater than 0/],
    [{ feeInr: "1.005" }, "feeInr", /at most 2 decimals/],
    [{ saleIds: [] }, "saleIds", /Choose the deductions/],
    [{ saleIds: ["not-a-sale"] }, "saleIds.0", /sale's id/],
  ])("refuses %o, naming %s, and writes nothing", async (change, field, error) => {
    const sale = await deduction("1000.00", "2025-12-01T10:00:00");
    await expectRefused(challan([sale], { taxInr: "10", ...change }), 400, {
      code: "INVALID_INPUT",
      field,
      error,
    });
  });

  it("refuses a deduction chosen twice", async () => {
    const sale = await deduction("1000.00", "2025-12-01T10:00:00");
    await expectRefused(challan([sale, sale.toUpperCase()], { taxInr: "20" }), 400, {
      code: "INVALID_INPUT",
      field: "saleIds",
      error: /chosen once/,
    });
  });

  it("refuses a day after today in India", async () => {
    const sale = await deduction("1000.00", "2025-12-01T10:00:00");
    const tomorrow = new Date(Date.now() + 330 * 60_000 + 86_400_000).toISOString().slice(0, 10);
    await expectRefused(challan([sale], { taxInr: "10", depositedOn: tomorrow }), 400, {
      code: "INVALID_INPUT",
      field: "depositedOn",
      error: /must not be after today in India/,
    });
  });

  it("refuses a day before a deduction it covers was paid", async () => {
    const sale = await deduction("1000.00", "2025-12-20T10:00:00");
    await expectRefused(challan([sale], { taxInr: "10", depositedOn: "2025-12-19" }), 422, {
      code: "DEPOSITED_BEFORE_DEDUCTION",
      field: "depositedOn",
      error: new RegExp(`#${sale.slice(0, 8)} was paid on 20/12/2025`),
    });
  });

  it("refuses a sale that is not a paid, taxed one", async () => {
    const untaxed = (
      await insertTaxedSale(testApp.db, seller, {
        inr: "900.00",
        ratePercent: null,
        paidAt: ist("2025-12-02T10:00:00"),
      })
    ).id;
    const unpaid = (
      await insertTaxedSale(testApp.db, seller, {
        inr: "9000.00",
        pan: "ABCPV1234K",
        paidAt: ist("2025-12-02T10:00:00"),
        status: "received",
      })
    ).id;
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const id of [untaxed, unpaid, missing]) {
      await expectRefused(challan([id], { taxInr: "90" }), 422, {
        code: "SALE_NOT_DEDUCTED",
        field: "saleIds",
        error: new RegExp(`#${id.slice(0, 8)}: not a paid sale the desk deducted TDS from`),
      });
    }
  });

  it("refuses a deduction another challan covers", async () => {
    const sale = await deduction("3000.00", "2025-12-03T10:00:00");
    const other = await deduction("2000.00", "2025-12-03T11:00:00");
    expect((await record(challan([sale], { taxInr: "30", serialNumber: "00777" }))).status).toBe(
      201,
    );
    await expectRefused(challan([other, sale], { taxInr: "50" }), 409, {
      code: "SALE_ALREADY_DEPOSITED",
      field: "saleIds",
      error: /already deposited \(challan 0510308, 05\/01\/2026, serial 00777\)/,
    });
  });

  it.each([
    ["more", "51"],
    ["less", "49"],
  ])("refuses a tax %s than the deductions' TDS", async (_, taxInr) => {
    const sale = await deduction("3000.00", "2025-12-04T10:00:00");
    const other = await deduction("2000.00", "2025-12-04T11:00:00");
    await expectRefused(challan([sale, other], { taxInr }), 422, {
      code: "CHALLAN_TAX_MISMATCH",
      field: "taxInr",
      error: /must be ₹50\.00, the TDS of the 2 deductions it covers/,
    });
  });

  it("refuses a challan recorded already", async () => {
    const sale = await deduction("3000.00", "2025-12-06T10:00:00");
    const other = await deduction("3000.00", "2025-12-06T11:00:00");
    const first = challan([sale], { taxInr: "30" });
    expect((await record(first)).status).toBe(201);
    await expectRefused({ ...first, saleIds: [other] }, 409, {
      code: "CHALLAN_EXISTS",
      field: "serialNumber",
      error: /Challan 0510308, 05\/01\/2026, serial \d{5} is recorded already/,
    });
  });

  it("covers one quarter's return (a TAN holder's), or one month's (a specified person's)", async () => {
    const december = await deduction("1000.00", "2025-12-10T10:00:00");
    const january = await deduction("1000.00", "2026-01-02T10:00:00");
    await expectRefused(challan([december, january], { taxInr: "20" }), 422, {
      code: "CHALLAN_SPANS_RETURNS",
      field: "saleIds",
      error: /one quarter's Form 26Q: these are of Q3 of 2025-26, Q4 of 2025-26/,
    });
    const november = await deduction("1000.00", "2025-11-11T10:00:00");
    await testApp.db
      .updateTable("site_settings")
      .set({ tds_deductor_kind: "specified_person", tds_deductor_pan: "ABCPK1234F" })
      .execute();
    await expectRefused(challan([november, december], { taxInr: "20" }), 422, {
      code: "CHALLAN_SPANS_RETURNS",
      field: "saleIds",
      error: /a month's Form 26QE: these are of 2025-11, 2025-12/,
    });
    await testApp.db
      .updateTable("site_settings")
      .set({ tds_deductor_kind: "tan_holder" })
      .execute();
    expect((await record(challan([november, december], { taxInr: "20" }))).status).toBe(201);
  });

  it("is an administrator's alone", async () => {
    const customer = await signedInCustomer(testApp);
    expect((await customer.post("/api/admin/tax/challans", challan([]))).status).toBe(403);
    expect((await customer.get("/api/admin/tax/challans")).status).toBe(403);
  });
});

describe("two operators covering one deduction at once", () => {
  it("records one challan; the other hears 409 and nothing of it is written", async () => {
    const sale = await deduction("4000.00", "2025-12-08T10:00:00");
    const answers = await Promise.all([
      record(challan([sale], { taxInr: "40" })),
      record(challan([sale], { taxInr: "40" })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)?.json).toMatchObject({
      code: "SALE_ALREADY_DEPOSITED",
      field: "saleIds",
    });
    const links = await testApp.db
      .selectFrom("tds_challan_sales")
      .select("challan_id")
      .where("sell_order_id", "=", sale)
      .execute();
    expect(links).toHaveLength(1);
  });

  it("maps the primary key's refusal to 409 when the other commits after this one's checks", async () => {
    const sale = await deduction("6000.00", "2025-12-09T10:00:00");
    const body = challan([sale], { taxInr: "60" });
    const before = await written();
    if (!isPostgresRun()) {
      // One connection: the other operator's challan is committed before this one begins.
      await otherOperatorCovers(sale).then((other) => other.commit());
      await expectRefused(body, 409, { code: "SALE_ALREADY_DEPOSITED", field: "saleIds" });
      return;
    }
    // The other operator's link is written, not committed: this one's checks pass, and
    // its own link waits on the primary key until the other commits.
    const other = await otherOperatorCovers(sale);
    const answer = record(body);
    await expect.poll(other.waiting).toBe(1);
    await other.commit();
    const refused = await answer;
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json).toMatchObject({ code: "SALE_ALREADY_DEPOSITED", field: "saleIds" });
    // The other's challan and link, and nothing of this one.
    expect(await written()).toEqual({
      ...before,
      challans: before.challans + 1,
      links: before.links + 1,
    });
  });
});

/**
 * Another operator's challan covering `saleId`, written in a transaction of its own
 * (on PostgreSQL a second connection) and committed when told.
 */
async function otherOperatorCovers(saleId: string) {
  const insert = sql`WITH challan AS (
      INSERT INTO tds_challans (bsr_code, deposited_on, serial_number, tax_inr, recorded_by)
      VALUES ('0510308', '2026-01-05', '99999', 60, ${admin.userId}) RETURNING id
    ) INSERT INTO tds_challan_sales (sell_order_id, challan_id) SELECT ${saleId}::uuid, id FROM challan`;
  if (!isPostgresRun()) {
    return {
      commit: async () => {
        await insert.execute(testApp.db);
      },
      waiting: async () => 0,
    };
  }
  const holder = new pg.Client({ connectionString: testApp.databaseUrl });
  await holder.connect();
  await holder.query("BEGIN");
  const compiled = insert.compile(testApp.db);
  await holder.query(compiled.sql, [...compiled.parameters]);
  return {
    commit: async () => {
      await holder.query("COMMIT");
      await holder.end();
    },
    /** How many of this database's connections wait for a lock. */
    waiting: async () => {
      const { rows } = await holder.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      return rows[0].n as number;
    },
  };
}
