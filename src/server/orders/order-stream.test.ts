import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifyOrderChanges } from "../events/order-changes";
import { signedInCustomer } from "../testing/actors";
import { placeOrder } from "../testing/orders";
import { readEvents } from "../testing/sse";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

function openStream(customer: Awaited<ReturnType<typeof signedInCustomer>>, orderId: string) {
  return testApp.app.request(`/api/orders/${orderId}/events`, {
    headers: {
      origin: TEST_ORIGIN,
      cookie: [...customer.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    },
  });
}

/** What an admin's status change does: update, and announce in the same transaction. */
async function changeStatus(orderId: string, userId: string, status: "processing" | "completed") {
  await testApp.db.transaction().execute(async (trx) => {
    await trx.updateTable("orders").set({ status }).where("id", "=", orderId).execute();
    await notifyOrderChanges(trx, [{ orderId, userId, status, kind: "status" }]);
  });
}

describe("the live status of an order", () => {
  it("sends the current status, then each change, to the order's owner", async () => {
    const customer = await signedInCustomer(testApp);
    const orderId = (await placeOrder(customer)).id;
    const response = await openStream(customer, orderId);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/event-stream/);
    const events = readEvents(response);
    expect(await events.next()).toEqual({
      event: "status",
      data: JSON.stringify({ orderId, status: "pending" }),
    });
    const started = Date.now();
    await changeStatus(orderId, customer.userId, "completed");
    expect(JSON.parse((await events.next(1000)).data)).toEqual({ orderId, status: "completed" });
    expect(Date.now() - started).toBeLessThan(1000);
    await events.close();
  });

  it("never sends another customer's changes, and never opens another customer's order", async () => {
    const owner = await signedInCustomer(testApp);
    const stranger = await signedInCustomer(testApp);
    const ownersOrder = (await placeOrder(owner)).id;
    const strangersOrder = (await placeOrder(stranger)).id;

    expect((await openStream(stranger, ownersOrder)).status).toBe(404);

    const events = readEvents(await openStream(stranger, strangersOrder));
    await events.next(); // the current status
    await changeStatus(ownersOrder, owner.userId, "processing");
    await expect(events.next(500)).rejects.toThrow("No event in time");
    await events.close();
  });

  it("refuses a signed-out caller", async () => {
    const response = await testApp.app.request(
      "/api/orders/00000000-0000-4000-8000-000000000000/events",
    );
    expect(response.status).toBe(401);
  });
});
