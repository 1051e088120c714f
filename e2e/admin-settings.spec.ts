import type { Page } from "@playwright/test";
import {
  expect,
  secondBrowserPage,
  signUpAndLogInByApi,
  stepUpAsAdmin,
  test,
  uniqueEmail,
} from "./fixtures";

const TRON_WALLET = "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6";

/**
 * Puts the settings back as they were, through the API with the admin's own
 * session: other spec files share this server and expect the defaults.
 */
async function restoreSettings(page: Page, saved: Record<string, unknown>) {
  const response = await page.request.put("/api/admin/settings", {
    data: {
      ...saved,
      supportWhatsappUrl: saved.supportWhatsappUrl ?? "",
      supportTelegramUrl: saved.supportTelegramUrl ?? "",
      supportEmail: saved.supportEmail ?? "",
    },
  });
  expect(response.status()).toBe(200);
}

async function readSettings(page: Page): Promise<Record<string, unknown>> {
  const response = await page.request.get("/api/admin/settings");
  expect(response.status()).toBe(200);
  const { supportDefaults: _defaults, updatedAt: _updatedAt, ...settings } = await response.json();
  return settings;
}

test("a minimum of 2000 saved by the admin makes a visitor's 1000 INR 'Amount Too Low', and the audit log shows it", async ({
  page,
  browser,
}) => {
  await stepUpAsAdmin(page);
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "General Settings" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Bank Account Details" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Support Links" })).toBeVisible();
  await expect(page.getByText("Temporarily disable the site for users.")).toBeVisible();
  const minimum = page.getByLabel("Minimum INR Amount");
  await expect(minimum).toHaveAttribute("placeholder", "2000");
  await expect(page.getByLabel("Exchange Rate (INR to USDT)")).toHaveAttribute(
    "placeholder",
    "90.5",
  );
  const before = await readSettings(page);

  // The visitor's page is open before the change: the minimum is in force only for a moment.
  const visitor = await secondBrowserPage(browser);
  await visitor.goto("/");
  await expect(visitor.getByLabel("Amount")).toBeVisible();
  try {
    await minimum.fill("2000");
    await page.getByRole("button", { name: "Save All Settings" }).click();
    await expect(page.getByText("✅ Settings saved successfully!")).toBeVisible();

    // No reload: Place Order reads the settings in force at the click.
    await visitor.getByLabel("Amount").fill("1000");
    await visitor.getByLabel("Your USDT (TRC20) Address").fill(TRON_WALLET);
    await visitor.getByRole("button", { name: "Place Order" }).click();
    await expect(visitor.getByText("Amount Too Low")).toBeVisible();
    await expect(visitor.getByText("The minimum amount is ₹2,000.")).toBeVisible();
    await expect(visitor.getByText("Min: ₹2,000")).toBeVisible();
  } finally {
    await restoreSettings(page, before);
    await visitor.context().close();
  }

  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { name: "Audit Log" })).toBeVisible();
  await page.getByLabel("Action").selectOption({ label: "Settings saved" });
  const change = page
    .getByRole("listitem")
    .filter({ hasText: `Minimum INR Amount: ${before.minInrAmount} → 2000` });
  await expect(change.first()).toBeVisible();
  const row = page.getByRole("row").filter({ has: change.first() });
  await expect(row).toContainText("Settings saved");
  await expect(row).toContainText("admin@rupeedesk.test");
  await expect(row).toContainText("Site settings");
  await expect(page.getByRole("row").filter({ hasText: "Admin step-up" })).toHaveCount(0);
});

test("maintenance mode turned on while a customer's page is open stops Place Order before the payment step", async ({
  page,
  browser,
}) => {
  await stepUpAsAdmin(page);
  const before = await readSettings(page);
  const customer = await secondBrowserPage(browser);
  const email = uniqueEmail("maintenance");
  await signUpAndLogInByApi(customer, email);
  await customer.goto("/");
  await customer.getByLabel("Amount").fill("8600");
  await customer.getByLabel("Your USDT (TRC20) Address").fill(TRON_WALLET);
  try {
    await restoreSettings(page, { ...before, maintenanceMode: true });
    await customer.getByRole("button", { name: "Place Order" }).click();
    // A toast says why, and the page's banner shows it from now on.
    const toasts = customer.getByRole("region", { name: /Notifications/ });
    await expect(toasts.getByText("RupeeDesk is not taking new orders right now.")).toBeVisible();
    await expect(customer.getByRole("alert").getByText("Under maintenance")).toBeVisible();
    await expect(customer.getByRole("dialog")).toHaveCount(0);
  } finally {
    await restoreSettings(page, before);
    await customer.context().close();
  }
});

test("an invalid IFSC code shows the field's message and saves nothing", async ({ page }) => {
  await stepUpAsAdmin(page);
  await page.goto("/admin/settings");
  const ifsc = page.getByLabel("IFSC Code");
  await expect(ifsc).toBeVisible();
  const before = await ifsc.inputValue();

  await ifsc.fill("sbin1003853");
  await expect(ifsc).toHaveValue("SBIN1003853");
  await page.getByRole("button", { name: "Save All Settings" }).click();
  const message = page.locator("#field-ifscCode-error");
  await expect(message).toHaveText(/IFSC Code must be 11 characters/);
  await expect(ifsc).toHaveAttribute("aria-invalid", "true");
  await expect(ifsc).toBeFocused();
  await expect(page.getByText("Error saving settings")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("IFSC Code")).toHaveValue(before);
});

test("Buying USDT: a buy rate at the exchange rate is refused under its field; one below it, with TRC20 on, is saved and public", async ({
  page,
}) => {
  await stepUpAsAdmin(page);
  const saved = await (await page.request.get("/api/admin/settings/buying")).json();
  const { exchangeRate, ...before } = saved;
  await page.goto("/admin/settings");
  const card = page.locator("form").filter({ has: page.getByLabel("Buy Rate (INR per USDT)") });
  await expect(page.getByRole("heading", { name: "Buying USDT" })).toBeVisible();
  try {
    const buyRate = card.getByLabel("Buy Rate (INR per USDT)");
    await buyRate.fill(exchangeRate);
    await card.getByRole("switch", { name: "TRC20" }).click();
    await card.getByRole("button", { name: "Save Buying USDT" }).click();
    const refusal = `The Buy Rate (₹${exchangeRate}) must be below the Exchange Rate (₹${exchangeRate})`;
    await expect(card.getByText(refusal)).toBeVisible();
    await expect(buyRate).toBeFocused();

    await buyRate.fill("80.25");
    await card.getByRole("button", { name: "Save Buying USDT" }).click();
    await expect(page.getByText("Buying USDT saved")).toBeVisible();
    const visible = await (await page.request.get("/api/site-settings")).json();
    expect(visible).toMatchObject({ buyRate: "80.25", buyNetworks: ["trc20"] });
    await page.reload();
    await expect(page.getByLabel("Buy Rate (INR per USDT)")).toHaveValue("80.25");
    await expect(page.getByRole("switch", { name: "TRC20" })).toBeChecked();
  } finally {
    const response = await page.request.put("/api/admin/settings/buying", { data: before });
    expect(response.status()).toBe(200);
  }
});

test("Buying USDT: an amount quarantine of 10 hours is refused under its field and nothing is saved; 72 is saved and shown after a reload", async ({
  page,
}) => {
  await stepUpAsAdmin(page);
  const saved = await (await page.request.get("/api/admin/settings/buying")).json();
  const { exchangeRate: _rate, ...before } = saved;
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Buying USDT" })).toBeVisible();
  const card = page.locator("form").filter({ has: page.getByLabel("Amount Quarantine (Hours)") });
  const quarantine = card.getByLabel("Amount Quarantine (Hours)");
  const shownBefore = await quarantine.inputValue();
  expect(shownBefore).not.toBe("72");
  try {
    await quarantine.fill("10");
    await card.getByRole("button", { name: "Save Buying USDT" }).click();
    await expect(card.locator("#field-sellAmountQuarantineHours-error")).toHaveText(
      "Amount Quarantine (Hours) must be a whole number of hours from 24 to 720.",
    );
    await expect(quarantine).toHaveAttribute("aria-invalid", "true");
    await expect(quarantine).toBeFocused();
    await expect(page.getByText("Buying USDT saved")).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel("Amount Quarantine (Hours)")).toHaveValue(shownBefore);

    await page.getByLabel("Amount Quarantine (Hours)").fill("72");
    await card.getByRole("button", { name: "Save Buying USDT" }).click();
    await expect(page.getByText("Buying USDT saved")).toBeVisible();
    await expect(card.locator("#field-sellAmountQuarantineHours-error")).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel("Amount Quarantine (Hours)")).toHaveValue("72");
  } finally {
    const response = await page.request.put("/api/admin/settings/buying", { data: before });
    expect(response.status()).toBe(200);
  }
});

test("Settings → Autopilot: a most per payout above the day's is refused under its field and nothing is saved; ERC20 turned on is shown after a reload; Stop all sending stops it", async ({
  page,
}) => {
  await stepUpAsAdmin(page);
  const before = await (await page.request.get("/api/admin/settings/autopilot")).json();
  const erc20Before = before.networks.find((row: { network: string }) => row.network === "erc20");
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Autopilot" })).toBeVisible();
  const erc20 = page.getByRole("form", { name: "ERC20" });
  const perPayout = erc20.getByLabel("Most per Payout (USDT)");
  try {
    await erc20.getByRole("switch", { name: "Send by itself on ERC20" }).click();
    await perPayout.fill("600");
    await erc20.getByLabel("Most per 24 Hours (USDT)").fill("500");
    await erc20.getByRole("button", { name: "Save ERC20" }).click();
    await expect(erc20.getByRole("alert")).toHaveText(
      "Most per Payout (USDT) cannot be more than Most per 24 Hours (USDT).",
    );
    await expect(perPayout).toHaveAttribute("aria-invalid", "true");
    await page.reload();
    await expect(page.getByRole("switch", { name: "Send by itself on ERC20" })).not.toBeChecked();

    await page.getByRole("switch", { name: "Send by itself on ERC20" }).click();
    await perPayout.fill("250");
    await erc20.getByLabel("Most per 24 Hours (USDT)").fill("5000.50");
    await erc20.getByLabel("One Approval Above (USDT)").fill("100");
    await erc20.getByLabel("Two Approvals Above (USDT)").fill("2000");
    await erc20.getByLabel("Most Fee per Payout (ETH)").fill("0.003");
    await erc20.getByRole("button", { name: "Save ERC20" }).click();
    await expect(page.getByText("Autopilot on ERC20 saved")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("switch", { name: "Send by itself on ERC20" })).toBeChecked();
    await expect(perPayout).toHaveValue("250");
    await expect(erc20.getByLabel("Most per 24 Hours (USDT)")).toHaveValue("5000.5");
    await expect(erc20.getByLabel("One Approval Above (USDT)")).toHaveValue("100");
    await expect(erc20.getByLabel("Two Approvals Above (USDT)")).toHaveValue("2000");
    await expect(erc20.getByLabel("Most Fee per Payout (ETH)")).toHaveValue("0.003");
    await expect(
      erc20.getByRole("switch", { name: "A customer's first payout waits for one approval" }),
    ).toBeChecked();
    await erc20.screenshot({ path: test.info().outputPath("autopilot-erc20.png") });

    await page.getByRole("button", { name: "Stop all sending" }).click();
    await expect(page.getByText("Nothing is sent by itself on any network")).toBeVisible();
    const stopped = await (await page.request.get("/api/admin/settings/autopilot")).json();
    expect(stopped.stopped).toBe(true);
    await page.getByRole("button", { name: "Resume sending" }).click();
    await expect(page.getByRole("button", { name: "Stop all sending" })).toBeVisible();
  } finally {
    await page.request.post("/api/admin/autopilot/resume");
    const { network: _network, ...limits } = erc20Before;
    const restored = await page.request.put("/api/admin/settings/autopilot/erc20", {
      data: limits,
    });
    expect(restored.status()).toBe(200);
  }
});

test("Settings → Tax: deducting with no TAN is refused under its field; a TAN typed in small letters is saved in capitals, audited, and shown after a reload", async ({
  page,
}) => {
  await stepUpAsAdmin(page);
  await page.goto("/admin/settings");
  await expect(
    page.getByRole("heading", { name: "Tax on Purchases (TDS, Section 194S)" }),
  ).toBeVisible();
  // Says when the tax is taken.
  await expect(
    page.getByRole("note").filter({ hasText: "Applied when a sale is placed" }),
  ).toBeVisible();
  const card = page.locator("form").filter({ has: page.getByLabel("Deductor's TAN") });
  const tan = card.getByLabel("Deductor's TAN");
  await tan.fill("");
  await card.getByRole("button", { name: "Save Tax" }).click();
  await expect(card.locator("#field-deductorTan-error")).toHaveText(
    "Deductor's TAN is needed to deduct TDS as a TAN holder (Form 26Q).",
  );
  await expect(tan).toBeFocused();
  await expect(page.getByText("Tax settings saved")).toHaveCount(0);

  await tan.fill("dela12345b");
  await card.getByRole("button", { name: "Save Tax" }).click();
  await expect(page.getByText("Tax settings saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Deductor's TAN")).toHaveValue("DELA12345B");
  await expect(page.getByLabel("TDS Rate (%)", { exact: true })).toHaveValue("1");
  // A specified person files with their PAN: the field asks for it instead.
  await page.getByLabel("Deductor", { exact: true }).selectOption("specified_person");
  await expect(page.getByLabel("Deductor's PAN")).toBeVisible();
  await page
    .getByRole("heading", { name: "Tax on Purchases (TDS, Section 194S)" })
    .scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("settings-tax.png"), fullPage: false });

  const audit = await (await page.request.get("/api/admin/audit?action=settings.saved")).json();
  expect(JSON.stringify(audit)).toContain("DELA12345B");
});
