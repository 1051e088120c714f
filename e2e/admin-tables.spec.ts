import type { Page } from "@playwright/test";
import { sampleStatementCsv } from "../src/server/testing/statement-fixtures";
import {
  addPausedUpiAccount,
  cutPlaceholders,
  expect,
  secondBrowserPage,
  signUpAndLogInByApi,
  stepUpAsAdmin,
  test,
} from "./fixtures";

/*
 * Every admin table fits the laptop widths operators use, with the sidebar open, or
 * scrolls where its scrollbar is on screen: a column cut off at the right edge of a
 * table whose scrollbar is below the fold is a column the operator never sees.
 */

const WIDTHS = [1280, 1366, 1440];
// The dashboard's one table is the chart's figures, for screen readers only.
const PAGES = [
  "/admin/users",
  "/admin/orders",
  "/admin/accounts",
  "/admin/reconciliation",
  "/admin/audit",
];

/**
 * The widest order a new customer can place: long e-mail, 40-character slip number,
 * long name, and the new-customer limit's largest amount (₹25,000 by default).
 */
async function placeWideOrder(page: Page) {
  await signUpAndLogInByApi(
    page,
    `venkata.ramana.subrahmanyam.${Date.now().toString(36)}@rupeedesk-example.co.in`,
  );
  const headers = { origin: new URL(test.info().project.use.baseURL ?? "").origin };
  const offer = await page.request.post("/api/orders/payment-offer", {
    data: { sendCurrency: "cash_inr", amount: "25000" },
    headers,
  });
  expect(offer.status(), await offer.text()).toBe(200);
  const order = await page.request.post("/api/orders", {
    data: {
      sendCurrency: "cash_inr",
      receiveCurrency: "usdt",
      network: "trc20",
      amount: "25000",
      walletAddress: "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6",
      paymentReference: `SLIP${Date.now()}`.padEnd(40, "7"),
      payerName: "Venkata Ramana Subrahmanyam Chakravarthy",
      quotedRate: "86",
      receivingOfferId: (await offer.json()).offerId,
    },
    headers,
  });
  expect(order.status(), await order.text()).toBe(201);
}

/**
 * A statement of the widest credits a bank writes, imported into an account of this
 * test's own (paused, so no customer is shown it): the reconciliation page's tables,
 * with rows. Returns the account's label.
 */
async function importWideStatement(page: Page): Promise<string> {
  const label = `Wide statement ${Date.now().toString(36)}`;
  const accountId = await addPausedUpiAccount(page, label);
  const stamp = String(Date.now()).slice(-10);
  const imported = await page.request.post(
    `/api/admin/reconciliation/accounts/${accountId}/statements?name=wide.csv`,
    {
      headers: {
        origin: new URL(test.info().project.use.baseURL ?? "").origin,
        "content-type": "text/csv",
      },
      data: sampleStatementCsv("hdfc", [
        {
          date: new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10),
          narration: `UPI-VENKATA RAMANA SUBRAHMANYAM CHAKRAVARTHY-venkata.ramana.subrahmanyam@okhdfcbank-HDFC0001234-9${stamp}1-UPI`,
          credit: "99999.99",
        },
      ]),
    },
  );
  expect(imported.status(), await imported.text()).toBe(201);
  return label;
}

/**
 * The table cells shown whose right edge lies past what the operator sees of them:
 * past the viewport, or past their table's box unless that box scrolls sideways with
 * its scrollbar on screen.
 */
function cutCells(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("td, th")].flatMap((cell) => {
      const box = cell.getBoundingClientRect();
      if (box.width === 0) return []; // a column folded away at this width
      const container = cell.closest("[data-slot=table-container]");
      if (!container) throw new Error("A table outside the Table component");
      const area = container.getBoundingClientRect();
      const scrollsVisibly =
        container.scrollWidth > container.clientWidth && area.bottom <= window.innerHeight;
      const isCut =
        box.right > window.innerWidth + 1 || (box.right > area.right + 1 && !scrollsVisibly);
      const name = `${cell.tagName} "${(cell.textContent ?? "").trim().slice(0, 30)}"`;
      return isCut ? [`${name} ends at ${Math.round(box.right)} px`] : [];
    }),
  );
}

test("every admin table fits at 1280, 1366 and 1440 px with the sidebar open, or scrolls visibly", async ({
  page,
  browser,
}) => {
  test.slow();
  const customer = await secondBrowserPage(browser);
  await placeWideOrder(customer);
  await customer.context().close();

  await stepUpAsAdmin(page);
  const statementAccount = await importWideStatement(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.getByRole("navigation", { name: "Admin navigation" })).toBeInViewport();
      await expect(page.locator("h1")).toBeVisible();
      if (path === "/admin/reconciliation") {
        await page.getByLabel("Receiving account").selectOption({ label: statementAccount });
        await expect(page.getByTestId("group-unclaimed")).toContainText("Unclaimed 1");
      }
      await expect(page.getByRole("status")).toHaveCount(0); // loaded
      await expect(page.locator("table").first()).toBeVisible();
      expect(await cutCells(page), `${path} at ${width} px`).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${path} at ${width} px scrolls sideways`,
      ).toBeLessThanOrEqual(width);
    }
  }
});

const EVERY_ADMIN_PAGE = [
  "/admin",
  ...PAGES,
  "/admin/verifications",
  "/admin/settings",
  "/admin/books",
  "/admin/tax",
  "/admin/treasury",
  "/admin/risk",
  "/admin/payouts/unmatched",
  "/admin/sell-orders",
  "/admin/autopilot",
];

test("on a phone every admin page fits the screen, with its search hints whole and every row's menu on it", async ({
  page,
  browser,
}) => {
  // An order in the list, with the longest reference a slip has.
  const customer = await secondBrowserPage(browser);
  await placeWideOrder(customer);
  await customer.context().close();
  await stepUpAsAdmin(page);
  // A row in the accounts list, whatever ran before.
  await addPausedUpiAccount(page, `Phone width ${Date.now().toString(36)}`);
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of EVERY_ADMIN_PAGE) {
    await page.goto(path);
    await expect(page.locator("h1")).toBeVisible();
    // Loaded: a page may hold a status of its own (Books: USDT sold without a purchase).
    await expect(page.getByRole("status").filter({ hasText: "Loading" })).toHaveCount(0);
    // It opens at its top, its heading in view.
    await expect(page.locator("h1")).toBeInViewport({ ratio: 1 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${path} scrolls sideways`,
    ).toBeLessThanOrEqual(360);
    expect(await cutPlaceholders(page), `${path}: placeholders cut off`).toEqual([]);
    // A table with a row menu fits: its columns scrolled under the sticky menu read as fragments.
    const tablesTooWide = await page.evaluate(() =>
      [...document.querySelectorAll("main table")]
        .filter(
          (table) =>
            getComputedStyle(table.querySelector("th:last-child") ?? table).position === "sticky",
        )
        .filter((table) => {
          const scroller = table.parentElement;
          return scroller !== null && scroller.scrollWidth > scroller.clientWidth + 1;
        })
        .map((table) => table.getAttribute("aria-label") ?? table.querySelector("th")?.textContent),
    );
    expect(tablesTooWide, `${path}: tables wider than the phone`).toEqual([]);
    if (path === "/admin/orders") {
      // The payment's reference, to match against the bank, shows in the row on a phone.
      const reference = page.getByRole("button", { name: /payment reference of order/ }).first();
      await expect(reference).toBeInViewport();
      // So do the wallet the coins go to, to copy, and how long an open order has waited.
      const wallet = page.getByRole("button", { name: /wallet address of order/ }).first();
      await wallet.scrollIntoViewIfNeeded();
      await expect(wallet).toBeInViewport({ ratio: 1 });
      await expect(page.getByTestId("waiting-folded").first()).toHaveText(/^waiting \d+ min$/);
    }
    const menus = page.locator("td button[aria-haspopup=menu]");
    for (const menu of await menus.all()) {
      const box = await menu.boundingBox();
      expect(
        box && box.x + box.width,
        `${path}: ${await menu.getAttribute("aria-label")}`,
      ).toBeLessThanOrEqual(360);
    }
  }
});
