import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInAdmin } from "../../testing/actors";
import { validDocuments, verificationForm } from "../../testing/identity-documents";
import { countRows, orderStatus, placeOrder } from "../../testing/orders";
import { createTestApp, type TestApp } from "../../testing/test-app";

/*
 * Four eyes: an admin who also orders as a customer cannot approve their own
 * order, hold or identity check; another admin can, and nothing is written by
 * the refusal.
 */

let testApp: TestApp;
/** An admin with orders of their own. */
let trader: Client & { userId: string };
let otherAdmin: Client;

beforeAll(async () => {
  testApp = await createTestApp();
  trader = await signedInAdmin(testApp);
  otherAdmin = await signedInAdmin(testApp);
});
afterAll(() => testApp.close());

function expectOwnRecordRefusal(response: { status: number; json: Record<string, unknown> }) {
  expect(response.status).toBe(403);
  expect(response.json.code).toBe("OWN_RECORD");
  expect(response.json.error).toMatch(/another admin must/);
}

describe("an admin's own records", () => {
  it("leaves the admin's own order to another admin: its status cannot be changed by them", async () => {
    const order = await placeOrder(trader);
    const before = await countRows(testApp);
    for (const status of ["processing", "completed", "cancelled"]) {
      expectOwnRecordRefusal(await trader.post(`/api/admin/orders/${order.id}/status`, { status }));
    }
    expect(await countRows(testApp)).toEqual(before);
    expect(await orderStatus(testApp, order.id)).toBe("pending");

    const verified = await otherAdmin.post(`/api/admin/orders/${order.id}/status`, {
      status: "processing",
    });
    expect(verified.status, verified.text).toBe(200);
    expect(await orderStatus(testApp, order.id)).toBe("processing");
  });

  it("leaves the hold on the admin's account and on their orders to another admin", async () => {
    const hold = await otherAdmin.post(`/api/admin/users/${trader.userId}/hold`, {
      note: "A bank asked about this account",
    });
    expect(hold.status, hold.text).toBe(201);
    const held = await placeOrder(trader);

    expectOwnRecordRefusal(await trader.post(`/api/admin/users/${trader.userId}/hold/release`));
    expectOwnRecordRefusal(await trader.post(`/api/admin/orders/${held.id}/hold/release`));
    const stillHeld = await otherAdmin.get(`/api/admin/orders/${held.id}`);
    expect(stillHeld.json.hold).not.toBeNull();

    const released = await otherAdmin.post(`/api/admin/orders/${held.id}/hold/release`);
    expect(released.status, released.text).toBe(200);
    const lifted = await otherAdmin.post(`/api/admin/users/${trader.userId}/hold/release`);
    expect(lifted.status, lifted.text).toBe(200);
  });

  it("leaves the admin's own identity check to another admin", async () => {
    const submitted = await trader.post(
      "/api/verification",
      verificationForm(await validDocuments()),
    );
    expect(submitted.status, submitted.text).toBe(201);
    const submission = await testApp.db
      .selectFrom("verification_submissions")
      .select("id")
      .where("user_id", "=", trader.userId)
      .executeTakeFirstOrThrow();
    const decision = { submissionId: submission.id, decision: "verified", note: "" };

    expectOwnRecordRefusal(
      await trader.post(`/api/admin/verifications/${trader.userId}/decision`, decision),
    );
    expect((await trader.get("/api/verification")).json.status).toBe("submitted");

    const decided = await otherAdmin.post(
      `/api/admin/verifications/${trader.userId}/decision`,
      decision,
    );
    expect(decided.status, decided.text).toBe(200);
    expect((await trader.get("/api/verification")).json.status).toBe("verified");
  });

  it("leaves the failed payout check of the admin's own order to another admin: no retry, no override", async () => {
    const order = await placeOrder(trader);
    await otherAdmin.post(`/api/admin/orders/${order.id}/status`, { status: "processing" });
    // A check that failed (its chain endpoint was down): a retry that passes completes the order.
    await testApp.db
      .insertInto("payout_checks")
      .values({
        order_id: order.id,
        payout_tx_hash: "a".repeat(64),
        state: "failed",
        failure_code: "ENDPOINT_UNAVAILABLE",
        failure_message: "The chain endpoint did not answer.",
        requested_by: null,
        transfer_index: null,
        note: null,
      })
      .execute();
    const before = await countRows(testApp);
    expectOwnRecordRefusal(
      await trader.post(`/api/admin/orders/${order.id}/payout-check/retry`, {}),
    );
    expectOwnRecordRefusal(
      await trader.post(`/api/admin/orders/${order.id}/payout-check/override`, {
        note: "Paid from the desk's other wallet",
      }),
    );
    expect(await countRows(testApp)).toEqual(before);
    const check = () =>
      testApp.db
        .selectFrom("payout_checks")
        .select("state")
        .where("order_id", "=", order.id)
        .executeTakeFirstOrThrow();
    expect((await check()).state).toBe("failed");

    const retried = await otherAdmin.post(`/api/admin/orders/${order.id}/payout-check/retry`, {});
    expect(retried.status, retried.text).toBe(202);
    expect((await check()).state).toBe("checking");
  });

  it("answers 404 to 'verify all matched' for an account that does not exist", async () => {
    const response = await trader.post(
      "/api/admin/reconciliation/accounts/11111111-1111-4111-8111-111111111111/verify-matched",
    );
    expect(response.status).toBe(404);
    expect(response.json.error).toBe("No such receiving account.");
  });
});
