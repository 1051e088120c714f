import type { Locator, Page } from "@playwright/test";
import {
  beforeTimersFire,
  E2E_ADMIN,
  expect,
  expectNoSeriousViolations,
  logIn,
  readMailLink,
  secondBrowserPage,
  signUp,
  signUpAndLogInByApi,
  stepUpAsAdmin,
  test,
  uniqueEmail,
  VERIFY_SUBJECT,
} from "./fixtures";

/** A badge in the row; phones show the same badges folded under the e-mail. */
function badge(row: Locator, text: string) {
  return row.getByText(text, { exact: true }).filter({ visible: true });
}

async function runUserAction(page: Page, email: string, action: string) {
  await page.getByRole("button", { name: `Actions for ${email}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(email);
  await dialog.getByRole("button", { name: action }).click();
  const toast = page
    .locator('[data-sonner-toast]:not([data-removed="true"])')
    .filter({ hasText: `Success! User ${email} has been updated.` });
  await expect(toast).toHaveCount(1);
  await expect(dialog).toBeHidden();
  // Dismissed, so the next action's toast is the next one seen.
  await toast.getByRole("button", { name: "Close toast" }).click();
  // Gone from the page, not only marked removed: as it leaves, sonner gives the keyboard
  // back to where it was before the toast took it (the row's menu button), which would
  // close a menu opened meanwhile.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
}

test("a stepped-up admin sees the dashboard's cards and chart", async ({ page }) => {
  await stepUpAsAdmin(page);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  for (const name of ["Total Users", "Pending Orders", "Completed Orders"]) {
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  }
  for (const name of ["INR received", "USDT paid out", "Oldest pending order"]) {
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Volume, last 14 days" })).toBeVisible();
  await expect(page.locator(".recharts-wrapper")).toBeVisible();
  // The chart's figures, for screen readers: a header row and 14 days.
  const figures = page.getByRole("table", { name: "Volume, last 14 days" });
  await expect(figures.getByRole("row")).toHaveCount(15);
  await expectNoSeriousViolations(page);
});

test("an admin finds a customer, promotes and demotes them, blocks and unblocks them", async ({
  page,
  browser,
}) => {
  test.slow(); // a whole journey: two browsers, four sign-ins, four confirmed actions
  const email = uniqueEmail("managed");
  const customer = await secondBrowserPage(browser);
  await signUp(customer, email, "secret1");
  // Only a user whose address is verified can be made an admin.
  await customer.goto(await readMailLink(email, VERIFY_SUBJECT));
  await logIn(customer, email, "secret1");
  await expect(customer).toHaveURL(/\/profile$/);

  await stepUpAsAdmin(page);
  await page
    .getByRole("navigation", { name: "Admin navigation" })
    .getByRole("link", { name: "Users" })
    .click();
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  await page.getByLabel("Search by email").fill(email.toUpperCase());
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole("row")).toHaveCount(2); // the header and this user
  await expect(badge(row, "User")).toBeVisible();
  await expect(badge(row, "Active")).toBeVisible();
  await expect(row).not.toContainText("E-mail not verified"); // they opened the link

  await page.getByRole("button", { name: `Actions for ${email}` }).click();
  await page.getByRole("menuitem", { name: "View Details" }).click();
  const details = page.getByRole("dialog", { name: "User Details" });
  await expect(details).toContainText(email);
  await expect(details).toContainText("Total Orders");
  await expect(details).toContainText("Total Volume (INR)");
  await expect(details).toContainText("₹0.00");
  await expect(details).toContainText("+919876543210");
  await details.getByRole("button", { name: "Close" }).click();
  await expect(details).toBeHidden();
  // The keyboard is back on the row's menu button, not at the page's top.
  const rowMenu = page.getByRole("button", { name: `Actions for ${email}` });
  await expect(rowMenu).toBeFocused();
  await rowMenu.press("Enter");
  await page.getByRole("menuitem", { name: "View Details" }).press("Enter");
  await expect(details).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();
  await expect(rowMenu).toBeFocused();

  await runUserAction(page, email, "Make Admin");
  await expect(badge(row, "Admin")).toBeVisible();
  await runUserAction(page, email, "Make User");
  await expect(badge(row, "User")).toBeVisible();

  await runUserAction(page, email, "Block");
  await expect(badge(row, "Blocked")).toBeVisible();
  // Their open session ended at once.
  await customer.goto("/order-history");
  await expect(customer).toHaveURL(/\/login$/);
  await logIn(customer, email, "secret1");
  await expect(customer.getByText("Sign in Failed")).toBeVisible();
  await expect(customer).toHaveURL(/\/login$/);

  await runUserAction(page, email, "Unblock");
  await expect(badge(row, "Active")).toBeVisible();
  await logIn(customer, email, "secret1");
  await expect(customer).toHaveURL(/\/profile$/);
  await customer.context().close();
});

test("on a phone, an admin reaches the actions but cannot block or demote themselves", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await stepUpAsAdmin(page);
  await page.goto("/admin/users");
  const { email } = E2E_ADMIN;
  await page.getByLabel("Search by email").fill(email);
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("(you)");
  // The search applied (the header and one row), not only typed: its refresh dims the
  // list, and axe would measure the dimmed rows' contrast.
  await expect(page.getByRole("row")).toHaveCount(2);
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: `Actions for ${email}` }).click();
  await expect(page.getByRole("menuitem", { name: "Make User" })).toBeDisabled();
  await expect(page.getByRole("menuitem", { name: "Block" })).toHaveCount(0);
  await page.getByRole("menuitem", { name: "View Details" }).click();
  const details = page.getByRole("dialog", { name: "User Details" });
  await expect(details.getByText("Total Volume (INR)")).toBeInViewport();
});

test("a row's menu opened while the search is still being applied stays open, with Block in it", async ({
  page,
  browser,
}) => {
  const customer = await secondBrowserPage(browser);
  const email = uniqueEmail("users-search");
  await signUpAndLogInByApi(customer, email);
  await customer.context().close();

  await stepUpAsAdmin(page);
  await page.clock.install();
  await page.goto("/admin/users");
  const actions = page.getByRole("button", { name: `Actions for ${email}` });
  await expect(actions).toBeVisible();
  const block = page.getByRole("menuitem", { name: "Block" });
  // The search waits for the typing to stop; the admin opens the row's menu before it does.
  await beforeTimersFire(page, async () => {
    await page.getByLabel("Search by email").fill(email);
    await actions.click();
    await expect(block).toBeVisible();
  });
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(block).toBeVisible();
  await block.click();
  await expect(page.getByRole("alertdialog")).toContainText(email);
});
