import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshEmail, verifiedCustomer } from "../../testing/actors";
import { placeOrder } from "../../testing/orders";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createClient, readLatestMail, readMails } from "../../testing/test-client";

/*
 * The language a customer reads the site in is saved on their account: their other
 * devices follow it, and so do the mails we send them.
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

function signUpIn(language: unknown, email = freshEmail("hindi")) {
  return createClient(testApp).post("/api/auth/sign-up/email", {
    email,
    password: "secret1",
    name: "",
    whatsappNumber: "+919876543210",
    language,
    callbackURL: "/login",
  });
}

async function storedLanguage(email: string) {
  const user = await testApp.db
    .selectFrom("user")
    .select("language")
    .where("email", "=", email)
    .executeTakeFirst();
  return user?.language;
}

describe("a customer's language", () => {
  it("chosen at sign-up is saved, and the verification mail comes in it", async () => {
    const email = freshEmail("hindi");
    expect((await signUpIn("hi", email)).status).toBe(200);
    expect(await storedLanguage(email)).toBe("hi");
    const mail = await readLatestMail(testApp, email);
    expect(mail.subject).toBe("अपना RupeeDesk ई-मेल वेरिफ़ाई करें");
    expect(mail.text).toContain("मेरा ई-मेल वेरिफ़ाई करें: http");
  });

  it("is English in the mails of a customer who never chose one", async () => {
    const email = freshEmail("english");
    expect((await signUpIn(undefined, email)).status).toBe(200);
    expect(await storedLanguage(email)).toBeNull();
    expect((await readLatestMail(testApp, email)).subject).toBe("Verify your RupeeDesk e-mail");
  });

  it("refuses a sign-up in a language the site is not written in, and creates no account", async () => {
    const email = freshEmail("french");
    const refused = await signUpIn("fr", email);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: "INVALID_LANGUAGE" });
    expect(await storedLanguage(email)).toBeUndefined();
    expect(await readMails(testApp, email)).toEqual([]);
  });

  it("is saved from any device, read back with the session, and a wrong one changes nothing", async () => {
    const customer = await verifiedCustomer(testApp);
    const saved = await customer.request("PUT", "/api/account/language", { language: "hi" });
    expect(saved.status, saved.text).toBe(200);
    const otherDevice = createClient(testApp);
    await otherDevice.signIn(customer.email, "secret1");
    expect((await otherDevice.get("/api/auth/get-session")).json.user.language).toBe("hi");

    for (const language of ["xx", 5, null, "HI"]) {
      const refused = await otherDevice.request("PUT", "/api/account/language", { language });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({
        code: "INVALID_INPUT",
        error: "language: Choose one of the languages: en, hi.",
      });
    }
    expect(await storedLanguage(customer.email)).toBe("hi");
    // better-auth's own way to change a user stays closed to browsers.
    expect((await otherDevice.post("/api/auth/update-user", { language: "en" })).status).toBe(404);
    const signedOut = await createClient(testApp).request("PUT", "/api/account/language", {
      language: "en",
    });
    expect(signedOut.status).toBe(401);
    expect(await storedLanguage(customer.email)).toBe("hi");
  });

  it("writes the order mails, and the password reset, in the language last used", async () => {
    const customer = await verifiedCustomer(testApp);
    await customer.request("PUT", "/api/account/language", { language: "hi" });
    const order = await placeOrder(customer, { amount: "100000", quotedRate: "86" });
    await testApp.outbox.deliverDue();
    const orderMail = await readLatestMail(testApp, customer.email);
    expect(orderMail.subject).toBe(`आपका ऑर्डर #${order.shortId} हमें मिल गया है`);
    expect(orderMail.text).toContain("UPI INR से आए आपके ₹1,00,000.00 के पेमेंट की जाँच");
    expect(orderMail.text).toContain("1,162.7906 USDT (TRC20)");
    expect(orderMail.link).toMatch(new RegExp(`/order/${order.id}$`));

    await customer.request("PUT", "/api/account/language", { language: "en" });
    await createClient(testApp).post("/api/auth/request-password-reset", {
      email: customer.email,
      redirectTo: "/update-password",
    });
    expect((await readLatestMail(testApp, customer.email)).subject).toBe(
      "Reset your RupeeDesk password",
    );
  });
});
