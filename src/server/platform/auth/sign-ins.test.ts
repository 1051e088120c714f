import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInCustomer } from "../../testing/actors";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createClient } from "../../testing/test-client";
import { totpCode, totpCodeClearOfTurn } from "../../testing/totp";

/*
 * Every sign-in is kept with its address (the customer's file, sign-ins.csv): a
 * password, or the second factor after it. Not the password step of a two-factor
 * sign-in, and not a session renewed for someone signed in already.
 */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function signInsOf(userId: string) {
  const rows = await testApp.db
    .selectFrom("sign_ins")
    .select("ip_address")
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  return rows.map((row) => row.ip_address);
}

describe("the sign-ins kept", () => {
  it("are the real ones: a password, then a code; not two-factor turned on, a new password or a code not yet given", async () => {
    const customer = await signedInCustomer(testApp);
    expect(await signInsOf(customer.userId)).toEqual([customer.ip]);

    const enable = await customer.post("/api/auth/two-factor/enable", { password: "secret1" });
    expect(enable.status).toBe(200);
    const { totpURI } = enable.json as { totpURI: string };
    const on = await customer.post("/api/auth/two-factor/verify-totp", {
      code: await totpCodeClearOfTurn(totpURI, { step: -1 }),
    });
    expect(on.status).toBe(200);
    const changed = await customer.post("/api/auth/change-password", {
      currentPassword: "secret1",
      newPassword: "secret2",
    });
    expect(changed.status, changed.text).toBe(200);
    expect(await signInsOf(customer.userId)).toEqual([customer.ip]);

    // The password alone: no session stays, so no sign-in yet.
    const elsewhere = createClient(testApp, "203.0.113.77");
    const passwordStep = await elsewhere.signIn(customer.email, "secret2");
    expect(passwordStep.json.twoFactorRedirect).toBe(true);
    expect(await signInsOf(customer.userId)).toEqual([customer.ip]);
    const code = await elsewhere.post("/api/auth/two-factor/verify-totp", {
      code: totpCode(totpURI),
    });
    expect(code.status).toBe(200);
    expect(await signInsOf(customer.userId)).toEqual([customer.ip, "203.0.113.77"]);
  });

  it("are not kept for a wrong password", async () => {
    const customer = await signedInCustomer(testApp);
    const wrong = await createClient(testApp).signIn(customer.email, "not-it");
    expect(wrong.status).toBe(401);
    expect(await signInsOf(customer.userId)).toEqual([customer.ip]);
  });
});
