import ExcelJS from "exceljs";
import {
  expect,
  expectNoSeriousViolations,
  placeOrderByApi,
  secondBrowserPage,
  signUpAndLogInByApi,
  stepUpAsAdmin,
  test,
  uniqueEmail,
} from "./fixtures";

/*
 * The Books page as an operator uses it: record a USDT purchase, read today's books
 * (an order completed today among them) by receiving account and network, and
 * download the workbook. Other journeys place orders at the same time, so the
 * figures are checked for what this journey added, not for exact totals.
 */

const indiaToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());

test("an operator records a purchase, reads the day's books and downloads the workbook", async ({
  page,
  browser,
}) => {
  const customer = await secondBrowserPage(browser);
  await signUpAndLogInByApi(customer, uniqueEmail("books"));
  const orderId = await placeOrderByApi(customer);

  await stepUpAsAdmin(page);
  const origin = new URL(page.url()).origin;
  const completed = await page.request.post(`/api/admin/orders/${orderId}/status`, {
    data: { status: "completed", payoutTxHash: `${orderId.replaceAll("-", "")}${"0".repeat(32)}` },
    headers: { origin },
  });
  expect(completed.status(), await completed.text()).toBe(200);

  await page.getByRole("link", { name: "Books" }).click();
  await expect(page.getByRole("heading", { name: "Books", level: 1 })).toBeVisible();

  // Record a purchase paid in dollars.
  await page.getByRole("button", { name: "Record a purchase" }).click();
  const form = page.getByRole("dialog", { name: "Record a USDT purchase" });
  await expect(form.getByLabel("Date")).toHaveValue(indiaToday());
  await expectNoSeriousViolations(page, "Record a USDT purchase");
  await form.getByLabel("Quantity (USDT)").fill("-5");
  await form.getByLabel("Amount paid").fill("1000.50");
  await form.getByLabel("Bought at").fill("E2E Exchange");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Quantity (USDT) must be a number greater than 0")).toBeVisible();
  await form.getByLabel("Quantity (USDT)").fill("1000.5");
  await form.getByLabel("Paid in").selectOption("USD");
  await form.getByLabel("USD/INR rate").fill("84.25");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText("Purchase saved")).toBeVisible();
  // 1000.50 × 84.25 = ₹84,292.125
  const purchase = page.getByRole("row", { name: /E2E Exchange/ }).first();
  await expect(purchase).toContainText("1,000.5000 USDT");
  await expect(purchase).toContainText("₹84,292.13");

  // Today's books: the completed order's rupees under its account, its USDT under TRC20.
  const today = indiaToday();
  await page.getByRole("button", { name: `Show ${today}` }).click();
  const day = page.getByRole("region", { name: today });
  await expect(
    day.getByRole("table", { name: "Networks" }).getByRole("row", { name: /TRC20/ }),
  ).toBeVisible();
  await expect(
    day.getByRole("table", { name: "Receiving accounts" }).getByRole("row"),
  ).not.toHaveCount(1);
  await expect(page.getByText("Cost of USDT sold")).toBeVisible();
  await expectNoSeriousViolations(page, "/admin/books with a day open");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download Excel workbook" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^rupeedesk-books-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.xlsx$/,
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await file.path()) ?? "");
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
    "Days",
    "Accounts",
    "Networks",
    "Purchases",
  ]);
  const days = workbook.getWorksheet("Days");
  const todayRow = days
    ?.getRows(2, days.rowCount - 1)
    ?.find((row) => row.getCell(1).value === today);
  expect(todayRow?.getCell(2).value).toBeGreaterThanOrEqual(1);
  expect(typeof todayRow?.getCell(3).value).toBe("number");
  const purchases = workbook.getWorksheet("Purchases");
  const recorded = purchases
    ?.getRows(2, purchases.rowCount - 1)
    ?.find((row) => row.getCell(8).value === "E2E Exchange");
  expect(recorded?.getCell(3).value).toBe(1000.5);
  expect(recorded?.getCell(7).value).toBe(84292.125);
  await customer.context().close();
});
