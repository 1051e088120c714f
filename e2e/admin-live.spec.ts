import { expect, logIn, signUp, stepUpAsAdmin, test, uniqueEmail } from "./fixtures";

test("a new order appears on the admin's open orders page, with the pending count, without a reload", async ({
  page,
  browser,
  baseURL,
}) => {
  // The admin, in a browser of their own, watches the orders page.
  const adminContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "x-forwarded-for": "10.200.0.1" },
  });
  const admin = await adminContext.newPage();
  await stepUpAsAdmin(admin);
  await admin.goto("/admin/orders");
  await expect(admin.getByRole("heading", { name: "Order Management" })).toBeVisible();
  await admin.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  const pendingBadge = admin.getByTestId("pending-count");
  const pendingBefore = Number(
    (await pendingBadge.textContent({ timeout: 5000 }).catch(() => "0"))?.match(/\d+/)?.[0] ?? 0,
  );

  // A customer places an order.
  const email = uniqueEmail("live");
  await signUp(page, email, "secret1");
  await logIn(page, email, "secret1");
  await expect(page).toHaveURL(/\/profile$/);
  const status = await page.evaluate(async () => {
    const response = await fetch("/api/orders", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        sendCurrency: "upi_inr",
        receiveCurrency: "usdt",
        network: "trc20",
        amount: "4300",
        walletAddress: "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6",
        paymentReference: `${Date.now()}`.slice(-12),
        quotedRate: "86",
      }),
    });
    return response.status;
  });
  expect(status).toBe(201);

  await expect(admin.getByRole("row", { name: new RegExp(email) })).toBeVisible({ timeout: 5000 });
  await expect(pendingBadge).toHaveText(new RegExp(`^${pendingBefore + 1} pending$`), {
    timeout: 5000,
  });
  expect(await admin.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(
    true,
  );
  await adminContext.close();
});
