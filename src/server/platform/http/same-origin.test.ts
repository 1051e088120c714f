import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin, signedInCustomer } from "../../testing/actors";
import { postOrder } from "../../testing/orders";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { RawBody } from "../../testing/test-client";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const order = {
  sendCurrency: "upi_inr",
  receiveCurrency: "usdt",
  network: "trc20",
  amount: "8600",
  walletAddress: "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6",
  paymentReference: "600000000001",
  payerName: "Rahul Kumar",
  quotedRate: "86",
};

describe("cookie-authenticated writes", () => {
  it("are refused from another site's page, and nothing is written", async () => {
    const customer = await signedInCustomer(testApp);
    const foreign = await postOrder(customer, order, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.json.error).toMatch(/other sites/);
    const crossSite = await postOrder(customer, order, { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const orders = await testApp.db.selectFrom("orders").select("id").execute();
    expect(orders).toHaveLength(0);

    const ours = await postOrder(customer, order);
    expect(ours.status).toBe(201);
  });

  it("of the admin API are refused from another site's link too, and nothing is audited", async () => {
    const admin = await signedInAdmin(testApp);
    const auditRows = () => testApp.db.selectFrom("audit_log").select("id").execute();
    const before = await auditRows();
    for (const source of ["cross-site", "same-site"]) {
      const followed = await admin.get("/api/admin/risk/retention/dry-run", {
        "sec-fetch-site": source,
        "sec-fetch-mode": "navigate",
      });
      expect(followed.status).toBe(403);
      expect(followed.json.code).toBe("CROSS_SITE");
    }
    expect(await auditRows()).toEqual(before);
    // Our own pages, the address bar, and callers that are not browsers.
    const ownReads: Record<string, string>[] = [
      { "sec-fetch-site": "same-origin" },
      { "sec-fetch-site": "none" },
      {},
    ];
    for (const headers of ownReads) {
      expect((await admin.get("/api/admin/risk/retention/dry-run", headers)).status).toBe(200);
    }
  });

  it("refuse a body over 64 KB with 413 before reading it", async () => {
    const customer = await signedInCustomer(testApp);
    const huge = await customer.post(
      "/api/orders",
      new RawBody(JSON.stringify({ ...order, note: "x".repeat(70 * 1024) })),
      { "content-type": "application/json" },
    );
    expect(huge.status).toBe(413);
    expect(huge.json.error).toBe("The request is too large.");
  });
});
