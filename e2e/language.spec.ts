import type { APIRequestContext } from "@playwright/test";
import {
  expect,
  holdRequests,
  readMailLink,
  secondBrowserPage,
  signUpAndLogInByApi,
  test,
  uniqueEmail,
} from "./fixtures";

const TRON_WALLET = "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6";
const HINDI_HEADLINE = "भारतीय रुपये से USDT खरीदें";

/** A 12-digit UPI reference no other test uses. */
function uniqueReference() {
  return `${Date.now()}${Math.floor(Math.random() * 90 + 10)}`.slice(-12);
}

test("a customer switches to Hindi, signs up, orders and is written to in Hindi; the choice follows them to a reload and another browser", async ({
  page,
  browser,
}) => {
  test.slow(); // two sign-ins, two e-mails, an order and a second browser
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Buy USDT with Indian Rupees" })).toBeVisible();
  await page.getByRole("combobox", { name: "Language" }).selectOption("hi");
  await expect(page.getByRole("heading", { name: HINDI_HEADLINE })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("combobox", { name: "भाषा" })).toHaveValue("hi");

  // Sign up and verify the address, in Hindi: the verification mail is Hindi too.
  const email = uniqueEmail("hindi");
  const password = "secret1";
  await page.getByRole("link", { name: "साइन अप" }).click();
  await page.getByLabel("ई-मेल").fill(email);
  await page.getByLabel("WhatsApp नंबर").fill("9876543210");
  await page.getByLabel("पासवर्ड", { exact: true }).fill(password);
  await page.getByLabel("पासवर्ड दोबारा डालें").fill(password);
  await page.getByRole("button", { name: "साइन अप" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(await readMailLink(email, "अपना RupeeDesk ई-मेल वेरिफ़ाई करें"));

  await page.goto("/login");
  await page.getByLabel("ई-मेल").fill(email);
  await page.getByLabel("पासवर्ड", { exact: true }).fill(password);
  await page.getByRole("button", { name: "लॉग इन" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("फिर से स्वागत है").first()).toBeVisible();

  // The order, placed in Hindi.
  await page.goto("/");
  await page.getByLabel("रकम").fill("8600");
  // The form's own checks speak Hindi too.
  await page.getByLabel("आपका USDT (TRC20) एड्रेस").fill("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T");
  await page.getByRole("button", { name: "ऑर्डर करें" }).click();
  await expect(page.getByText("एड्रेस गलत है")).toBeVisible();
  await expect(page.getByLabel("आपका USDT (TRC20) एड्रेस")).toHaveAccessibleDescription(
    /चेकसम मेल नहीं खाता/,
  );
  // An address of the wrong shape is told the shape expected.
  await page.getByLabel("आपका USDT (TRC20) एड्रेस").fill("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA");
  await page.getByRole("button", { name: "ऑर्डर करें" }).click();
  await expect(page.getByLabel("आपका USDT (TRC20) एड्रेस")).toHaveAccessibleDescription(
    /T से शुरू होता है और इसमें 34 अक्षर/,
  );
  await page.getByLabel("आपका USDT (TRC20) एड्रेस").fill(TRON_WALLET);
  await page.getByRole("button", { name: "ऑर्डर करें" }).click();
  const dialog = page.getByRole("dialog", { name: "अपना ऑर्डर कन्फ़र्म करें" });
  await expect(dialog.getByText("₹8,600")).toBeVisible();
  await expect(dialog.getByText("rupeedesk@okhdfcbank")).toBeVisible();
  await dialog.getByLabel("पेमेंट ट्रांज़ैक्शन ID").fill("12345");
  await dialog.getByRole("button", { name: "ऑर्डर भेजें" }).click();
  // Both refusals, each at its field, in Hindi.
  const transactionId = dialog.getByLabel("पेमेंट ट्रांज़ैक्शन ID");
  const payerName = dialog.getByLabel("पेमेंट करने वाले खाते पर लिखा नाम");
  await expect(transactionId).toHaveAccessibleDescription(/ट्रांज़ैक्शन ID वैसी ही डालें/);
  await expect(payerName).toHaveAccessibleDescription(/उस पर लिखा नाम डालें/);
  await payerName.fill("Rahul Kumar");
  await dialog.getByRole("button", { name: "ऑर्डर भेजें" }).click();
  await expect(payerName).toHaveAttribute("aria-invalid", "false");
  await expect(transactionId).toHaveAccessibleDescription(/ट्रांज़ैक्शन ID वैसी ही डालें/);
  const reference = uniqueReference();
  await dialog.getByLabel("पेमेंट ट्रांज़ैक्शन ID").fill(reference);
  await dialog.getByLabel("पेमेंट करने वाले खाते पर लिखा नाम").fill("Rahul Kumar");
  await dialog.getByRole("button", { name: "ऑर्डर भेजें" }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "पेमेंट की जाँच" })).toBeVisible();
  await expect(page.getByText("8,600.00 INR")).toBeVisible();
  // Dates in Hindi, India time.
  const today = new Intl.DateTimeFormat("hi-IN", {
    dateStyle: "medium",
    timeZone: "Asia/Kolkata",
  }).format(new Date());
  await expect(page.getByText(today).first()).toBeVisible();
  const orderUrl = page.url();
  const shortId = orderUrl.split("/order/")[1]?.slice(0, 8) ?? "";

  // The order mail is in Hindi and links to the order.
  expect(await readMailLink(email, `आपका ऑर्डर #${shortId} हमें मिल गया है`)).toBe(orderUrl);

  // The server refuses a second order with the same reference by its code: said in Hindi.
  await page.goto("/");
  await page.getByLabel("रकम").fill("1000");
  await page.getByLabel("आपका USDT (TRC20) एड्रेस").fill(TRON_WALLET);
  await page.getByRole("button", { name: "ऑर्डर करें" }).click();
  await dialog.getByLabel("पेमेंट ट्रांज़ैक्शन ID").fill(reference);
  await dialog.getByLabel("पेमेंट करने वाले खाते पर लिखा नाम").fill("Rahul Kumar");
  await dialog.getByRole("button", { name: "ऑर्डर भेजें" }).click();
  await expect(page.getByText("ऑर्डर नहीं हो सका")).toBeVisible();
  await expect(
    page.getByText("आप इस पेमेंट रेफ़रेंस से पहले ही एक ऑर्डर कर चुके हैं।", { exact: false }),
  ).toBeVisible();

  // A reload keeps Hindi.
  await page.goto(orderUrl);
  await page.reload();
  await expect(page.getByRole("heading", { name: "पेमेंट की जाँच" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");

  // Another browser, English until the customer signs in: then their account's Hindi.
  const other = await secondBrowserPage(browser);
  await other.goto("/login");
  await expect(other.locator("html")).toHaveAttribute("lang", "en");
  await other.getByLabel("Email").fill(email);
  await other.getByLabel("Password", { exact: true }).fill(password);
  await other.getByRole("button", { name: "Log In" }).click();
  await expect(other).toHaveURL(/\/profile$/);
  await expect(other.locator("html")).toHaveAttribute("lang", "hi");
  await expect(other.getByRole("heading", { name: "प्रोफ़ाइल" })).toBeVisible();
  await other.goto("/");
  await expect(other.getByRole("heading", { name: HINDI_HEADLINE })).toBeVisible();
  await other.context().close();
});

test("a first visit from a browser asking for Hindi opens in Hindi, without English showing first", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "hi-IN" });
  const page = await context.newPage();
  // Without its JavaScript the page shows what the HTML alone paints: for a Hindi
  // reader, the exchange screen pre-rendered in Hindi, and no English.
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("heading", { name: HINDI_HEADLINE })).toBeVisible();
  await expect(page.getByText("Buy USDT with Indian Rupees")).toHaveCount(0);
  await page.unrouteAll();
  await page.reload();
  await expect(page.getByRole("heading", { name: HINDI_HEADLINE })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "भाषा" })).toHaveValue("hi");
  await expect(page.getByText("कम से कम: ₹0 • ज़्यादा से ज़्यादा: ₹1,00,000")).toBeVisible();

  // Switching back to English is remembered over the browser's wish.
  await page.getByRole("combobox", { name: "भाषा" }).selectOption("en");
  await expect(page.getByRole("heading", { name: "Buy USDT with Indian Rupees" })).toBeVisible();
  // The server learns the choice too: the next page comes pre-rendered in English.
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.reload();
  await expect(page.getByRole("heading", { name: "Buy USDT with Indian Rupees" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await context.close();
});

test("a language chosen on the page before its script has run is the one it then shows", async ({
  page,
}) => {
  // The app's files held back: the page is the pre-rendered HTML alone, as on a slow
  // network, and the reader picks Hindi on its switch already.
  const release = await holdRequests(page, "**/assets/first-screen-*.js");
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await page.getByRole("combobox", { name: "Language" }).selectOption("hi");
  release();
  await expect(page.getByRole("heading", { name: HINDI_HEADLINE })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("combobox", { name: "भाषा" })).toHaveValue("hi");
});

test("a language chosen while the page was still telling the account its first one stays chosen", async ({
  page,
}) => {
  // A new account has no language yet: the page's first load tells the server the one it
  // shows. On a slow network that request may still be on its way when the reader picks
  // Hindi; it is held here until the choice has been asked for, so it would arrive last.
  await signUpAndLogInByApi(page, uniqueEmail("language-race"));
  const saved = (language: string) =>
    page.waitForResponse(
      (response) =>
        response.url().endsWith("/api/account/language") &&
        response.request().postDataJSON()?.language === language,
    );
  let releaseFirst = () => {};
  const firstHeld = new Promise<void>((resolve) => {
    releaseFirst = resolve;
  });
  let saves = 0;
  const choiceAskedFor = new Promise<void>((resolve) => {
    void page.route("**/api/account/language", async (route) => {
      saves += 1;
      if (saves === 1) await firstHeld;
      else resolve();
      await route.fallback();
    });
  });
  const firstSaved = saved("en");
  const choiceSaved = saved("hi");
  await page.goto("/profile");
  await expect.poll(() => saves).toBe(1);
  await page.getByRole("combobox", { name: "Language" }).selectOption("hi");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  // A page that sends its saves in order asks for the choice only once the first has
  // answered: the second of a second is room for one that does not to show it.
  await Promise.race([choiceAskedFor, page.waitForTimeout(1_000)]);
  releaseFirst();
  await Promise.all([firstSaved, choiceSaved]);
  await page.reload();
  await expect(page.getByRole("heading", { name: "प्रोफ़ाइल" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
});

/**
 * The Hindi texts' chunk, as a route pattern: the Hindi page preloads it and the English
 * one does not. Only it is held: the start's own chunks share its name's beginning, and
 * holding them would keep the page from rendering at all on a slow machine.
 */
async function hindiTextsChunk(request: APIRequestContext) {
  const preloads = async (language: string) => {
    const answer = await request.get("/", { headers: { "Accept-Language": language } });
    return new Set((await answer.text()).match(/\/assets\/first-screen-[\w-]+\.js/g) ?? []);
  };
  const english = await preloads("en");
  const [chunk, ...more] = [...(await preloads("hi"))].filter((path) => !english.has(path));
  expect(chunk, "the Hindi page preloads a texts chunk of its own").toBeDefined();
  expect(more).toEqual([]);
  return `**${chunk}`;
}

test("a language chosen before the page knew who was signed in is the one saved on a new account", async ({
  page,
  request,
}) => {
  // A new account has no language yet, and the page tells the server the one chosen.
  // The session's answer is held until the reader has picked Hindi, and Hindi's texts
  // until the server has been told: the save comes while the change is still under way.
  const hindiTexts = await hindiTextsChunk(request);
  await signUpAndLogInByApi(page, uniqueEmail("language-before-session"));
  let askedForSession = () => {};
  const sessionAskedFor = new Promise<void>((resolve) => {
    askedForSession = resolve;
  });
  const releaseSession = await holdRequests(page, "**/api/auth/get-session");
  await page.route("**/api/auth/get-session", async (route) => {
    askedForSession();
    await route.fallback();
  });
  await page.goto("/profile");
  await sessionAskedFor;
  const releaseHindi = await holdRequests(page, hindiTexts);
  const saved = page.waitForResponse((response) =>
    response.url().endsWith("/api/account/language"),
  );
  await page.getByRole("combobox", { name: "Language" }).selectOption("hi");
  releaseSession();
  expect((await saved).request().postDataJSON()).toEqual({ language: "hi" });
  releaseHindi();
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await page.reload();
  await expect(page.getByRole("heading", { name: "प्रोफ़ाइल" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
});
