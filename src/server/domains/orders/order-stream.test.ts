import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_STREAMS_PER_USER, notifyOrderChanges } from "../../platform/events/order-changes";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { placeOrder } from "../../testing/orders";
import { TEST_ORIGIN } from "../../testing/origin";
import { readEvents } from "../../testing/sse";
import { createTestApp, type TestApp } from "../../testing/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

function openStream(client: Client, orderId: string) {
  return openEvents(client, `/api/orders/${orderId}/events`);
}

function openEvents(client: Client, path: string) {
  return testApp.app.request(path, {
    headers: {
      origin: TEST_ORIGIN,
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
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
    expect(response.headers.get("cache-control")).toBe("no-store");
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

  it(`holds at most ${MAX_STREAMS_PER_USER} open streams of one customer; a closed one frees its place`, async () => {
    const customer = await signedInCustomer(testApp);
    const orderId = (await placeOrder(customer)).id;
    const open = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_USER }, async () => {
        const response = await openStream(customer, orderId);
        expect(response.status).toBe(200);
        return readEvents(response);
      }),
    );
    const refused = await openStream(customer, orderId);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "TOO_MANY_STREAMS" });

    // Another customer is not held back by this one's streams.
    const other = await signedInCustomer(testApp);
    const othersStream = await openStream(other, (await placeOrder(other)).id);
    expect(othersStream.status).toBe(200);
    await readEvents(othersStream).close();

    await open[0]?.close();
    await vi.waitFor(async () => {
      const again = await openStream(customer, orderId);
      expect(again.status).toBe(200);
      open.push(readEvents(again));
    });
    await Promise.all(open.map((events) => events.close()));
  });

  it("frees the place of a stream whose client left before its first event", async () => {
    // The admin's feed reads the database for its first event: a client that goes
    // away meanwhile (a fast reload) must not keep its place.
    const admin = await signedInAdmin(testApp);
    for (let reload = 0; reload <= MAX_STREAMS_PER_USER; reload++) {
      const response = await openEvents(admin, "/api/admin/order-events");
      expect(response.status).toBe(200);
      await response.body?.cancel();
    }
    await vi.waitFor(async () => {
      const again = await openEvents(admin, "/api/admin/order-events");
      expect(again.status).toBe(200);
      await readEvents(again).close();
    });
  });

  it("refuses a signed-out caller", async () => {
    const response = await testApp.app.request(
      "/api/orders/00000000-0000-4000-8000-000000000000/events",
    );
    expect(response.status).toBe(401);
  });

  it("ends, sending nothing more, once the customer signs out or is blocked", async () => {
    for (const endAccess of [
      (customer: Customer) => customer.post("/api/auth/sign-out"),
      async (customer: Customer) => {
        // What blocking does: the flag, and every session ended.
        await testApp.db
          .updateTable("user")
          .set({ banned: true })
          .where("id", "=", customer.userId)
          .execute();
        await testApp.db.deleteFrom("session").where("userId", "=", customer.userId).execute();
      },
    ]) {
      const customer = await signedInCustomer(testApp);
      const orderId = (await placeOrder(customer)).id;
      const events = readEvents(await openStream(customer, orderId));
      await events.next(); // the current status
      await endAccess(customer);
      await changeStatus(orderId, customer.userId, "processing");
      await expect(events.next(1000)).rejects.toThrow("The stream ended");
    }
  });

  it("ends the admin feed, sending nothing more, once the step-up ends or the admin is demoted", async () => {
    for (const endAccess of [
      async (admin: Customer) => {
        expect((await admin.post("/api/admin/session/step-down")).status).toBe(200);
      },
      async (admin: Customer) => {
        await testApp.db
          .updateTable("user")
          .set({ role: "user" })
          .where("id", "=", admin.userId)
          .execute();
      },
    ]) {
      const admin = await signedInAdmin(testApp);
      const feed = readEvents(await openEvents(admin, "/api/admin/order-events"));
      expect((await feed.next()).event).toBe("pending");
      await endAccess(admin);
      await placeOrder(await signedInCustomer(testApp));
      await expect(feed.next(1000)).rejects.toThrow("The stream ended");
    }
  });
});
