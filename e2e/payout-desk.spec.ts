import type { Page } from "@playwright/test";
import {
  expect,
  secondBrowserPage,
  signUpAndLogInByApi,
  stepUpAsAdmin,
  test,
  uniqueEmail,
} from "./fixtures";

/*
 * The payout desk by keyboard alone: find the order in the queue, open it, verify
 * the payment, complete it with the payout hash. The e2e server has no chain
 * endpoint, so the order closes at once and says it was not checked on chain (the
 * chain cases are covered by the API tests).
 */

const TRON_WALLET = "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6";

/** A customer's paid order, placed through the API as the exchange page does; returns its id. */
async function placedOrder(page: Page): Promise<{ id: string; shortId: string }> {
  await signUpAndLogInByApi(page, uniqueEmail("desk-customer"));
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { data, headers: { origin } });
    expect(response.ok(), await response.text()).toBe(true);
    return response.json();
  };
  const offer = await post("/api/orders/payment-offer", {
    sendCurrency: "upi_inr",
    amount: "8600",
  });
  const reference = `${Date.now()}${Math.floor(Math.random() * 90 + 10)}`.slice(-12);
  return post("/api/orders", {
    sendCurrency: "upi_inr",
    receiveCurrency: "usdt",
    network: "trc20",
    amount: "8600",
    walletAddress: TRON_WALLET,
    paymentReference: reference,
    payerName: "Rahul Kumar",
    quotedRate: "86",
    receivingOfferId: offer.offerId,
  });
}

function hashFor(id: string) {
  return `${id.replaceAll("-", "")}${"0".repeat(32)}`.slice(0, 64);
}

/** In the open order's details: v verifies, c opens Mark as Completed, the hash and Enter close it. */
async function verifyAndComplete(desk: Page, orderId: string) {
  const details = desk.getByRole("dialog", { name: `Order ${orderId.slice(0, 8)}` });
  await expect(details.getByTestId("payout-network")).toHaveText("TRC20");
  await expect(details.getByTestId("payout-amount")).toHaveText("100");
  await expect(details.getByTestId("payout-wallet")).toHaveText(TRON_WALLET);
  await expect(details.getByRole("img", { name: "The customer's wallet address" })).toBeVisible();

  await desk.keyboard.press("v");
  await expect(details.getByText("Processing", { exact: true }).first()).toBeVisible();

  await desk.keyboard.press("c");
  const complete = desk.getByRole("alertdialog", { name: "Mark as Completed?" });
  await expect(complete.getByLabel("Payout transaction hash")).toBeFocused();
  await desk.keyboard.type(hashFor(orderId));
  await desk.keyboard.press("Enter");
  await expect(complete).toBeHidden();
  await expect(details.getByText("Not checked on chain")).toBeVisible();
  await expect(details.getByText("Completed", { exact: true }).first()).toBeVisible();
}

test("an operator verifies and completes an order from the queue by keyboard alone", async ({
  page,
  browser,
}) => {
  const order = await placedOrder(page);
  const desk = await secondBrowserPage(browser);
  await stepUpAsAdmin(desk);
  await desk.goto("/admin/orders?status=pending");
  await expect(desk.getByRole("heading", { name: "Keyboard" })).toBeVisible();
  const row = desk.locator(`[data-order-row="${order.id}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText("Rahul Kumar");
  await expect(row.getByTestId("waiting")).toHaveText(/\d+ min/);

  // j moves down the queue until the order is the selected row: one row a press, so
  // within as many presses as the queue shows rows (other journeys' orders wait in it too).
  const rowsShown = await desk.locator("[data-order-row]").count();
  for (let presses = 0; (await row.getAttribute("aria-selected")) !== "true"; presses += 1) {
    expect(presses, "the order is reachable with j").toBeLessThan(rowsShown);
    await desk.keyboard.press("j");
  }
  // The sticky actions cell covers the row's right end: it draws that end of the outline.
  // Polled: the row's colours ease in, and mid-way its outline is a colour of the way.
  const edgeDrawsOutline = () =>
    row.evaluate((element) => {
      const edge = getComputedStyle(element.querySelector("td:last-child") ?? element).boxShadow;
      return edge.includes("inset") && edge.includes(getComputedStyle(element).outlineColor);
    });
  await expect.poll(edgeDrawsOutline).toBe(true);
  await desk.keyboard.press("Enter");
  await verifyAndComplete(desk, order.id);
  await desk.context().close();
});

test("the Telegram alert's link opens the order, ready to verify, pay and complete", async ({
  page,
  browser,
}) => {
  const order = await placedOrder(page);
  const desk = await secondBrowserPage(browser);
  await stepUpAsAdmin(desk);
  await desk.goto(`/admin/orders?order=${order.id}`);
  await verifyAndComplete(desk, order.id);
  await desk.context().close();
});

test("an order arriving live above the selected row leaves the selection on its order", async ({
  page,
  browser,
}) => {
  const order = await placedOrder(page);
  const desk = await secondBrowserPage(browser);
  await stepUpAsAdmin(desk);
  await desk.goto("/admin/orders?status=pending");
  const row = desk.locator(`[data-order-row="${order.id}"]`);
  await expect(row).toBeVisible();
  await row.getByRole("cell").first().click();
  await expect(row).toHaveAttribute("aria-selected", "true");

  // Another customer's order lands at the top of the queue, above the selected one.
  const other = await secondBrowserPage(browser);
  const arrived = await placedOrder(other);
  await expect(desk.locator(`[data-order-row="${arrived.id}"]`)).toBeVisible();
  await expect(row).toHaveAttribute("aria-selected", "true");
  await expect(desk.locator("[data-order-row][aria-selected=true]")).toHaveCount(1);
  await other.context().close();
  await desk.context().close();
});
