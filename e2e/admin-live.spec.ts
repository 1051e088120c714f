import { expect, signUpAndLogInByApi, stepUpAsAdmin, test, uniqueEmail } from "./fixtures";

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

  // A customer places an order.
  const email = uniqueEmail("live");
  await signUpAndLogInByApi(page, email);
  await page.goto("/profile");
  const status = await page.evaluate(async () => {
    // The payment step first, as the order form does: where to pay for this amount.
    const offer = await fetch("/api/orders/payment-offer", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sendCurrency: "upi_inr", amount: "4300" }),
    });
    const { offerId } = (await offer.json()) as { offerId: string };
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
        payerName: "Rahul Kumar",
        quotedRate: "86",
        receivingOfferId: offerId,
      }),
    });
    return response.status;
  });
  expect(status).toBe(201);

  await expect(admin.getByRole("row", { name: new RegExp(email) })).toBeVisible();
  // Other journeys place and close orders meanwhile: the badge follows the server's count.
  const pendingBadge = admin.getByTestId("pending-count");
  await expect
    .poll(async () => {
      const stats = await admin.request.get("/api/admin/dashboard");
      const { pendingOrders } = (await stats.json()) as { pendingOrders: number };
      return (await pendingBadge.textContent()) === `${pendingOrders} pending`;
    })
    .toBe(true);
  expect(await admin.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(
    true,
  );
  await adminContext.close();
});

test("the live order feed stays one connection while the admin moves between pages", async ({
  page,
}) => {
  // Each admin page loads its own texts as it opens; the feed must not start again.
  const feeds: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/admin/order-events") feeds.push(request.url());
  });
  await stepUpAsAdmin(page);
  const navigation = page.getByRole("navigation", { name: "Admin navigation" });
  for (const [link, heading] of [
    ["Orders", "Order Management"],
    ["Users", "Users"],
    ["Receiving Accounts", "Receiving Accounts"],
    ["Settings", "Settings"],
    ["Dashboard", "Dashboard"],
  ]) {
    // A link may carry a count after its name ("Orders 3").
    await navigation.getByRole("link", { name: new RegExp(`^${link}`) }).click();
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  }
  expect(feeds).toHaveLength(1);
});
