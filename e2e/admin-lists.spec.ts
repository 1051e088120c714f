import type { Browser, Locator, Page } from "@playwright/test";
import {
  addPausedUpiAccount,
  E2E_ADMIN,
  expect,
  loseConnectionTo,
  placeOrderByApi,
  returnToTabLater,
  secondBrowserPage,
  signUpAndLogInByApi,
  stepUpAsAdmin,
  test,
  uniqueEmail,
} from "./fixtures";

/*
 * The admin lists (one pattern, web/admin/components/) under what a refresh does:
 * the rows and whatever the operator opened on them stay, whether the refresh
 * brings news or fails.
 */

/** Each list, and what an operator has open on it: a row's menu, or the newest entry. */
const LISTS: {
  name: string;
  api: string;
  open: (page: Page, browser: Browser) => Promise<Locator>;
}[] = [
  {
    name: "Users",
    api: "/api/admin/users",
    open: async (page) => {
      await page.goto("/admin/users");
      await page.getByLabel("Search by email").fill(E2E_ADMIN.email);
      await expect(page.getByRole("row")).toHaveCount(2);
      await page.getByRole("button", { name: `Actions for ${E2E_ADMIN.email}` }).click();
      return page.getByRole("menuitem", { name: "View Details" });
    },
  },
  {
    name: "Orders",
    api: "/api/admin/orders",
    open: async (page, browser) => {
      const customer = await secondBrowserPage(browser);
      await signUpAndLogInByApi(customer, uniqueEmail("lists"));
      const shortId = (await placeOrderByApi(customer)).slice(0, 8);
      await customer.context().close();
      await page.goto(`/admin/orders?search=${shortId}`);
      await page.getByRole("button", { name: `Actions for order ${shortId}` }).click();
      return page.getByRole("menuitem", { name: "View Details" });
    },
  },
  {
    name: "Receiving Accounts",
    api: "/api/admin/receiving-accounts",
    open: async (page) => {
      const label = `Lists ${Date.now().toString(36)}`;
      await addPausedUpiAccount(page, label);
      await page.goto("/admin/accounts");
      await page.getByRole("button", { name: `Actions for ${label}` }).click();
      return page.getByRole("menuitem", { name: "Edit" });
    },
  },
  {
    name: "Audit Log",
    api: "/api/admin/audit",
    open: async (page) => {
      await page.goto("/admin/audit");
      return page.getByRole("row").nth(1);
    },
  },
];

for (const list of LISTS) {
  test(`${list.name}: a refresh that fails keeps the rows and what is open on them, and says so`, async ({
    page,
    browser,
  }) => {
    await stepUpAsAdmin(page);
    await page.clock.install();
    const opened = await list.open(page, browser);
    await expect(opened).toBeVisible();
    await loseConnectionTo(page, list.api);
    await returnToTabLater(page);
    await expect(
      page.getByRole("status").filter({ hasText: "The list could not be updated" }),
    ).toBeVisible();
    await expect(opened).toBeVisible();
  });
}

test("Receiving Accounts: a row's menu, then the edit form, stay open while the list brings another operator's accounts", async ({
  page,
}) => {
  const id = Date.now().toString(36);
  const label = `Being edited ${id}`;
  await stepUpAsAdmin(page);
  await addPausedUpiAccount(page, label);
  await page.clock.install();
  await page.goto("/admin/accounts");
  await page.getByRole("button", { name: `Actions for ${label}` }).click();
  const edit = page.getByRole("menuitem", { name: "Edit" });
  await expect(edit).toBeVisible();

  await addPausedUpiAccount(page, `Added meanwhile ${id}`);
  await returnToTabLater(page);
  await expect(page.getByText(`Added meanwhile ${id}`)).toBeVisible();
  await expect(edit).toBeVisible();

  await edit.click();
  const form = page.getByRole("dialog", { name: `Edit ${label}` });
  await form.getByLabel("Label").fill(`${label} renamed`);
  await addPausedUpiAccount(page, `Added later ${id}`);
  await returnToTabLater(page);
  await expect(page.getByText(`Added later ${id}`)).toBeVisible();
  await expect(form.getByLabel("Label")).toHaveValue(`${label} renamed`);
  await page.keyboard.press("Escape");
  await expect(form).toBeHidden();
});
