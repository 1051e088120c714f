import { expect, test } from "@playwright/test";
import {
  expectNoSeriousViolations,
  placeOrderByApi,
  secondBrowserPage,
  signUpAndLogInByApi,
  stepUpAsAdmin,
  uniqueEmail,
} from "./fixtures";

// An EIP-55 test vector: a customer's ERC20 wallet.
const ERC20_WALLET = "0x52908400098527886E0F7030069857D2E4169EE7";

test("a verified ERC20 payout above the approval amount waits on the Autopilot page until the operator approves it", async ({
  page,
  browser,
}) => {
  await stepUpAsAdmin(page);
  const origin = { origin: new URL(page.url()).origin };
  const before = await (await page.request.get("/api/admin/settings/autopilot")).json();
  const erc20Before = before.networks.find((row: { network: string }) => row.network === "erc20");
  try {
    const turnedOn = await page.request.put("/api/admin/settings/autopilot/erc20", {
      data: {
        enabled: true,
        maxPayoutUsdt: "1000",
        maxDayUsdt: "5000",
        approveAboveUsdt: "50",
        secondApprovalAboveUsdt: "500",
        approveFirstOrder: false,
        maxFeePerPayout: "0.01",
        hotWalletCeilingUsdt: "10000",
      },
      headers: origin,
    });
    expect(turnedOn.status(), await turnedOn.text()).toBe(200);

    const customer = await secondBrowserPage(browser);
    await signUpAndLogInByApi(customer, uniqueEmail("autopilot"));
    const orderId = await placeOrderByApi(customer, {
      network: "erc20",
      walletAddress: ERC20_WALLET,
    });
    const verified = await page.request.post(`/api/admin/orders/${orderId}/status`, {
      data: { status: "processing" },
      headers: origin,
    });
    expect(verified.status(), await verified.text()).toBe(200);

    await page.getByRole("link", { name: "Autopilot" }).click();
    await expect(page.getByRole("heading", { name: "Autopilot", level: 1 })).toBeVisible();
    await expect(page.getByText("No signer has run yet")).toBeVisible();
    await expect(page.getByText("ERC20: 0.0000 USDT of 5,000.0000 USDT sent")).toBeVisible();
    const waiting = page.getByRole("table", { name: "Waiting for approval" });
    const row = waiting.getByRole("row").filter({ hasText: orderId.slice(0, 8) });
    await expect(row).toContainText("100.0000 USDT");
    await expect(row).toContainText("0 of 1 approved");
    await expectNoSeriousViolations(page);
    await page.screenshot({
      path: test.info().outputPath("autopilot-waiting.png"),
      fullPage: true,
    });
    // On a phone the row and its button fit the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    const approve = row.getByRole("button", { name: /Approve the payout/ });
    await approve.scrollIntoViewIfNeeded();
    await expect(approve).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: test.info().outputPath("autopilot-360.png") });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    await row
      .getByRole("button", { name: `Approve the payout of order ${orderId.slice(0, 8)}` })
      .click();
    await expect(page.getByText("Payout of 100.0000 USDT approved")).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByText("No payout waits for an approval.")).toBeVisible();

    // Approved once is enough: a second time by the same operator is refused, in words.
    const again = await page.request.post(`/api/admin/autopilot/orders/${orderId}/approve`, {
      headers: origin,
    });
    expect(again.status()).toBe(409);
    expect((await again.json()).error).toContain("another admin");
    await customer.close();
  } finally {
    const { network: _network, ...limits } = erc20Before;
    const restored = await page.request.put("/api/admin/settings/autopilot/erc20", {
      data: limits,
      headers: origin,
    });
    expect(restored.status()).toBe(200);
  }
});
