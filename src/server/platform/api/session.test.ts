import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInCustomer } from "../../testing/actors";
import { createTestApp, type TestApp } from "../../testing/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

/** The customer's session cookie (name and value as the jar keeps them). */
function sessionCookie(client: Awaited<ReturnType<typeof signedInCustomer>>) {
  const entry = [...client.cookies].find(([name]) => name.endsWith("session_token"));
  if (!entry) throw new Error("no session cookie");
  return { name: entry[0], value: decodeURIComponent(entry[1]) };
}

describe("the session on API routes", () => {
  it("lets the signed-in customer in, with their own account", async () => {
    const customer = await signedInCustomer(testApp);
    const orders = await customer.get("/api/orders");
    expect(orders.status).toBe(200);
    expect(orders.json.orders).toEqual([]);
  });

  it("refuses a cookie whose signature does not match its token", async () => {
    const customer = await signedInCustomer(testApp);
    const victim = await signedInCustomer(testApp);
    const { name, value } = sessionCookie(customer);
    const victimToken = sessionCookie(victim).value.split(".")[0];
    const forged = `${victimToken}.${value.split(".")[1]}`;
    for (const cookie of [forged, victimToken, `${victimToken}.`, "", "."]) {
      customer.cookies.set(name, encodeURIComponent(cookie ?? ""));
      const response = await customer.get("/api/orders");
      expect(response.status, cookie).toBe(401);
      expect(response.json.code).toBe("UNAUTHENTICATED");
    }
  });

  it("reads the session from a long Cookie header too, and a forged one there is refused", async () => {
    const customer = await signedInCustomer(testApp);
    // Other cookies of the site (an analytics id, say) make the header longer than 1 KB.
    customer.cookies.set("other", "x".repeat(2000));
    expect((await customer.get("/api/orders")).status).toBe(200);
    expect((await customer.get("/api/orders")).status).toBe(200);
    const { name, value } = sessionCookie(customer);
    customer.cookies.set(name, encodeURIComponent(`${value.split(".")[0]}.${"A".repeat(43)}=`));
    expect((await customer.get("/api/orders")).status).toBe(401);
  });

  it("refuses an expired session", async () => {
    const customer = await signedInCustomer(testApp);
    await testApp.db
      .updateTable("session")
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where("userId", "=", customer.userId)
      .execute();
    expect((await customer.get("/api/orders")).status).toBe(401);
  });

  it("refuses a blocked customer even if a session row survived the block", async () => {
    const customer = await signedInCustomer(testApp);
    await testApp.db
      .updateTable("user")
      .set({ banned: true })
      .where("id", "=", customer.userId)
      .execute();
    expect((await customer.get("/api/orders")).status).toBe(401);
    // A ban that has run out lets them back in.
    await testApp.db
      .updateTable("user")
      .set({ banExpires: sql`now() - interval '1 minute'` })
      .where("id", "=", customer.userId)
      .execute();
    expect((await customer.get("/api/orders")).status).toBe(200);
  });

  it("ends with sign-out", async () => {
    const customer = await signedInCustomer(testApp);
    const { name, value } = sessionCookie(customer);
    expect((await customer.post("/api/auth/sign-out")).status).toBe(200);
    customer.cookies.set(name, encodeURIComponent(value));
    expect((await customer.get("/api/orders")).status).toBe(401);
  });
});
