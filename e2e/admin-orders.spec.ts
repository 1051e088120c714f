import type { Browser, Page } from "@playwright/test";
import {
  beforeTimersFire,
  expect,
  placeOrderByApi,
  secondBrowserPage,
  signUpAndLogInByApi,
  stepUpAsAdmin,
  test,
  uniqueEmail,
} from "./fixtures";

const TRON_WALLET = "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6";
/** A TRON transaction id from the TRON docs (domain-reference §4). */
const TRON_TX_HASH = "01b4cde4197b9d1a1ff09ef5d2b1d939d3ec2401b3f002ebd0802c0f30a6e4ca";

/** A 12-digit UPI reference no other test uses. */
function uniqueReference() {
  return `${Date.now()}${Math.floor(Math.random() * 90 + 10)}`.slice(-12);
}

async function signedUpCustomer(page: Page) {
  const email = uniqueEmail("orders-customer");
  await signUpAndLogInByApi(page, email);
  await page.goto("/profile");
  return email;
}

/** The customer places an order on the exchange screen and lands on its page; returns its short id. */
async function placeOrderAsCustomer(page: Page) {
  await page.goto("/");
  await page.getByLabel("Amount").fill("8600");
  await page.getByLabel("Your USDT (TRC20) Address").fill(TRON_WALLET);
  await page.getByRole("button", { name: "Place Order" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm Your Order" });
  await dialog.getByLabel("Payment Transaction ID").fill(uniqueReference());
  await dialog.getByLabel("Name on the paying account").fill("Rahul Kumar");
  await dialog.getByRole("button", { name: "Submit Order" }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Payment Verification" })).toBeVisible();
  return page.url().split("/order/")[1]?.slice(0, 8) ?? "";
}

/** A second browser, as an admin who stepped up, on the orders page. */
async function openAdmin(browser: Browser, baseURL: string | undefined, forwardedFor: string) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "x-forwarded-for": forwardedFor },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await stepUpAsAdmin(page);
  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { name: "Order Management" })).toBeVisible();
  return { page, context, errors };
}

test("an admin completes an order with a payout hash; the customer's open page shows it without a reload", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await signedUpCustomer(page);
  const shortId = await placeOrderAsCustomer(page);
  // Marks this document: a reload would lose it.
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });

  const admin = await openAdmin(browser, baseURL, `10.200.${testInfo.workerIndex}.1`);
  await expect(admin.page.getByRole("columnheader")).toHaveText([
    "User",
    "Exchange",
    "Payment",
    "Wallet",
    "Waiting",
    "Status",
    "Actions",
  ]);
  await admin.page.getByLabel("Search").fill(shortId);
  const row = admin.page.getByRole("row", { name: new RegExp(shortId) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("8,600.00 INR");
  await expect(row).toContainText("100.0000 USDT");
  await expect(row).toContainText("Pending");

  await admin.page.getByRole("button", { name: `Actions for order ${shortId}` }).click();
  await admin.page.getByRole("menuitem", { name: "Mark as Completed" }).click();
  const confirm = admin.page.getByRole("alertdialog", { name: "Mark as Completed?" });
  await expect(confirm).toContainText(shortId);
  // A hash of the wrong network is refused in the browser, with nothing sent, and the
  // dialog stays open to correct it.
  const statusChangesSent: string[] = [];
  admin.page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/status")) {
      statusChangesSent.push(request.url());
    }
  });
  await confirm.getByLabel("Payout transaction hash").fill(`0x${TRON_TX_HASH}`);
  await confirm.getByRole("button", { name: "Mark as Completed" }).click();
  await expect(confirm.getByRole("alert")).toContainText("not a valid TRC20 transaction hash");
  // Under the hash field it is about, which it describes, not under the note.
  await expect(confirm.getByLabel("Payout transaction hash")).toHaveAccessibleDescription(
    /not a valid TRC20 transaction hash/,
  );
  await expect(confirm.getByLabel("Payout transaction hash")).toBeFocused();
  expect(statusChangesSent).toEqual([]);
  await confirm.getByLabel("Payout transaction hash").fill(TRON_TX_HASH);
  await confirm.getByRole("button", { name: "Mark as Completed" }).click();
  await expect(admin.page.getByText("Order status updated to Completed")).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText("Completed");

  // The customer's page, left open, follows the change by itself.
  await expect(page.getByRole("heading", { name: "Completed" })).toBeVisible({ timeout: 5000 });
  const explorer = page.getByRole("link", { name: "View on block explorer" });
  await expect(explorer).toBeVisible({ timeout: 5000 });
  await expect(explorer).toHaveAttribute(
    "href",
    `https://tronscan.org/#/transaction/${TRON_TX_HASH}`,
  );
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(
    true,
  );

  // The admin's details show the timeline with who made the change.
  await admin.page.getByRole("button", { name: `Actions for order ${shortId}` }).click();
  await admin.page.getByRole("menuitem", { name: "View Details" }).click();
  const details = admin.page.getByRole("dialog", { name: `Order ${shortId}` });
  await expect(details.getByText("Pending → Completed")).toBeVisible();
  await expect(details.getByText("by admin@rupeedesk.test")).toBeVisible();

  // The audit log names the change in words: the hash it was given, no empty note.
  await admin.page.goto("/admin/audit");
  const entry = admin.page.getByRole("row").filter({ hasText: TRON_TX_HASH }).first();
  await expect(entry).toContainText(`payoutTxHash: ${TRON_TX_HASH}`);
  await expect(entry).not.toContainText("note:");
  await expect(entry).not.toContainText("(default)");
  expect(admin.errors).toEqual([]);
  await admin.context.close();
});

test("an admin places a new order for a customer and it appears in the list", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const email = await signedUpCustomer(page);
  const admin = await openAdmin(browser, baseURL, `10.201.${testInfo.workerIndex}.1`);
  const { page: adminPage } = admin;

  await adminPage.getByRole("button", { name: "Place New Order" }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Place a New Order" });
  await expect(dialog.getByText("Manually create a new exchange order for a user.")).toBeVisible();
  // Every field is required.
  await dialog.getByRole("button", { name: "Create Order" }).click();
  await expect(dialog.getByText("This field is required.")).toHaveCount(4);

  // Every attempt to place this order carries the form's idempotency key.
  const keys: (string | undefined)[] = [];
  adminPage.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/admin/orders") {
      keys.push(request.headers()["idempotency-key"]);
    }
  });
  await dialog.getByLabel("Email").fill(uniqueEmail("nobody"));
  await dialog.getByLabel("Send Amount").fill("10000");
  // One digit too many: the form says what rate these amounts make.
  await dialog.getByLabel("Receive Amount").fill("1162.790");
  await expect(
    dialog.getByText(
      "These amounts make ₹8.60 per USDT, 90.0% away from the current ₹86. Check them before you create the order.",
    ),
  ).toBeVisible();
  await dialog.getByLabel("Receive Amount").fill("116.2790");
  await expect(dialog.getByText(/These amounts make/)).toHaveCount(0);
  await expect(dialog.getByLabel("Network")).toHaveValue("trc20");
  await dialog.getByLabel("Wallet Address").fill(TRON_WALLET);
  await dialog.getByRole("button", { name: "Create Order" }).click();
  await expect(adminPage.getByText("Failed to create order")).toBeVisible();
  await expect(adminPage.getByText("No user with this e-mail")).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Create Order" }).click();
  await expect(adminPage.getByText("Order Created Successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  // The refused attempt and the corrected one are one submission: one key.
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);

  await adminPage.getByLabel("Search").fill(email);
  const rows = adminPage.getByRole("row", { name: new RegExp(email.replace(/[.+]/g, "\\$&")) });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("10,000.00 INR");
  await expect(rows).toContainText("116.2790 USDT");
  await expect(rows).toContainText("Pending");

  // The form starts empty again.
  await adminPage.getByRole("button", { name: "Place New Order" }).click();
  await expect(dialog.getByLabel("Email")).toHaveValue("");
  await adminPage.keyboard.press("Escape");

  // The customer finds it among their own orders.
  await page.goto("/order-history");
  await expect(page.getByRole("row", { name: /10,000\.00 INR → 116\.2790 USDT/ })).toBeVisible();
  expect(admin.errors).toEqual([]);
  await admin.context.close();
});

test("the filtered list downloads as CSV", async ({ page }) => {
  await stepUpAsAdmin(page);
  await page.goto("/admin/orders?status=completed");
  await expect(page.getByLabel("Status")).toHaveValue("completed");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^rupeedesk-orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const { readFile } = await import("node:fs/promises");
  const text = await readFile((await file.path()) ?? "", "utf8");
  expect(text.split("\r\n")[0]).toMatch(/^Order ID,Created At \(UTC\),User Email,Status,/);
  for (const line of text.split("\r\n").slice(1).filter(Boolean)) {
    expect(line.split(",")[3]).toBe("completed");
  }
});

test("an order opened while the search is still being applied stays open", async ({
  page,
  browser,
}) => {
  const customer = await secondBrowserPage(browser);
  await signUpAndLogInByApi(customer, uniqueEmail("orders-search"));
  const orderId = await placeOrderByApi(customer);
  const shortId = orderId.slice(0, 8);
  await customer.context().close();

  await stepUpAsAdmin(page);
  await page.clock.install();
  await page.goto("/admin/orders");
  const actions = page.getByRole("button", { name: `Actions for order ${shortId}` });
  await expect(actions).toBeVisible();
  const details = page.getByRole("dialog", { name: `Order ${shortId}` });
  // The search waits for the typing to stop; the admin opens the order before it does.
  await beforeTimersFire(page, async () => {
    await page.getByLabel("Search").fill(shortId);
    await actions.click();
    await page.getByRole("menuitem", { name: "View Details" }).click();
    await expect(details).toBeVisible();
  });
  await expect(page).toHaveURL(new RegExp(`search=${shortId}`));
  await expect(page).toHaveURL(new RegExp(`order=${orderId}`));
  await expect(details).toBeVisible();
});
