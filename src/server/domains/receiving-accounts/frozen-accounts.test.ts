import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { insertUpiAccount, retireReceivingAccounts } from "../../testing/desk-accounts";
import { orderInput, placeOrder } from "../../testing/orders";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createClient } from "../../testing/test-client";

/* A receiving account the bank froze (docs/decisions/042). */

let testApp: TestApp;
let admin: Client;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
});
afterAll(() => testApp.close());

const freeze = (client: Client, id: string, body: unknown) =>
  client.post(`/api/admin/receiving-accounts/${id}/freeze`, body);
const unfreeze = (client: Client, id: string) =>
  client.post(`/api/admin/receiving-accounts/${id}/unfreeze`, {});

async function askOffer(customer: Client, amount = "8600") {
  return customer.post("/api/orders/payment-offer", { sendCurrency: "upi_inr", amount });
}

async function holdOf(orderId: string) {
  return testApp.db
    .selectFrom("order_holds")
    .select(["rules", "released_at"])
    .where("order_id", "=", orderId)
    .executeTakeFirst();
}

async function accountRow(id: string) {
  return testApp.db
    .selectFrom("receiving_accounts")
    .select(["frozen_at", "frozen_note"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

/** The audit rows of the account's freezes, under the id as given. */
async function freezeAudits(accountId: string) {
  return testApp.db
    .selectFrom("audit_log")
    .select("details")
    .where("action", "=", "receiving_account.frozen")
    .where("target_id", "=", accountId)
    .execute();
}

describe("marking a receiving account frozen", () => {
  it("offers it to nobody, holds every open order paid into it, and is audited", async () => {
    await retireReceivingAccounts(testApp.db);
    const frozen = await insertUpiAccount(testApp.db, { upi_id: "frozen.desk@okhdfcbank" });

    const paidBefore = await signedInCustomer(testApp);
    const pending = await placeOrder(paidBefore);
    const released = await placeOrder(paidBefore, { amount: "900" });
    await testApp.db
      .insertInto("order_holds")
      .values({ order_id: released.id, rules: ["first_order"], released_at: sql<Date>`now()` })
      .execute();
    const done = await placeOrder(paidBefore, { amount: "700" });
    await testApp.db
      .updateTable("orders")
      .set({ status: "completed" })
      .where("id", "=", done.id)
      .execute();
    // Shown the account, perhaps paid already, not ordered yet.
    const shown = await signedInCustomer(testApp);
    const offer = await askOffer(shown);
    expect(offer.json.account.upiId).toBe("frozen.desk@okhdfcbank");

    const answer = await freeze(admin, frozen, {
      note: "  HDFC lien: cyber cell complaint 4471  ",
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual({ id: frozen, ordersHeld: 2 });
    expect(await accountRow(frozen)).toMatchObject({
      frozen_at: expect.any(Date),
      frozen_note: "HDFC lien: cyber cell complaint 4471",
    });
    expect(await holdOf(pending.id)).toEqual({ rules: ["account_frozen"], released_at: null });
    expect(await holdOf(released.id)).toEqual({
      rules: ["first_order", "account_frozen"],
      released_at: null,
    });
    expect(await holdOf(done.id)).toBeUndefined();
    const [audit] = await freezeAudits(frozen);
    expect(audit?.details).toMatchObject({
      note: "HDFC lien: cyber cell complaint 4471",
      ordersHeld: 2,
    });

    // Asking again no longer shows it: with no other account, payments are paused.
    const again = await askOffer(shown);
    expect(again.status).toBe(409);
    expect(again.text).not.toContain("frozen.desk@okhdfcbank");
    expect((await askOffer(await signedInCustomer(testApp))).status).toBe(409);

    // A customer who paid into it before the freeze is taken at their word, and held.
    const late = await shown.post(
      "/api/orders",
      orderInput({ receivingOfferId: offer.json.offerId }),
    );
    expect(late.status, late.text).toBe(201);
    expect((await holdOf(late.json.id))?.rules).toEqual(["account_frozen"]);

    // The bank lifts it: offered again; the holds stay for an operator to release.
    expect((await unfreeze(admin, frozen)).status).toBe(200);
    expect(await accountRow(frozen)).toEqual({ frozen_at: null, frozen_note: null });
    expect((await askOffer(await signedInCustomer(testApp))).json.account.upiId).toBe(
      "frozen.desk@okhdfcbank",
    );
    expect((await holdOf(pending.id))?.released_at).toBeNull();
    const unfrozenAudit = await testApp.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "receiving_account.unfrozen")
      .where("target_id", "=", frozen)
      .executeTakeFirstOrThrow();
    expect(unfrozenAudit.details).toMatchObject({ note: "HDFC lien: cyber cell complaint 4471" });
  });

  it("refuses a bad request with a clear 4xx and writes nothing", async () => {
    await retireReceivingAccounts(testApp.db);
    const account = await insertUpiAccount(testApp.db);
    const audits = async () =>
      (
        await testApp.db
          .selectFrom("audit_log")
          .select("id")
          .where("target_id", "=", account)
          .execute()
      ).length;

    const unseen = [{ note: "lien \u202egnp.exe" }, { note: "\u2066lien" }, { note: "\u200b" }];
    for (const body of [
      {},
      { note: "   " },
      { note: "x".repeat(501) },
      { note: "a\nb" },
      ...unseen,
    ]) {
      const refused = await freeze(admin, account, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json.error).toMatch(/^Note:/);
    }
    expect((await freeze(admin, "not-an-id", { note: "lien" })).status).toBe(400);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await freeze(admin, unknown, { note: "lien" })).status).toBe(404);
    expect((await unfreeze(admin, account)).json.code).toBe("ACCOUNT_NOT_FROZEN");

    const customer = await signedInCustomer(testApp);
    expect((await freeze(customer, account, { note: "lien" })).status).toBe(403);
    expect((await freeze(createClient(testApp), account, { note: "lien" })).status).toBe(401);
    expect(await accountRow(account)).toEqual({ frozen_at: null, frozen_note: null });
    expect(await audits()).toBe(0);

    expect((await freeze(admin, account, { note: "lien" })).status).toBe(200);
    const twice = await freeze(admin, account, { note: "again" });
    expect(twice.status).toBe(409);
    expect(twice.json.code).toBe("ACCOUNT_FROZEN");
    expect((await accountRow(account)).frozen_note).toBe("lien");
    expect(await audits()).toBe(1);
  });

  it("holds the open orders of a retired account, which keeps them", async () => {
    await retireReceivingAccounts(testApp.db);
    const account = await insertUpiAccount(testApp.db);
    const order = await placeOrder(await signedInCustomer(testApp));
    expect((await admin.post(`/api/admin/receiving-accounts/${account}/retire`, {})).status).toBe(
      200,
    );
    const frozen = await freeze(admin, account.toUpperCase(), { note: "Lien after retiring" });
    expect(frozen.status, frozen.text).toBe(200);
    expect(frozen.json.ordersHeld).toBe(1);
    expect((await holdOf(order.id))?.rules).toEqual(["account_frozen"]);
    // The audit log names the account as the database does, whatever case the path had.
    expect(await freezeAudits(account)).toHaveLength(1);
    expect((await unfreeze(admin, account)).status).toBe(200);
  });
});
