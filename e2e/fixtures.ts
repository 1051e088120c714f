import { randomInt } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, test as base, expect, type Page } from "@playwright/test";
import PostalMime from "postal-mime";
import sharp from "sharp";
import { adminSessionFile, E2E_ADMIN } from "./admin-credentials";
import { classConflicts, collectClassLists } from "./class-conflicts";
import { deskFolders } from "./desk-folders";

let counter = 0;

/** A unique e-mail address for one test. */
export function uniqueEmail(prefix = "user") {
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter++}@example.com`;
}

/**
 * What a page logged that a customer's browser would count as broken: errors, uncaught
 * exceptions and React's hydration errors (reported as uncaught). The browser's own
 * lines for an HTTP error answer are left out: unhappy paths answer 4xx on purpose.
 */
export function expectNoPageErrors(errors: string[]) {
  const problems = errors.filter((text) => !text.startsWith("Failed to load resource:"));
  expect(problems, "the page logged errors").toEqual([]);
}

/**
 * Every test is its own client IP (the server trusts X-Forwarded-For in e2e), and a page
 * error or a class list whose utilities override each other fails it.
 */
export const test = base.extend<{ consoleErrors: string[]; classConflictCheck: undefined }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expectNoPageErrors(errors);
    },
    { auto: true },
  ],
  classConflictCheck: [
    async ({ page }, use, testInfo) => {
      // The main thread's guard times the page's own work: nothing may watch beside it.
      if (testInfo.project.name === "main-thread") return use(undefined);
      const seen = new Set<string>();
      await collectClassLists(page, seen);
      await use(undefined);
      // A round trip: the page's last reports arrive before its answer.
      await page.evaluate(() => 0).catch(() => {});
      expect(classConflicts(seen), "class lists whose utilities override each other").toEqual([]);
    },
    { auto: true },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires an object pattern here.
  extraHTTPHeaders: async ({}, use, testInfo) => {
    const n = counter++;
    await use({
      "x-forwarded-for": `10.${testInfo.workerIndex % 256}.${(n >> 8) & 255}.${n & 255}`,
    });
  },
});

export { E2E_ADMIN, expect };

/**
 * axe's serious and critical violations on what the page shows now, named by where they
 * are. Legacy mode runs axe in the page itself: the site has no frames from other
 * origins, and the default mode's extra blank page per check doubled its time.
 */
export async function expectNoSeriousViolations(page: Page, where = page.url()) {
  // A list still showing the last search's rows is dimmed while the next arrives:
  // its contrast is the settled page's only once it is done.
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  // Violations only: axe then builds no selectors for the passing nodes, a fifth of its time.
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ["violations"] })
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(
    serious.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`),
    serious.map((v) => v.nodes.map((n) => `${n.html}\n${n.failureSummary}`).join("\n")).join("\n"),
  ).toEqual([]);
}

/**
 * A page in a second browser of its own (another person: a customer beside the
 * admin), with its own client address, since rate limits are per address.
 */
export async function secondBrowserPage(browser: Browser): Promise<Page> {
  const n = counter++;
  const { workerIndex, project } = test.info();
  const context = await browser.newContext({
    baseURL: project.use.baseURL,
    extraHTTPHeaders: {
      "x-forwarded-for": `10.${200 + (workerIndex % 50)}.${(n >> 8) & 255}.${n & 255}`,
    },
  });
  return context.newPage();
}

export const VERIFY_SUBJECT = "Verify your RupeeDesk e-mail";
export const RESET_SUBJECT = "Reset your RupeeDesk password";

/**
 * The first link in the newest mail with this subject to this address. Mails are
 * sent after the answer, so it waits for one to be written.
 */
export async function readMailLink(to: string, subject: string): Promise<string> {
  const mailDir = join(deskFolders().dataDir, "mail");
  await expect
    .poll(async () => (await findMail(mailDir, to, subject)) !== undefined, { timeout: 10_000 })
    .toBe(true);
  const text = (await findMail(mailDir, to, subject)) ?? "";
  const link = text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`No link in the mail to ${to}`);
  return link;
}

async function findMail(mailDir: string, to: string, subject: string): Promise<string | undefined> {
  let files: string[] = [];
  try {
    files = readdirSync(mailDir).sort().reverse();
  } catch {
    return undefined;
  }
  for (const file of files) {
    const mail = await PostalMime.parse(readFileSync(join(mailDir, file)));
    const isTo = mail.to?.some((address) => address.address === to);
    if (isTo && mail.subject === subject) return mail.text ?? "";
  }
  return undefined;
}

export async function signUp(page: Page, email: string, password: string, whatsapp = "9876543210") {
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("WhatsApp Number").fill(whatsapp);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
}

/**
 * Posts to the API with this page's cookies, as the page's own scripts would (the
 * server accepts cookie-authenticated writes only from its own origin).
 */
async function postAsPage(page: Page, path: string, data: unknown) {
  const { baseURL } = test.info().project.use;
  const response = await page.request.post(path, {
    data,
    headers: { origin: new URL(baseURL ?? "").origin },
  });
  expect(response.status(), `${path} answered ${await response.text()}`).toBe(200);
}

/**
 * A new customer, signed in, without the sign-up and log-in forms (account.spec
 * tests those): for journeys about something else. Each has a WhatsApp number of
 * their own: the desk counts the orders of one number's accounts together.
 */
export async function signUpAndLogInByApi(page: Page, email: string, password = "secret1") {
  await postAsPage(page, "/api/auth/sign-up/email", {
    email,
    password,
    name: email.split("@")[0],
    whatsappNumber: `+919${randomInt(100_000_000, 1_000_000_000)}`,
  });
  await postAsPage(page, "/api/auth/sign-in/email", { email, password });
}

/**
 * The e2e admin, stepped up, on /admin: the session the setup project signed in and
 * stepped up (admin-access.spec and account.spec go through the forms themselves).
 */
export async function stepUpAsAdmin(page: Page) {
  const { cookies } = JSON.parse(readFileSync(adminSessionFile(), "utf8"));
  await page.context().addCookies(cookies);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
}

/**
 * A signed-in customer's order, placed through the API as the exchange page does:
 * the payment step for its method, amount and network, then the order.
 */
export async function placeOrderByApi(
  page: Page,
  {
    network = "trc20",
    walletAddress = "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6",
    amount = "8600",
  }: { network?: string; walletAddress?: string; amount?: string } = {},
): Promise<string> {
  const { baseURL } = test.info().project.use;
  const headers = { origin: new URL(baseURL ?? "").origin };
  const offer = await page.request.post("/api/orders/payment-offer", {
    data: { sendCurrency: "upi_inr", amount, network },
    headers,
  });
  expect(offer.status(), await offer.text()).toBe(200);
  const order = await page.request.post("/api/orders", {
    data: {
      sendCurrency: "upi_inr",
      receiveCurrency: "usdt",
      network,
      amount,
      walletAddress,
      paymentReference: `${Date.now()}${Math.floor(Math.random() * 90 + 10)}`.slice(-12),
      payerName: "Rahul Kumar",
      quotedRate: "86",
      receivingOfferId: (await offer.json()).offerId,
    },
    headers,
  });
  expect(order.status(), await order.text()).toBe(201);
  return (await order.json()).id;
}

/**
 * Shows a customer every page of the site in `language` and checks each with `check`:
 * the public pages, the open phone menu (at a phone's width), the signed-in pages of a
 * new customer with an order, /verify with a photo chosen, a toast, and Confirm Your
 * Order open.
 */
export async function tourCustomerPages(
  page: Page,
  language: "en" | "hi",
  check: (where: string) => Promise<void>,
) {
  await page.addInitScript((saved) => localStorage.setItem("language", saved), language);
  const checkInLanguage = async (where: string) => {
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await check(where);
  };
  const publicPages = ["/", "/help", "/contact-us", "/about-us", "/terms-and-conditions"];
  const policyPages = ["/privacy-policy", "/refund-policy"];
  const accountPages = ["/login", "/signup", "/forgot-password"];
  for (const path of [...publicPages, ...policyPages, ...accountPages, "/missing-page"]) {
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
    await checkInLanguage(path);
  }
  const openMenu = page.locator("button[aria-controls=site-sidebar]");
  if (await openMenu.isVisible()) {
    await openMenu.click();
    const menu = page.locator("#site-sidebar");
    await expect(menu).toBeInViewport();
    // Measured mid-slide, a 44 px button can be 43.99 px wide.
    await menu.evaluate((drawer) =>
      Promise.all(drawer.getAnimations({ subtree: true }).map((slide) => slide.finished)),
    );
    await checkInLanguage("the menu");
  }

  await signUpAndLogInByApi(page, uniqueEmail("tour"));
  const orderId = await placeOrderByApi(page);
  const signedInPages = ["/profile", "/security", "/verify", "/order-history", "/my-referrals"];
  for (const path of [...signedInPages, `/order/${orderId}`]) {
    await page.goto(path);
    await expect(page.locator("h1, h2").first()).toBeVisible();
    await checkInLanguage(path);
  }
  await page.goto("/verify");
  await page
    .locator("input[type=file]")
    .first()
    .setInputFiles({ name: "tour-pan.jpg", mimeType: "image/jpeg", buffer: await smallPhoto() });
  await expect(page.getByText("tour-pan.jpg")).toBeVisible();
  await expect(page.locator("main img")).toBeVisible();
  await checkInLanguage("/verify with a photo chosen");
  await page.goto("/");
  const placeOrder = page.getByRole("button", {
    name: language === "en" ? "Place Order" : "ऑर्डर करें",
  });
  await placeOrder.click();
  await expect(page.locator("[data-sonner-toast]")).toBeVisible();
  await checkInLanguage("a toast");
  await page.locator("input[name=amount]").fill("5000");
  await page.locator("input[name=walletAddress]").fill("TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6");
  await expect(page.getByTestId("receive-amount")).toContainText("58.1395");
  await checkInLanguage("/ with an amount");
  await placeOrder.click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await checkInLanguage("Confirm Your Order");
}

/**
 * The controls on screen smaller than a 44 × 44 px touch target, or reaching past the
 * screen's edge, each by its name and size. A visually hidden input (a file chooser's)
 * is tapped through its label, which is measured instead.
 */
export async function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll(
      "a[href], button, input, select, textarea, summary, [role=button], [role=switch], [role=checkbox], [role=radio], [role=tab], [tabindex]:not([tabindex='-1'])",
    );
    const isHidden = (box: DOMRect) => box.width <= 1 || box.height <= 1;
    const tapped = [...controls].flatMap((control) => {
      const labels = control instanceof HTMLInputElement ? [...(control.labels ?? [])] : [];
      return isHidden(control.getBoundingClientRect()) && labels.length > 0 ? labels : [control];
    });
    return tapped.flatMap((control) => {
      const box = control.getBoundingClientRect();
      // Off screen (the closed drawer) or visually hidden (a name for screen readers).
      if (box.right <= 0 || box.left >= innerWidth || isHidden(box)) return [];
      if (getComputedStyle(control).visibility === "hidden") return [];
      // To a hundredth of a pixel: a box moved by a fractional offset measures 43.999996.
      const px = (size: number) => Math.round(size * 100) / 100;
      const isSmall = px(box.width) < 44 || px(box.height) < 44 || px(box.right) > innerWidth;
      const name = control.getAttribute("aria-label") ?? control.textContent?.trim() ?? "";
      return isSmall ? [`${control.tagName} "${name}" ${box.width}×${box.height}`] : [];
    });
  });
}

/**
 * What on the page the browser words in its own language, not the page's: a native
 * file, date, time or number field on screen ("Choose File", mm/dd/yyyy), or a form
 * left to the browser's checks (its "Please fill out this field." bubbles).
 */
export async function browserWordedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const worded = [
      "file",
      "date",
      "datetime-local",
      "month",
      "week",
      "time",
      "number",
      "color",
    ].map((type) => `input[type=${type}]`);
    const shown = [...document.querySelectorAll<HTMLInputElement>(worded.join(","))].filter(
      (input) => {
        const box = input.getBoundingClientRect();
        return box.width > 1 && box.height > 1 && getComputedStyle(input).visibility !== "hidden";
      },
    );
    const checkedByTheBrowser = [...document.forms].filter(
      (form) =>
        !form.noValidate &&
        form.querySelector("[required], [pattern], [min], [max], [minlength], [type=email]"),
    );
    return [
      ...shown.map((input) => `a native ${input.type} field (${input.id})`),
      ...checkedByTheBrowser.map((form) => `a form without noValidate (${form.id || form.action})`),
    ];
  });
}

/** A small photo, as a JPEG the server takes (320 × 200, one colour). */
export function smallPhoto(color = "#2050a0"): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

/** The saved theme, as the theme toggle leaves it (public/theme-init.js reads it). */
export async function useTheme(page: Page, theme: "light" | "dark") {
  await page.addInitScript((saved) => localStorage.setItem("theme", saved), theme);
}

/**
 * This page's desk buys USDT on two networks: its settings' answer says so (buying is
 * site-wide, and most journeys run on a desk that does not buy, beside each other).
 */
export async function deskBuysUsdt(page: Page) {
  await page.route("**/api/site-settings", async (route) => {
    const response = await route.fetch();
    const settings = await response.json();
    await route.fulfill({
      response,
      json: { ...settings, buyRate: "84", buyNetworks: ["bep20", "trc20"], sellMinUsdt: "10" },
    });
  });
}

/**
 * Holds the answers to the requests matching `url` until the returned function is
 * called: a slow network's order of events, made certain.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.fallback();
  });
  return release;
}

/**
 * Does `act` while the page's timers stand still (install its clock before it loads),
 * then lets a second pass and time run on: what a delayed update (a search box's)
 * does to whatever `act` opened is certain to happen after it, as on a slow machine.
 * Time runs on because the list's data reaches the page through timers of its own.
 */
export async function beforeTimersFire(page: Page, act: () => Promise<void>) {
  await page.clock.pauseAt(Date.now() + 60_000);
  await act();
  await page.clock.runFor(1_000);
  await page.clock.resume();
}

/**
 * Comes back to the page's tab a minute later: whatever it shows is stale by then
 * (the page's clock, installed before it loaded, jumps on), so its lists refresh.
 */
export async function returnToTabLater(page: Page) {
  await page.clock.fastForward(60_000);
  await page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
}

/** From now on the page's requests to this API path fail, as with the connection lost. */
export async function loseConnectionTo(page: Page, path: string) {
  await page.route(
    (url) => url.pathname === path,
    (route) => route.abort("internetdisconnected"),
  );
}

/**
 * A UPI account of the test's own, added by the signed-in admin: paused, so no
 * customer is shown it (its statements are still read). Returns its id.
 */
export async function addPausedUpiAccount(page: Page, label: string): Promise<string> {
  const { baseURL } = test.info().project.use;
  const created = await page.request.post("/api/admin/receiving-accounts", {
    headers: { origin: new URL(baseURL ?? "").origin },
    data: {
      kind: "upi",
      label,
      upiId: `paused${Date.now().toString(36)}${counter++}@okhdfcbank`,
      payeeName: "RupeeDesk",
      sendMethods: ["erupee"],
      dailyCapInr: "",
      perOrderMaxInr: "",
      paused: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).id;
}

declare global {
  interface Window {
    /** What watchLayoutShifts has seen move: the shifts' sum and what moved. */
    layoutShifts: { total: number; moved: string[] };
  }
}

/**
 * From the next navigation on, adds up the page's layout shifts not caused by input
 * (window.layoutShifts), each named by what moved and how far.
 */
export async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    window.layoutShifts = { total: 0, moved: [] };
    const nameOf = (node: Node | null) =>
      node instanceof Element
        ? `<${node.tagName.toLowerCase()} class="${node.className}">${(node.textContent ?? "").slice(0, 40)}`
        : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: {
          node: Node | null;
          previousRect: DOMRectReadOnly;
          currentRect: DOMRectReadOnly;
        }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        window.layoutShifts.total += entry.value;
        for (const source of entry.sources ?? []) {
          const { previousRect: from, currentRect: to } = source;
          window.layoutShifts.moved.push(
            `${nameOf(source.node)} ${from.x},${from.y} ${from.width}×${from.height} → ${to.x},${to.y} ${to.width}×${to.height} (${entry.value.toFixed(4)})`,
          );
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/**
 * Waits until the page has nothing left to do: its fonts loaded, and the main thread
 * free in five idle periods in a row (an animation's frames leave it free between them;
 * a long task or a burst of work resets the count).
 */
export async function waitUntilIdle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise<void>((resolve) => {
      let freePeriods = 0;
      const check = (deadline: IdleDeadline) => {
        freePeriods = deadline.timeRemaining() > 5 ? freePeriods + 1 : 0;
        if (freePeriods >= 5) resolve();
        else requestIdleCallback(check);
      };
      requestIdleCallback(check);
    });
  });
}

/** The empty fields on screen whose placeholder is wider than the field shows, by their text. */
export async function cutPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const context = document.createElement("canvas").getContext("2d");
    if (!context) throw new Error("No canvas to measure text with");
    const fields = document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      "input[placeholder], textarea[placeholder]",
    );
    return [...fields].flatMap((field) => {
      const box = field.getBoundingClientRect();
      if (field.value || box.width <= 1 || box.right <= 0 || box.left >= innerWidth) return [];
      const style = getComputedStyle(field);
      const hint = getComputedStyle(field, "::placeholder");
      context.font = `${hint.fontWeight} ${hint.fontSize} ${hint.fontFamily}`;
      const room =
        field.clientWidth -
        Number.parseFloat(style.paddingLeft) -
        Number.parseFloat(style.paddingRight);
      const needed = context.measureText(field.placeholder).width;
      return needed > room + 1
        ? [`"${field.placeholder}" needs ${Math.ceil(needed)} px of ${room}`]
        : [];
    });
  });
}
