import {
  expect,
  expectNoSeriousViolations,
  secondBrowserPage,
  signUpAndLogInByApi,
  stepUpAsAdmin,
  test,
  uniqueEmail,
  useTheme,
} from "./fixtures";

/*
 * axe over the admin panel and over open dialogs, menus and toasts, in both
 * themes, each theme once on a desktop and once on a 360 px phone (the public and
 * signed-in pages are swept in phone.spec.ts).
 */

const THEMES = ["light", "dark"] as const;
const WIDTH_OF_THEME = {
  light: { name: "desktop", size: { width: 1280, height: 800 } },
  dark: { name: "360 px", size: { width: 360, height: 740 } },
} as const;
const ADMIN_PAGES = [
  ["/admin", "Dashboard"],
  ["/admin/users", "Users"],
  ["/admin/orders", "Order Management"],
  ["/admin/sell-orders", "Sell orders"],
  ["/admin/payouts/unmatched", "Unmatched transfers"],
  ["/admin/accounts", "Receiving Accounts"],
  ["/admin/reconciliation", "Reconciliation"],
  ["/admin/books", "Books"],
  ["/admin/tax", "TDS Register"],
  ["/admin/autopilot", "Autopilot"],
  ["/admin/settings", "Settings"],
  ["/admin/audit", "Audit Log"],
] as const;

for (const theme of THEMES) {
  const { name, size } = WIDTH_OF_THEME[theme];
  test(`axe finds no serious or critical violation in the admin panel (${theme}, ${name})`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(size);
    await useTheme(page, theme);
    await stepUpAsAdmin(page);
    for (const [path, heading] of ADMIN_PAGES) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page, path);
    }
  });

  test(`axe finds no serious or critical violation in open dialogs, menus and toasts (${theme})`, async ({
    page,
    browser,
  }) => {
    test.slow();
    await useTheme(page, theme);
    // A customer: the toast of a form sent empty, then Confirm Your Order.
    await signUpAndLogInByApi(page, uniqueEmail("axe-dialogs"));
    await page.goto("/");
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByText("Please enter amount and wallet address.")).toBeVisible();
    await expectNoSeriousViolations(page, "/ with a toast");
    await page.getByLabel("Amount").fill("5000");
    await page.getByLabel("Your USDT (TRC20) Address").fill("TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6");
    await page.getByRole("button", { name: "Place Order" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm Your Order" });
    await expect(confirm.getByRole("button", { name: "Submit Order" })).toBeEnabled();
    await expectNoSeriousViolations(page, "Confirm Your Order");
    await confirm.getByLabel("Payment Transaction ID").fill(`${Date.now()}`.slice(-12));
    await confirm.getByLabel("Name on the paying account").fill("Rahul Kumar");
    await confirm.getByRole("button", { name: "Submit Order" }).click();
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);

    // An operator: a row's menu, Place a New Order, and the account form.
    const admin = await secondBrowserPage(browser);
    await useTheme(admin, theme);
    await stepUpAsAdmin(admin);
    await admin.goto("/admin/orders");
    await admin
      .getByRole("button", { name: /^Actions for / })
      .first()
      .click();
    await expect(admin.getByRole("menu")).toBeVisible();
    await expectNoSeriousViolations(admin, "an order's menu");
    await admin.keyboard.press("Escape");
    await admin.getByRole("button", { name: "Place New Order" }).click();
    await expect(admin.getByRole("dialog", { name: "Place a New Order" })).toBeVisible();
    await expectNoSeriousViolations(admin, "Place a New Order");
    await admin.goto("/admin/accounts");
    await admin.getByRole("button", { name: "Add Account" }).click();
    await expect(admin.getByRole("dialog", { name: "Add a Receiving Account" })).toBeVisible();
    await expectNoSeriousViolations(admin, "Add a Receiving Account");
    await admin.close();
  });
}

test("an admin who reads the site in Hindi finds the admin panel in English, and so do screen readers", async ({
  page,
}) => {
  // The device's choice only: the e2e admin's account keeps its own language.
  await page.addInitScript(() => localStorage.setItem("language", "hi"));
  const devanagari = /[\u0900-\u097F]/;
  await page.goto("/admin-login");
  await expect(page.getByRole("heading", { name: "Admin Access" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(await page.locator("body").textContent()).not.toMatch(devanagari);

  await stepUpAsAdmin(page);
  for (const [path, heading] of ADMIN_PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect(await page.locator("body").textContent(), path).not.toMatch(devanagari);
  }
  await page.goto("/admin/orders");
  await page.getByRole("button", { name: "Place New Order" }).click();
  const dialog = page.getByRole("dialog", { name: "Place a New Order" });
  await expect(dialog.getByRole("button", { name: "Close" })).toBeAttached();
  expect(await dialog.textContent()).not.toMatch(devanagari);
});
