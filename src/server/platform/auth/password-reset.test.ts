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

const RESET_SUBJECT = "Reset your RupeeDesk password";
let counter = 0;
const freshEmail = (label: string) => `${label}-${++counter}@example.com`;

async function signedUpCustomer(password = "secret1") {
  const email = freshEmail("customer");
  expect((await createClient(testApp).signUp(email, password)).status).toBe(200);
  return email;
}

const requestReset = (
  email: string,
  redirectTo = "/update-password",
  headers?: Record<string, string>,
) => createClient(testApp).post("/api/auth/request-password-reset", { email, redirectTo }, headers);

const resetMails = async (email: string) =>
  (await readMails(testApp, email)).filter((mail) => mail.subject === RESET_SUBJECT);

/** Requests a reset, follows the e-mail's link like a browser, returns the token it lands with. */
async function resetToken(email: string) {
  expect((await requestReset(email)).status).toBe(200);
  const mails = await resetMails(email);
  const link = mails.at(-1)?.link ?? "";
  const landing = await createClient(testApp).follow(link);
  expect(landing.status).toBe(302);
  const location = new URL(landing.headers.get("location") ?? "");
  expect(`${location.origin}${location.pathname}`).toBe(`${TEST_ORIGIN}/update-password`);
  const token = location.searchParams.get("token");
  expect(token).toBeTruthy();
  return token ?? "";
}

const resetPassword = (token: string, newPassword: string) =>
  createClient(testApp).post("/api/auth/reset-password", { token, newPassword });

const signInStatus = async (email: string, password: string) =>
  (await createClient(testApp).signIn(email, password)).status;

describe("password reset", () => {
  it("mails a link to /update-password whose token sets a new password, once", async () => {
    const email = await signedUpCustomer("secret1");
    const answer = await requestReset(email);
    expect(answer.status).toBe(200);
    expect(answer.json.message).toMatch(/check your email/i);
    const mails = await resetMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.link?.startsWith(`${TEST_ORIGIN}/api/auth/reset-password/`)).toBe(true);

    const landing = await createClient(testApp).follow(mails[0]?.link ?? "");
    expect(landing.status).toBe(302);
    const location = new URL(landing.headers.get("location") ?? "");
    expect(location.pathname).toBe("/update-password");
    const token = location.searchParams.get("token") ?? "";

    const reset = await resetPassword(token, "brand-new1");
    expect(reset.status).toBe(200);
    expect(await signInStatus(email, "secret1")).toBe(401);
    expect(await signInStatus(email, "brand-new1")).toBe(200);

    const replay = await resetPassword(token, "third-one1");
    expect(replay.status).toBe(400);
    expect(replay.json.message).toBe("Invalid token");
    expect(await signInStatus(email, "third-one1")).toBe(401);
    expect(await signInStatus(email, "brand-new1")).toBe(200);
  });

  it("writes the mail in the language of the page it was asked from", async () => {
    const HINDI_SUBJECT = "अपना RupeeDesk पासवर्ड रीसेट करें";
    /** A new customer asks for a reset with these headers: the subject of the one mail it sends. */
    const subjectOfReset = async (headers: Record<string, string>) => {
      const email = await signedUpCustomer();
      expect((await requestReset(email, undefined, headers)).status).toBe(200);
      const subjects = (await readMails(testApp, email))
        .map((mail) => mail.subject)
        .filter((subject) => subject === RESET_SUBJECT || subject === HINDI_SUBJECT);
      expect(subjects).toHaveLength(1);
      return subjects[0];
    };
    // The reader chose Hindi on the page (its cookie), though the account never did.
    expect(await subjectOfReset({ cookie: "language=hi" })).toBe(HINDI_SUBJECT);
    // No choice made: the browser's languages decide, as they did for the page.
    expect(await subjectOfReset({ "accept-language": "hi-IN,hi;q=0.9,en;q=0.8" })).toBe(
      HINDI_SUBJECT,
    );
    // A choice of English outweighs a Hindi browser.
    expect(await subjectOfReset({ cookie: "language=en", "accept-language": "hi" })).toBe(
      RESET_SUBJECT,
    );
  });

  it("refuses an unknown token with a clear message, by API and by link", async () => {
    const response = await resetPassword("no-such-token", "brand-new1");
    expect(response.status).toBe(400);
    expect(response.json.message).toBe("Invalid token");

    const landing = await createClient(testApp).get(
      "/api/auth/reset-password/no-such-token?callbackURL=%2Fupdate-password",
    );
    expect(landing.status).toBe(302);
    expect(landing.headers.get("location")).toBe(
      `${TEST_ORIGIN}/update-password?error=INVALID_TOKEN`,
    );
  });

  it("refuses an expired token", async () => {
    const email = await signedUpCustomer("secret1");
    const token = await resetToken(email);
    const expired = await testApp.db
      .updateTable("verification")
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where("identifier", "=", `reset-password:${token}`)
      .executeTakeFirstOrThrow();
    expect(expired.numUpdatedRows).toBe(1n);
    const response = await resetPassword(token, "brand-new1");
    expect(response.status).toBe(400);
    expect(response.json.message).toBe("Invalid token");
    expect(await signInStatus(email, "secret1")).toBe(200);
  });

  it("refuses a 5-character new password and leaves the token usable", async () => {
    const email = await signedUpCustomer("secret1");
    const token = await resetToken(email);
    const short = await resetPassword(token, "12345");
    expect(short.status).toBe(400);
    expect(short.json.message).toMatch(/too short/i);
    expect(await signInStatus(email, "secret1")).toBe(200);

    expect((await resetPassword(token, "long-enough")).status).toBe(200);
    expect(await signInStatus(email, "long-enough")).toBe(200);
  });

  it("ends every session of the account", async () => {
    const email = await signedUpCustomer("secret1");
    const phone = createClient(testApp);
    expect((await phone.signIn(email, "secret1")).status).toBe(200);
    expect((await phone.get("/api/auth/get-session")).json?.user.email).toBe(email);

    const token = await resetToken(email);
    expect((await resetPassword(token, "brand-new1")).status).toBe(200);

    expect((await phone.get("/api/auth/get-session")).json).toBeNull();
    const user = await testApp.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const sessions = await testApp.db
      .selectFrom("session")
      .select("id")
      .where("userId", "=", user.id)
      .execute();
    expect(sessions).toEqual([]);
  });

  it("answers for an unknown address exactly as for a known one, and mails nothing", async () => {
    const known = await signedUpCustomer("secret1");
    const unknown = freshEmail("nobody");
    const forKnown = await requestReset(known);
    const forUnknown = await requestReset(unknown);
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.json).toEqual(forKnown.json);
    expect(await resetMails(known)).toHaveLength(1);
    expect(await readMails(testApp, unknown)).toHaveLength(0);
  });

  it.each(["https://evil.example/steal", "//evil.example/steal"])(
    "refuses to send the reset link on to %s, and mails nothing",
    async (redirectTo) => {
      const email = await signedUpCustomer("secret1");
      const response = await requestReset(email, redirectTo);
      expect(response.status).toBe(403);
      expect(response.json.message).toMatch(/redirect/i);
      expect(await resetMails(email)).toHaveLength(0);
    },
  );
});
