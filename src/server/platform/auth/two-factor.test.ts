import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  freshEmail,
  signedInAdmin,
  signedInCustomer,
  stepUpFailures,
} from "../../testing/actors";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createClient } from "../../testing/test-client";
import { readTotpUri, totpCode, totpCodeClearOfTurn, wrongTotpCode } from "../../testing/totp";

/*
 * TOTP two-factor through the HTTP API, as the /security page and the login
 * page drive it, and the admin step-up that asks for the code once enrolled.
 */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function sessionUser(client: Client) {
  const response = await client.get("/api/auth/get-session");
  return (response.json?.user ?? null) as { twoFactorEnabled?: boolean } | null;
}

/**
 * Enables and verifies TOTP for a signed-in client; answers the URI an app would scan
 * and the backup codes. It verifies the previous period's code (still accepted), which
 * is then spent: the current one is left for a step-up.
 */
async function enrol(client: Client, password: string) {
  const enable = await client.post("/api/auth/two-factor/enable", { password });
  expect(enable.status).toBe(200);
  const { totpURI, backupCodes } = enable.json as { totpURI: string; backupCodes: string[] };
  const verify = await client.post("/api/auth/two-factor/verify-totp", {
    code: await totpCodeClearOfTurn(totpURI, { step: -1 }),
  });
  expect(verify.status).toBe(200);
  return { totpURI, backupCodes };
}

describe("enrolling TOTP on /security", () => {
  it("needs the current password, gives a RupeeDesk URI and backup codes, and is on only once a code is verified", async () => {
    const customer = await signedInCustomer(testApp);

    const wrong = await customer.post("/api/auth/two-factor/enable", { password: "not-it" });
    expect(wrong.status).toBe(400);

    const enable = await customer.post("/api/auth/two-factor/enable", { password: "secret1" });
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = enable.json;
    const uri = readTotpUri(totpURI);
    expect(uri.issuer).toBe("RupeeDesk");
    expect(uri.label).toBe(`RupeeDesk:${customer.email}`);
    expect(uri.secret.length).toBeGreaterThanOrEqual(20);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);

    // Not on yet: signing in elsewhere asks for no code.
    expect((await sessionUser(customer))?.twoFactorEnabled).toBeFalsy();
    const elsewhere = createClient(testApp);
    const plain = await elsewhere.signIn(customer.email, "secret1");
    expect(plain.json.twoFactorRedirect).toBeUndefined();

    const bad = await customer.post("/api/auth/two-factor/verify-totp", {
      code: wrongTotpCode(totpURI),
    });
    expect(bad.status).toBe(401);
    expect((await sessionUser(customer))?.twoFactorEnabled).toBeFalsy();

    const good = await customer.post("/api/auth/two-factor/verify-totp", {
      code: totpCode(totpURI),
    });
    expect(good.status).toBe(200);
    expect((await sessionUser(customer))?.twoFactorEnabled).toBe(true);
  });
});

describe("signing in with TOTP", () => {
  let email: string;
  let totpURI: string;
  let backupCodes: string[];

  beforeAll(async () => {
    const customer = await signedInCustomer(testApp);
    email = customer.email;
    ({ totpURI, backupCodes } = await enrol(customer, "secret1"));
  });

  it("answers twoFactorRedirect with no session until the code is given", async () => {
    const client = createClient(testApp);
    const signIn = await client.signIn(email, "secret1");
    expect(signIn.status).toBe(200);
    expect(signIn.json).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(await sessionUser(client)).toBeNull();
    expect((await client.get("/api/orders")).status).toBe(401);

    const wrong = await client.post("/api/auth/two-factor/verify-totp", {
      code: wrongTotpCode(totpURI),
    });
    expect(wrong.status).toBe(401);
    expect(await sessionUser(client)).toBeNull();

    const right = await client.post("/api/auth/two-factor/verify-totp", {
      code: totpCode(totpURI),
    });
    expect(right.status).toBe(200);
    expect(right.json).not.toHaveProperty("token"); // it stays in the httpOnly cookie
    expect((await sessionUser(client))?.twoFactorEnabled).toBe(true);
    expect((await client.get("/api/orders")).status).toBe(200);
  });

  it("takes a backup code once instead of the authenticator code", async () => {
    const [code] = backupCodes;
    const first = createClient(testApp);
    await first.signIn(email, "secret1");
    const used = await first.post("/api/auth/two-factor/verify-backup-code", { code });
    expect(used.status).toBe(200);
    expect(used.json).not.toHaveProperty("token");
    expect(used.json.session ?? {}).not.toHaveProperty("token");
    expect(await sessionUser(first)).not.toBeNull();

    const second = createClient(testApp);
    await second.signIn(email, "secret1");
    const again = await second.post("/api/auth/two-factor/verify-backup-code", { code });
    expect(again.status).toBe(401);
    expect(await sessionUser(second)).toBeNull();
  });

  it("gives nothing to a code sent without the password step", async () => {
    const client = createClient(testApp);
    const response = await client.post("/api/auth/two-factor/verify-totp", {
      code: totpCode(totpURI),
    });
    expect(response.status).toBe(401);
    expect(await sessionUser(client)).toBeNull();
  });
});

describe("disabling TOTP", () => {
  it("needs the password; afterwards sign-in asks for no code", async () => {
    const customer = await signedInCustomer(testApp);
    await enrol(customer, "secret1");

    const wrong = await customer.post("/api/auth/two-factor/disable", { password: "not-it" });
    expect(wrong.status).toBe(400);
    expect((await sessionUser(customer))?.twoFactorEnabled).toBe(true);

    const off = await customer.post("/api/auth/two-factor/disable", { password: "secret1" });
    expect(off.status).toBe(200);
    expect((await sessionUser(customer))?.twoFactorEnabled).toBe(false);

    const client = createClient(testApp);
    const signIn = await client.signIn(customer.email, "secret1");
    expect(signIn.json.twoFactorRedirect).toBeUndefined();
    expect(await sessionUser(client)).not.toBeNull();
  });
});

describe("an admin's password and second factor", () => {
  const STEP_UP_FIRST =
    "Confirm your password on Admin Access before changing your password or two-factor settings.";

  it("change only in a stepped-up session: a held session and the password cannot turn TOTP off", async () => {
    const email = freshEmail("totp-admin");
    const admin = await signedInAdmin(testApp, { email });
    const { totpURI } = await enrol(admin, "admin-pass");
    await admin.post("/api/admin/session/step-down");

    // Whoever holds this session now, with the password, gets no further.
    const attempts = [
      ["/api/auth/two-factor/disable", { password: "admin-pass" }],
      ["/api/auth/two-factor/enable", { password: "admin-pass" }],
      ["/api/auth/two-factor/verify-totp", { code: wrongTotpCode(totpURI) }],
      ["/api/auth/change-password", { currentPassword: "admin-pass", newPassword: "taken-over1" }],
    ] as const;
    for (const [path, body] of attempts) {
      const response = await admin.post(path, body);
      expect(response.status, path).toBe(403);
      expect(response.json).toEqual({
        error: STEP_UP_FIRST,
        message: STEP_UP_FIRST,
        code: "STEP_UP_REQUIRED",
      });
    }
    expect((await sessionUser(admin))?.twoFactorEnabled).toBe(true);
    expect((await createClient(testApp).signIn(email, "admin-pass")).json.twoFactorRedirect).toBe(
      true,
    );

    // Stepped up with the password and a code, the admin turns it off.
    const stepUp = await admin.post("/api/admin/session/step-up", {
      password: "admin-pass",
      code: totpCode(totpURI),
    });
    expect(stepUp.status).toBe(200);
    const off = await admin.post("/api/auth/two-factor/disable", { password: "admin-pass" });
    expect(off.status).toBe(200);
    expect((await sessionUser(admin))?.twoFactorEnabled).toBe(false);
  });

  it("leave customers' own settings to them", async () => {
    const customer = await signedInCustomer(testApp);
    const change = await customer.post("/api/auth/change-password", {
      currentPassword: "secret1",
      newPassword: "secret2",
    });
    expect(change.status).toBe(200);
  });
});

describe("admin step-up with TOTP enrolled", () => {
  it("refuses a missing or wrong code and accepts the right one", async () => {
    const email = freshEmail("totp-admin");
    const admin = await signedInAdmin(testApp, { email });
    const { totpURI } = await enrol(admin, "admin-pass");

    // Enrolling replaced the session, so the earlier step-up is gone.
    const state = await admin.get("/api/admin/session");
    expect(state.json).toMatchObject({ isElevated: false, twoFactorEnabled: true });
    expect((await admin.get("/api/admin/settings")).status).toBe(403);

    const noCode = await admin.post("/api/admin/session/step-up", { password: "admin-pass" });
    expect(noCode.status).toBe(400);
    expect(noCode.json.code).toBe("CODE_REQUIRED");

    const malformed = await admin.post("/api/admin/session/step-up", {
      password: "admin-pass",
      code: "12345",
    });
    expect(malformed.status).toBe(400);

    const wrongCode = await admin.post("/api/admin/session/step-up", {
      password: "admin-pass",
      code: wrongTotpCode(totpURI),
    });
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.json).toMatchObject({
      code: "STEP_UP_FAILED",
      error: "Incorrect code. Please try again.",
    });

    const wrongPassword = await admin.post("/api/admin/session/step-up", {
      password: "not-it",
      code: totpCode(totpURI),
    });
    expect(wrongPassword.status).toBe(401);
    expect((await admin.get("/api/admin/settings")).status).toBe(403);

    const right = await admin.post("/api/admin/session/step-up", {
      password: "admin-pass",
      code: totpCode(totpURI),
    });
    expect(right.status).toBe(200);
    expect(right.json).toMatchObject({ isElevated: true, twoFactorEnabled: true });
    expect((await admin.get("/api/admin/settings")).status).toBe(200);

    const audits = await testApp.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("actor_id", "=", admin.userId)
      .orderBy("id")
      .execute();
    expect(audits.map((entry) => [entry.action, entry.details])).toEqual([
      ["admin.step_up", {}],
      ["admin.step_up_failed", { reason: "totp" }],
      ["admin.step_up_failed", { reason: "password" }],
      ["admin.step_up", {}],
    ]);
  });

  /** The enrolled admin's client, and a second session of the same admin signed in with a code. */
  async function adminWithTwoSessions() {
    const email = freshEmail("totp-admin");
    const first = await signedInAdmin(testApp, { email });
    const { totpURI } = await enrol(first, "admin-pass");
    const second = createClient(testApp);
    expect((await second.signIn(email, "admin-pass")).json.twoFactorRedirect).toBe(true);
    // The code enrolment spent: sign-in takes it, and it stays spent for step-ups.
    const verified = await second.post("/api/auth/two-factor/verify-totp", {
      code: await totpCodeClearOfTurn(totpURI, { step: -1 }),
    });
    expect(verified.status).toBe(200);
    return { first, second, totpURI };
  }

  it("accepts a code for one step-up only, in any session of the admin", async () => {
    const { first, second, totpURI } = await adminWithTwoSessions();
    const code = totpCode(totpURI);
    const stepUp = (client: Client) =>
      client.post("/api/admin/session/step-up", { password: "admin-pass", code });

    expect((await stepUp(first)).status).toBe(200);
    await first.post("/api/admin/session/step-down");

    for (const client of [first, second]) {
      const replay = await stepUp(client);
      expect(replay.status).toBe(401);
      expect(replay.json).toMatchObject({
        code: "STEP_UP_FAILED",
        error: "This code has already been used. Wait for the next code in your authenticator app.",
      });
      expect((await client.get("/api/admin/session")).json.isElevated).toBe(false);
      expect((await client.get("/api/admin/settings")).status).toBe(403);
    }
    const failures = await stepUpFailures(testApp, first.userId);
    expect(failures.map((entry) => entry.details)).toEqual([
      { reason: "totp_reused" },
      { reason: "totp_reused" },
    ]);

    // The next code works.
    const next = await second.post("/api/admin/session/step-up", {
      password: "admin-pass",
      code: totpCode(totpURI, { step: 1 }),
    });
    expect(next.status).toBe(200);
  });

  it("elevates one of two sessions that send the same code at once", async () => {
    const { first, second, totpURI } = await adminWithTwoSessions();
    const code = totpCode(totpURI);
    const answers = await Promise.all(
      [first, second].map((client) =>
        client.post("/api/admin/session/step-up", { password: "admin-pass", code }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    const elevated = await Promise.all(
      [first, second].map(
        async (client) => (await client.get("/api/admin/session")).json.isElevated,
      ),
    );
    expect(elevated.filter(Boolean)).toHaveLength(1);
  });

  it("a fresh sign-in of that admin needs two codes: one to sign in, another to step up", async () => {
    const email = freshEmail("totp-admin");
    const enrolled = await signedInAdmin(testApp, { email });
    const { totpURI } = await enrol(enrolled, "admin-pass");

    const client = createClient(testApp);
    const signIn = await client.signIn(email, "admin-pass");
    expect(signIn.json.twoFactorRedirect).toBe(true);
    expect((await client.get("/api/admin/session")).status).toBe(401);
    await client.post("/api/auth/two-factor/verify-totp", { code: totpCode(totpURI) });
    expect((await client.get("/api/admin/session")).json.twoFactorEnabled).toBe(true);
    // The code that signed the admin in is spent.
    const sameCode = await client.post("/api/admin/session/step-up", {
      password: "admin-pass",
      code: totpCode(totpURI),
    });
    expect(sameCode.status).toBe(401);
    expect(sameCode.json.error).toBe(
      "This code has already been used. Wait for the next code in your authenticator app.",
    );
    expect((await client.get("/api/admin/session")).json.isElevated).toBe(false);
    const stepUp = await client.post("/api/admin/session/step-up", {
      password: "admin-pass",
      code: totpCode(totpURI, { step: 1 }),
    });
    expect(stepUp.status).toBe(200);
    expect((await client.get("/api/admin/audit?limit=1")).status).toBe(200);
  });
});
