import { expect, expectNoPageErrors, signUpAndLogInByApi, test, uniqueEmail } from "./fixtures";

test("the theme toggle survives a reload", async ({ page }) => {
  await page.goto("/");
  const html = page.locator("html");
  const initial = await html.getAttribute("data-theme");
  const target = initial === "dark" ? "Light Mode" : "Dark Mode";
  await page.getByRole("button", { name: target }).click();
  const flipped = initial === "dark" ? "light" : "dark";
  await expect(html).toHaveAttribute("data-theme", flipped);
  await page.reload();
  await expect(html).toHaveAttribute("data-theme", flipped);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe(flipped);
});

test("the theme follows the system preference when none is stored", async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: "light" });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await context.close();
});

test("/ comes alive on its pre-rendered HTML without a hydration error, signed out and in", async ({
  page,
}) => {
  // What / loads (its entry and the files it preloads for the start's steps) is React
  // DOM 19 itself, not a stand-in runtime.
  const html = await (await page.request.get("/")).text();
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? "");
  const scripts = await Promise.all(
    files.map(async (file) => (await page.request.get(file)).text()),
  );
  expect(scripts.join("\n")).toMatch(/rendererPackageName:`react-dom`[^}]*reconcilerVersion:`19\./);
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Log In" })).toBeVisible();
  await signUpAndLogInByApi(page, uniqueEmail("hydrate"));
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
  await page.getByLabel("Amount").fill("8600");
  await expect(page.getByTestId("receive-amount")).toContainText("100.0000");
  // The fixture fails the journey on any page error, a hydration error included.
});

test("a page whose pre-rendered HTML differs from React's first render fails its journey", async ({
  page,
  consoleErrors,
}) => {
  await page.route("/", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      "Buy USDT with Indian Rupees",
      "A headline React will not render",
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto("/");
  await expect.poll(() => consoleErrors.length).toBeGreaterThan(0);
  expect(() => expectNoPageErrors(consoleErrors)).toThrow(/418|hydrat/i);
  // The errors were this journey's point; the fixture's own check must not fail it.
  consoleErrors.length = 0;
});

test("an unknown path shows 'Page Not Found' with a link home", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the homepage" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("each page's title names it, from its heading, in the language being read; / has the site's", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page).toHaveTitle("RupeeDesk — INR to USDT exchange");
  /** The title once it names the page's main heading (pages and their texts load late). */
  const titleNamingHeading = () =>
    expect
      .poll(() =>
        page.evaluate(() => {
          const heading = document.querySelector("h1")?.textContent?.trim();
          return heading && document.title === `${heading} · RupeeDesk` ? document.title : null;
        }),
      )
      .not.toBeNull();
  await page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "Help" })
    .click();
  await titleNamingHeading();
  await expect(page).toHaveTitle(/^Help/);
  await page.getByRole("combobox", { name: "Language" }).selectOption("hi");
  await expect(page).toHaveTitle(/^\p{Script=Devanagari}/u);
  await titleNamingHeading();
  await page.goto("/no/such/page");
  await titleNamingHeading();
  await page.goto("/admin-login");
  await titleNamingHeading();
  // / in Hindi: the site's title in Hindi, as served (index.hi.html) and once alive.
  const served = await page.request.get("/", { headers: { "accept-language": "hi" } });
  expect(await served.text()).toContain("<title>RupeeDesk — INR से USDT एक्सचेंज</title>");
  await page.goto("/");
  await expect(page).toHaveTitle("RupeeDesk — INR से USDT एक्सचेंज");
  await page.getByRole("combobox", { name: "भाषा" }).selectOption("en");
  await expect(page).toHaveTitle("RupeeDesk — INR to USDT exchange");
});

test("a missing asset is a 404, not the app", async ({ request }) => {
  const response = await request.get("/assets/missing-file.js");
  expect(response.status()).toBe(404);
});

test("the layout has the spec's navigation, footer and chat buttons", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  for (const name of ["Exchange", "Profile", "Order History", "Help", "Contact Us"]) {
    await expect(nav.getByRole("link", { name })).toBeVisible();
  }
  const footer = page.getByRole("contentinfo");
  for (const name of [
    "About Us",
    "Terms & Conditions",
    "Privacy Policy",
    "Refund Policy",
    "Contact Us",
  ]) {
    await expect(footer.getByRole("link", { name })).toBeVisible();
  }
  for (const name of ["Chat with us on WhatsApp", "Chat with us on Telegram"]) {
    const link = page.getByRole("link", { name });
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
  await expect(page.getByText(/Operator: (Online|Offline)/)).toBeVisible();
  await expect(page.getByText("Working time: 09:00 AM to 10:00 PM (GMT+5:30)")).toBeVisible();
});

test("on a phone the sidebar opens as a drawer", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await expect(nav).not.toBeInViewport();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(nav).toBeInViewport();
  await nav.getByRole("link", { name: "Help" }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(nav).not.toBeInViewport();
});

test("on a phone a link opens its page at the top; Back returns to where the reader was", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/help");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "Terms & Conditions" }).scrollIntoViewIfNeeded();
  const helpScroll = await page.evaluate(() => window.scrollY);
  expect(helpScroll).toBeGreaterThan(0);
  await footer.getByRole("link", { name: "Terms & Conditions" }).click();
  await expect(page).toHaveURL(/\/terms-and-conditions$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/help$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test("the first screen asks for the settings and the session with the app's files, once each", async ({
  page,
}) => {
  // The app's files are held until both answers have been asked for: a page that asks
  // only once its modules ran never gets them, and never shows the rate.
  const FIRST_SCREEN_ANSWERS = ["/api/site-settings", "/api/auth/get-session"];
  const asked: string[] = [];
  let bothAsked: () => void = () => {};
  const whenBothAsked = new Promise<void>((resolve) => {
    bothAsked = resolve;
  });
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (!FIRST_SCREEN_ANSWERS.includes(path)) return;
    asked.push(path);
    if (FIRST_SCREEN_ANSWERS.every((each) => asked.includes(each))) bothAsked();
  });
  await page.route("**/assets/first-screen-*.js", async (route) => {
    await whenBothAsked;
    await route.continue();
  });

  await page.goto("/");
  await expect(page.getByTestId("rate-banner")).toContainText("1 USDT = ₹");
  await expect(page.getByRole("banner").getByRole("link", { name: "Log In" })).toBeVisible();
  // Each answer was read once: the queries took the early ones.
  expect(asked.sort()).toEqual([...FIRST_SCREEN_ANSWERS].sort());
});
