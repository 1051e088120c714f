import { verifyPassword } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ORIGIN } from "../../testing/origin";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createClient, readMails } from "../../testing/test-client";

let testApp: TestApp;
beforeAll(async () => {
  // better-auth's own password hash, as production's: the other tests use a cheaper one.
  testApp = await createTestApp({}, { realPasswords: true });
});
afterAll(() => testApp.close());

let counter = 0;
const freshEmail = (label: string) => `${label}-${++counter}@example.com`;

const findUser = (email: string) =>
  testApp.db.selectFrom("user").selectAll().where("email", "=", email).executeTakeFirst();

async function countRows(table: "user" | "account" | "session") {
  const row = await testApp.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    email: freshEmail("customer"),
    password: "secret1",
    name: "",
    whatsappNumber: "+919876543210",
    callbackURL: "/login",
    ...overrides,
  };
}

/** A customer who signed up (not verified) with the given password. */
async function signedUpCustomer(password = "secret1") {
  const email = freshEmail("customer");
  const response = await createClient(testApp).signUp(email, password);
  expect(response.status).toBe(200);
  return email;
}

describe("sign-up", () => {
  it("stores a customer with the +91 number, role user, unverified, and mails a verification link", async () => {
    const email = freshEmail("new");
    const client = createClient(testApp);
    const response = await client.signUp(email, "secret1", "+919876543210");
    expect(response.status).toBe(200);
    expect(client.cookies.size).toBe(0); // no auto sign-in: the product sends them to /login

    expect(await findUser(email)).toMatchObject({
      email,
      whatsappNumber: "+919876543210",
      role: "user",
      emailVerified: false,
    });

    const mails = await readMails(testApp, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Verify your RupeeDesk e-mail");
    const link = mails[0]?.link ?? "";
    expect(link.startsWith(`${TEST_ORIGIN}/api/auth/verify-email?token=`)).toBe(true);

    const verified = await client.follow(link);
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/login");
    expect((await findUser(email))?.emailVerified).toBe(true);
  });

  it("keeps the password only as better-auth's scrypt hash", async () => {
    const email = await signedUpCustomer("correct horse");
    const { password } = await testApp.db
      .selectFrom("account")
      .innerJoin("user", "user.id", "account.userId")
      .select("account.password")
      .where("user.email", "=", email)
      .executeTakeFirstOrThrow();
    expect(password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: password ?? "", password: "correct horse" })).toBe(true);
  });

  it("does not verify an address with a forged token", async () => {
    const email = await signedUpCustomer();
    const response = await createClient(testApp).get(
      "/api/auth/verify-email?token=forged.token.value&callbackURL=/login",
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?error=INVALID_TOKEN");
    expect((await findUser(email))?.emailVerified).toBe(false);
  });

  it("never sends a verification link's reader to another site", async () => {
    for (const callbackURL of ["/.//evil.example", "/a/..//evil.example/phish", "//evil.example"]) {
      const response = await createClient(testApp).get(
        `/api/auth/verify-email?token=forged.token.value&callbackURL=${encodeURIComponent(callbackURL)}`,
      );
      const location = response.headers.get("location");
      if (location !== null) {
        expect(new URL(location, TEST_ORIGIN).origin, `${callbackURL} → ${location}`).toBe(
          TEST_ORIGIN,
        );
      } else {
        expect(response.status, callbackURL).toBeGreaterThanOrEqual(400);
      }
    }
  });

  const refusals: [string, Record<string, unknown>, RegExp][] = [
    ["a malformed e-mail", { email: "not-an-email" }, /email/i],
    // No mail server delivers to it, and the admin's searches (254 at most) never find it.
    ["a 300-character local part", { email: `${"x".repeat(300)}@example.com` }, /email/i],
    ["a 5-character password", { password: "12345" }, /too short/i],
    ["a 129-character password", { password: "x".repeat(129) }, /too long/i],
    ["a 3-digit WhatsApp number", { whatsappNumber: "123" }, /WhatsApp number/],
    ["a WhatsApp number that is no Indian mobile", { whatsappNumber: "+915876543210" }, /WhatsApp/],
    ["a WhatsApp number without +91", { whatsappNumber: "9876543210" }, /WhatsApp/],
    ["a missing WhatsApp number", { whatsappNumber: undefined }, /WhatsApp/],
    ["a 101-character name", { name: "n".repeat(101) }, /name may be at most 100 characters/],
    ["a name with markup", { name: "<img src=x onerror=alert(1)>" }, /cannot contain < or >/],
    ["a name with a right-to-left override", { name: "Ravi \u202eamrahS" }, /invisible control/],
    ["a profile image", { image: "https://evil.example/pixel.png" }, /image cannot be set/],
  ];
  it.each(refusals)(
    "refuses %s with a clear message and writes nothing",
    async (_, change, message) => {
      const body = signUpBody(change);
      const users = await countRows("user");
      const accounts = await countRows("account");
      const response = await createClient(testApp).post("/api/auth/sign-up/email", body);
      expect(response.status).toBe(400);
      expect(response.json.message).toMatch(message);
      expect(await countRows("user")).toBe(users);
      expect(await countRows("account")).toBe(accounts);
      expect(await readMails(testApp, String(body.email))).toHaveLength(0);
    },
  );

  it("answers a sign-up for a taken address like a new one, changes nothing, and tells the owner", async () => {
    const email = await signedUpCustomer("secret1");
    const users = await countRows("user");
    const mails = (await readMails(testApp, email)).length;

    const again = await createClient(testApp).signUp(
      email.toUpperCase(),
      "hijack1",
      "+919999999999",
    );
    expect(again.status).toBe(200);
    expect(await countRows("user")).toBe(users);
    // The owner, not the caller, learns that the address already has an account.
    const newMails = (await readMails(testApp, email)).slice(mails);
    expect(newMails.map((mail) => mail.subject)).toEqual(["You already have a RupeeDesk account"]);
    expect(newMails[0]?.link).toBe("http://localhost:3000/login");
    expect((await findUser(email))?.whatsappNumber).toBe("+919876543210");
    expect((await createClient(testApp).signIn(email, "hijack1")).status).toBe(401);
    expect((await createClient(testApp).signIn(email, "secret1")).status).toBe(200);

    // Nothing in the answer tells a prober that the address has an account.
    const fresh = await createClient(testApp).signUp(
      freshEmail("fresh"),
      "hijack1",
      "+919999999999",
    );
    const comparable = (json: { token: unknown; user: Record<string, unknown> }) => {
      const { id, email: _email, createdAt, updatedAt, ...rest } = json.user;
      return { token: json.token, ...rest, id: typeof id, createdAt: typeof createdAt };
    };
    expect(comparable(again.json)).toEqual(comparable(fresh.json));
  });

  it("refuses a client-chosen role, so nobody signs up as admin", async () => {
    const body = signUpBody({ role: "admin" });
    const users = await countRows("user");
    const response = await createClient(testApp).post("/api/auth/sign-up/email", body);
    expect(response.status).toBe(400);
    expect(response.json.message).toMatch(/role/);
    expect(await countRows("user")).toBe(users);
    expect(await findUser(String(body.email))).toBeUndefined();
  });

  it("ignores a client-sent emailVerified flag", async () => {
    const body = signUpBody({ emailVerified: true });
    const response = await createClient(testApp).post("/api/auth/sign-up/email", body);
    expect(response.status).toBe(200);
    expect(await findUser(String(body.email))).toMatchObject({
      emailVerified: false,
      role: "user",
    });
  });

  it("refuses a verification callback on another site and writes nothing", async () => {
    const body = signUpBody({ callbackURL: "https://evil.example/welcome" });
    const response = await createClient(testApp).post("/api/auth/sign-up/email", body);
    expect(response.status).toBe(403);
    expect(response.json.message).toMatch(/callbackURL/);
    expect(await findUser(String(body.email))).toBeUndefined();
  });
});

describe("sign-in", () => {
  it("signs in with the right password and sets an httpOnly session cookie", async () => {
    const email = await signedUpCustomer("secret1");
    const sessions = await countRows("session");
    const client = createClient(testApp);
    const response = await client.signIn(email, "secret1");
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(await countRows("session")).toBe(sessions + 1);
    expect(response.json.user.email).toBe(email);
    expect(response.json).not.toHaveProperty("token");

    const session = await client.get("/api/auth/get-session");
    expect(session.json.user.email).toBe(email);
    // The token stays in the httpOnly cookie: page scripts never see it.
    expect(session.json.session.id).toEqual(expect.any(String));
    expect(session.json.session).not.toHaveProperty("token");
    const token = decodeURIComponent(cookie?.split("=")[1]?.split(";")[0] ?? "").split(".")[0];
    expect(token?.length).toBeGreaterThan(10);
    expect(session.text).not.toContain(token);
    expect(response.text).not.toContain(token);
  });

  it("lets a customer sign in before verifying the address (the profile shows Verified: No)", async () => {
    const email = await signedUpCustomer("secret1");
    const client = createClient(testApp);
    expect((await client.signIn(email, "secret1")).status).toBe(200);
    const session = await client.get("/api/auth/get-session");
    expect(session.json.user).toMatchObject({ email, emailVerified: false, role: "user" });
  });

  it.each([
    ["a wrong password", "known", "wrong-password"],
    ["an unknown e-mail", "unknown", "secret1"],
  ])("refuses %s with 401, a message, and no session", async (_, who, password) => {
    const known = await signedUpCustomer("secret1");
    const email = who === "known" ? known : freshEmail("nobody");
    const sessions = await countRows("session");
    const client = createClient(testApp);
    const response = await client.signIn(email, password);
    expect(response.status).toBe(401);
    expect(response.json.message).toBe("Invalid email or password");
    expect(client.cookies.size).toBe(0);
    expect(await countRows("session")).toBe(sessions);
  });

  it("signs out: the session row is gone and the cookie no longer works", async () => {
    const email = await signedUpCustomer("secret1");
    const client = createClient(testApp);
    await client.signIn(email, "secret1");
    const cookieHeader = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const sessions = await countRows("session");

    expect((await client.post("/api/auth/sign-out")).status).toBe(200);
    expect(await countRows("session")).toBe(sessions - 1);
    const replay = await testApp.app.request("/api/auth/get-session", {
      headers: { cookie: cookieHeader },
    });
    expect(await replay.json()).toBeNull();
  });
});

describe("better-auth endpoints the product does not use", () => {
  it.each([
    ["POST", "/api/auth/verify-password", { password: "secret1" }],
    ["GET", "/api/auth/list-sessions", undefined],
    ["POST", "/api/auth/revoke-other-sessions", {}],
    ["POST", "/api/auth/change-email", { newEmail: "someone-else@example.com" }],
    ["POST", "/api/auth/update-user", { name: "x" }],
    ["POST", "/api/auth/delete-user", { password: "secret1" }],
    ["GET", "/api/auth/list-accounts", undefined],
    ["POST", "/api/auth/two-factor/send-otp", {}],
    ["POST", "/api/auth/admin/set-role", { role: "admin" }],
  ])("answer %s %s with 404, even to a signed-in user", async (method, path, body) => {
    const email = await signedUpCustomer("secret1");
    const client = createClient(testApp);
    await client.signIn(email, "secret1");
    const response = await client.request(method, path, body);
    expect(response.status).toBe(404);
    expect(await client.get("/api/auth/get-session")).toMatchObject({
      json: { user: { email, name: "" } },
    });
  });

  it("are left out of the API document", async () => {
    const document = await (await testApp.app.request("/api/openapi.json")).json();
    const paths = Object.keys(document.paths);
    expect(paths).toContain("/api/auth/sign-in/email");
    expect(paths).toContain("/api/auth/reset-password/{token}");
    expect(paths).not.toContain("/api/auth/verify-password");
    expect(paths).not.toContain("/api/auth/list-sessions");
  });
});

describe("change password", () => {
  async function signedInCustomer(password = "secret1") {
    const email = await signedUpCustomer(password);
    const client = createClient(testApp);
    expect((await client.signIn(email, password)).status).toBe(200);
    return { email, client };
  }

  async function expectPassword(email: string, password: string) {
    expect((await createClient(testApp).signIn(email, password)).status).toBe(200);
  }

  it("needs a session", async () => {
    const email = await signedUpCustomer("secret1");
    const response = await createClient(testApp).post("/api/auth/change-password", {
      currentPassword: "secret1",
      newPassword: "changed1",
    });
    expect(response.status).toBe(401);
    await expectPassword(email, "secret1");
  });

  it("refuses a wrong current password", async () => {
    const { email, client } = await signedInCustomer("secret1");
    const response = await client.post("/api/auth/change-password", {
      currentPassword: "not-my-password",
      newPassword: "changed1",
    });
    expect(response.status).toBe(400);
    expect(response.json.message).toBe("Invalid password");
    await expectPassword(email, "secret1");
  });

  it("refuses a 5-character new password as too short", async () => {
    const { email, client } = await signedInCustomer("secret1");
    const response = await client.post("/api/auth/change-password", {
      currentPassword: "secret1",
      newPassword: "12345",
    });
    expect(response.status).toBe(400);
    expect(response.json.message).toMatch(/too short/i);
    await expectPassword(email, "secret1");
  });

  it("refuses a request from another site even with the victim's cookie", async () => {
    const { email, client } = await signedInCustomer("secret1");
    const response = await client.post(
      "/api/auth/change-password",
      { currentPassword: "secret1", newPassword: "changed1" },
      { origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
    await expectPassword(email, "secret1");
  });

  it("changes the password with a session and the right current password", async () => {
    const { email, client } = await signedInCustomer("secret1");
    const response = await client.post("/api/auth/change-password", {
      currentPassword: "secret1",
      newPassword: "changed1",
    });
    expect(response.status).toBe(200);
    // The new session's token stays in the httpOnly cookie.
    expect(response.json).not.toHaveProperty("token");
    expect((await createClient(testApp).signIn(email, "secret1")).status).toBe(401);
    await expectPassword(email, "changed1");
  });

  it("ends the account's other sessions, even when the client asks to keep them", async () => {
    const { email, client } = await signedInCustomer("secret1");
    const elsewhere = createClient(testApp);
    expect((await elsewhere.signIn(email, "secret1")).status).toBe(200);
    expect((await elsewhere.get("/api/orders")).status).toBe(200);
    const response = await client.post("/api/auth/change-password", {
      currentPassword: "secret1",
      newPassword: "changed1",
      revokeOtherSessions: false,
    });
    expect(response.status, response.text).toBe(200);
    expect((await elsewhere.get("/api/orders")).status).toBe(401);
    expect((await client.get("/api/orders")).status).toBe(200);
  });
});
