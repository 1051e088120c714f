import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Client, signedInAdmin } from "../../testing/actors";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createClient } from "../../testing/test-client";

/*
 * Settings → Buying USDT (issue 44, item 1): the rate the desk pays for the USDT
 * customers sell, the networks it buys on, the smallest sale and the sale limits by
 * verification level. Saved on their own, audited, and public where a customer needs
 * them; the desk always buys below the rate it sells at.
 */

let testApp: TestApp;
let admin: Client;

const BUYING_OFF = {
  buyRate: "84",
  buyNetworks: [] as string[],
  sellMinUsdt: "10",
  sellLimitOrderInr: "50000",
  sellLimitDayInr: "100000",
  verifiedSellLimitOrderInr: "1000000",
  verifiedSellLimitDayInr: "2500000",
  sellHoldOtherNames: false,
  sellHoldFirstSale: false,
  sellHoldFirstSaleAboveInr: "50000",
  sellHoldNewDestination: false,
  sellHoldSharedWallet: false,
  sellAmountQuarantineHours: "48",
};

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
});
afterAll(() => testApp.close());

beforeEach(async () => {
  await testApp.db
    .updateTable("site_settings")
    .set({ exchange_rate: "88", buy_rate: "84", buy_networks: [] })
    .execute();
});

const save = (body: unknown) => admin.request("PUT", "/api/admin/settings/buying", body);

async function audits() {
  return testApp.db
    .selectFrom("audit_log")
    .select("details")
    .where("action", "=", "settings.saved")
    .orderBy("created_at")
    .execute();
}

async function stored() {
  return testApp.db
    .selectFrom("site_settings")
    .select(["buy_rate", "buy_networks", "sell_min_usdt", "sell_limit_order_inr"])
    .select(sql<number>`sell_amount_quarantine_hours`.as("sell_amount_quarantine_hours"))
    .executeTakeFirstOrThrow();
}

describe("Buying USDT settings", () => {
  it("are saved, audited with what changed, and shown to every visitor", async () => {
    const before = (await audits()).length;
    const response = await save({
      ...BUYING_OFF,
      buyRate: "85.50",
      buyNetworks: ["trc20", "bep20"],
      sellMinUsdt: "25.5",
    });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toMatchObject({
      buyRate: "85.5",
      buyNetworks: ["bep20", "trc20"],
      sellMinUsdt: "25.5",
      exchangeRate: "88",
    });
    expect((await admin.get("/api/admin/settings/buying")).json).toEqual(response.json);
    const changes = (await audits()).slice(before).map((audit) => audit.details);
    expect(changes).toEqual([
      {
        buyRate: { from: "84", to: "85.5" },
        buyNetworks: { from: "", to: "bep20, trc20" },
        sellMinUsdt: { from: "10", to: "25.5" },
      },
    ]);

    const visitor = await createClient(testApp).get("/api/site-settings");
    expect(visitor.json).toMatchObject({
      exchangeRate: "88",
      buyRate: "85.5",
      buyNetworks: ["bep20", "trc20"],
      sellMinUsdt: "25.5",
    });

    const holds = await save({
      ...BUYING_OFF,
      sellHoldFirstSale: true,
      sellHoldFirstSaleAboveInr: "25000.50",
      sellHoldNewDestination: true,
      sellHoldSharedWallet: true,
    });
    expect(holds.json).toMatchObject({
      sellHoldFirstSale: true,
      sellHoldFirstSaleAboveInr: "25000.5",
      sellHoldNewDestination: true,
      sellHoldSharedWallet: true,
    });
    expect((await audits()).at(-1)?.details).toMatchObject({
      sellHoldFirstSale: { from: false, to: true },
      sellHoldFirstSaleAboveInr: { from: "50000", to: "25000.5" },
    });
    const quarantine = await save({ ...BUYING_OFF, sellAmountQuarantineHours: "72" });
    expect(quarantine.json).toMatchObject({ sellAmountQuarantineHours: "72" });
    expect((await audits()).at(-1)?.details).toMatchObject({
      sellAmountQuarantineHours: { from: "48", to: "72" },
    });
    await save({ ...response.json, exchangeRate: undefined });

    // The same values again change nothing and write no audit row.
    const saves = (await audits()).length;
    expect((await save({ ...response.json, exchangeRate: undefined })).status).toBe(200);
    expect(await audits()).toHaveLength(saves);
  });

  it("refuse a buy rate at or above the exchange rate, and bad figures, writing nothing", async () => {
    const before = await stored();
    const auditCount = (await audits()).length;
    for (const [body, field, message] of [
      [{ buyRate: "88" }, "buyRate", /Buy Rate \(₹88\) must be below the Exchange Rate \(₹88\)/],
      [{ buyRate: "120" }, "buyRate", /must be below the Exchange Rate/],
      [{ buyRate: "0" }, "buyRate", /Buy Rate must be a number greater than 0/],
      [{ buyRate: "84.12345" }, "buyRate", /at most 4 decimals/],
      [{ buyRate: "1e2" }, "buyRate", /Buy Rate must be a number/],
      [{ buyNetworks: ["trc20", "trc20"] }, "buyNetworks", /names a network twice/],
      [{ buyNetworks: ["bitcoin"] }, "buyNetworks.0", /./],
      [{ sellMinUsdt: "0" }, "sellMinUsdt", /Smallest Sale \(USDT\) must be a USDT amount/],
      [{ sellMinUsdt: "10.001" }, "sellMinUsdt", /at most 2 decimals/],
      [{ sellLimitOrderInr: "-5" }, "sellLimitOrderInr", /Unverified: per Sale/],
      [
        { sellLimitOrderInr: "200000" },
        "sellLimitOrderInr",
        /Unverified: per Sale cannot be more than Unverified: Sales per 24 Hours/,
      ],
      [
        { verifiedSellLimitOrderInr: "3000000" },
        "verifiedSellLimitOrderInr",
        /Verified: per Sale cannot be more than Verified: Sales per 24 Hours/,
      ],
      [{ sellHoldFirstSale: "yes" }, "sellHoldFirstSale", /must be on or off/],
      [
        { sellHoldFirstSaleAboveInr: "-1" },
        "sellHoldFirstSaleAboveInr",
        /First Sale Hold Amount must be a rupee amount of 0 or more/,
      ],
      ...(["23", "0", "721", "24.5", "-48", "1e2", "", 48, null] as const).map(
        (hours) =>
          [
            { sellAmountQuarantineHours: hours },
            "sellAmountQuarantineHours",
            /Amount Quarantine \(Hours\) must be a whole number of hours from 24 to 720/,
          ] as const,
      ),
    ] as const) {
      const response = await save({ ...BUYING_OFF, buyNetworks: ["trc20"], ...body });
      expect(response.status, `${JSON.stringify(body)}: ${response.text}`).toBe(400);
      expect(response.json.code).toBe("INVALID_INPUT");
      expect(response.json.field).toBe(field);
      expect(response.json.error).toMatch(message);
    }
    expect(await stored()).toEqual(before);
    expect(await audits()).toHaveLength(auditCount);
  });

  it("keep the spread from the other side: while buying, the exchange rate cannot drop to the buy rate", async () => {
    const general = (await admin.get("/api/admin/settings")).json;
    const { supportDefaults: _defaults, updatedAt: _updatedAt, ...input } = general;
    const withRate = (exchangeRate: string) =>
      admin.request("PUT", "/api/admin/settings", {
        ...input,
        exchangeRate,
        supportWhatsappUrl: input.supportWhatsappUrl ?? "",
        supportTelegramUrl: input.supportTelegramUrl ?? "",
        supportEmail: input.supportEmail ?? "",
      });
    // Buying off: the exchange rate is the operator's alone.
    expect((await withRate("80")).status).toBe(200);
    expect((await withRate("88")).status).toBe(200);

    expect((await save({ ...BUYING_OFF, buyNetworks: ["trc20"] })).status).toBe(200);
    const refused = await withRate("84");
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json).toMatchObject({ code: "INVALID_INPUT", field: "exchangeRate" });
    expect(refused.json.error).toMatch(/Buy Rate \(₹84\) must be below the Exchange Rate \(₹84\)/);
    expect(
      (
        await testApp.db
          .selectFrom("site_settings")
          .select("exchange_rate")
          .executeTakeFirstOrThrow()
      ).exchange_rate,
    ).toMatch(/^88(\.0+)?$/);
    expect((await withRate("84.01")).status).toBe(200);
  });
});
