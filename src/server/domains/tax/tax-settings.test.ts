import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { createTestApp, type TestApp } from "../../testing/test-app";

/*
 * Settings → Tax (issue 53, decision 060): whether the desk deducts TDS under section
 * 194S when it buys, as whom, at what rates, from what yearly amount per seller. Saved
 * on their own, audited with what changed; a bad field is named and nothing is written.
 */

let testApp: TestApp;
let admin: Client;

const TAN_HOLDER = {
  deducts: true,
  deductorKind: "tan_holder",
  deductorTan: "dela12345b",
  deductorPan: "",
  ratePercent: "1",
  noPanRatePercent: "20",
  thresholdInr: "10000",
  specifiedPersonThresholdInr: "50000",
  buysWithoutPan: false,
};

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
});
afterAll(() => testApp.close());

const save = (body: unknown) => admin.request("PUT", "/api/admin/settings/tax", body);
const read = async () => (await admin.get("/api/admin/settings/tax")).json;

async function taxAudits() {
  const rows = await testApp.db
    .selectFrom("audit_log")
    .select("details")
    .where("action", "=", "settings.saved")
    .orderBy("created_at")
    .execute();
  return rows.filter((row) => JSON.stringify(row.details).includes("deduct"));
}

describe("Tax settings", () => {
  it("start deducting 1% (20% without a PAN) above ₹10,000 a year per seller (₹50,000 for a specified person), with no deductor's number yet", async () => {
    expect(await read()).toEqual({
      deducts: true,
      deductorKind: "tan_holder",
      deductorTan: null,
      deductorPan: null,
      ratePercent: "1",
      noPanRatePercent: "20",
      thresholdInr: "10000",
      specifiedPersonThresholdInr: "50000",
      buysWithoutPan: false,
    });
  });

  it("are saved with codes in capitals, audited with what changed, and a second save of the same writes no row", async () => {
    const before = (await taxAudits()).length;
    const saved = await save(TAN_HOLDER);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ deductorTan: "DELA12345B", deductorPan: null });
    expect(await read()).toEqual(saved.json);
    const audits = await taxAudits();
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)?.details).toMatchObject({
      deductorTan: { from: null, to: "DELA12345B" },
    });
    expect((await save(TAN_HOLDER)).status).toBe(200);
    expect(await taxAudits()).toHaveLength(before + 1);
  });

  it("save a specified person with its PAN, and its own threshold", async () => {
    const saved = await save({
      ...TAN_HOLDER,
      deductorKind: "specified_person",
      deductorPan: " abcpk1234f ",
      specifiedPersonThresholdInr: "50000.00",
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({
      deductorKind: "specified_person",
      deductorPan: "ABCPK1234F",
      specifiedPersonThresholdInr: "50000",
    });
  });

  it.each([
    [{ deductorTan: "" }, "deductorTan", "Deductor's TAN is needed to deduct TDS as a TAN holder"],
    [{ deductorTan: "DEL12345B" }, "deductorTan", "Deductor's TAN must be 4 letters, 5 digits"],
    [
      { deductorKind: "specified_person", deductorPan: "" },
      "deductorPan",
      "Deductor's PAN is needed to deduct TDS as a specified person",
    ],
    [
      { deductorKind: "specified_person", deductorPan: "ABCCK1234F" },
      "deductorPan",
      "must be an individual's or an HUF's PAN",
    ],
    [{ ratePercent: "0" }, "ratePercent", "TDS Rate (%) must be a percentage above 0"],
    [{ ratePercent: "101" }, "ratePercent", "at most 100"],
    [{ ratePercent: "1.005" }, "ratePercent", "at most 2 decimals"],
    [{ noPanRatePercent: "0.5" }, "noPanRatePercent", "must not be below the TDS Rate (%)"],
    [
      { thresholdInr: "-1" },
      "thresholdInr",
      "Yearly Threshold per Seller (₹) must be a rupee amount",
    ],
    [
      { deductorKind: "exchange" },
      "deductorKind",
      "Deductor must be a TAN holder or a specified person",
    ],
    [{ deducts: "yes" }, "deducts", "must be on or off"],
  ])("refuses %o, naming %s, and writes nothing", async (change, field, message) => {
    const stored = await read();
    const before = (await taxAudits()).length;
    const refused = await save({ ...TAN_HOLDER, ...change });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json).toMatchObject({ code: "INVALID_INPUT", field });
    expect(refused.json.error).toContain(message);
    expect(await read()).toEqual(stored);
    expect(await taxAudits()).toHaveLength(before);
  });

  it("let the desk stop deducting without a deductor's number", async () => {
    const saved = await save({ ...TAN_HOLDER, deducts: false, deductorTan: "" });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ deducts: false, deductorTan: null });
  });

  it("are an administrator's alone", async () => {
    const customer = await signedInCustomer(testApp);
    expect((await customer.get("/api/admin/settings/tax")).status).toBe(403);
    expect((await customer.request("PUT", "/api/admin/settings/tax", TAN_HOLDER)).status).toBe(403);
  });
});
