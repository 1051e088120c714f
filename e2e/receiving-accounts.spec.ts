import type { APIRequestContext, Browser, Page } from "@playwright/test";
import {
  E2E_ADMIN,
  expect,
  expectNoPageErrors,
  readMailLink,
  signUpAndLogInByApi,
  stepUpAsAdmin,
  test,
  uniqueEmail,
  VERIFY_SUBJECT,
} from "./fixtures";

/*
 * The Receiving Accounts page as an operator uses it, and rotation over several
 * UPI IDs with daily caps as customers see it in the Confirm Your Order dialog.
 * This spec changes which accounts are in service, and lets offers hold a whole
 * cap while it runs, so it runs alone on a desk of its own (see playwright.config.ts).
 */

const TRON_WALLET = "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6";
const ACCOUNTS = [
  { upiId: "rotate.one@okhdfcbank", cap: "10000" },
  { upiId: "rotate.two@okaxis", cap: "5000" },
  { upiId: "rotate.three@oksbi", cap: "10000" },
];

/** The admin's API session, stepped up, with the site's origin on every write. */
async function adminApi(request: APIRequestContext, baseURL: string) {
  const headers = { origin: new URL(baseURL).origin };
  const call = async (method: "GET" | "POST" | "PUT", path: string, data?: unknown) => {
    const response = await request.fetch(path, { method, data, headers });
    expect(response.ok(), `${path} answered ${await response.text()}`).toBe(true);
    return response.json();
  };
  await call("POST", "/api/auth/sign-in/email", E2E_ADMIN);
  await call("POST", "/api/admin/session/step-up", { password: E2E_ADMIN.password });
  return call;
}

/**
 * A new customer with a verified e-mail (an unverified one's offer holds no room:
 * docs/decisions/030) in a browser of their own, at the Confirm Your Order dialog for ₹5000.
 */
async function customerAtPaymentStep(browser: Browser, baseURL: string, index: number) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "x-forwarded-for": `10.210.0.${index}` },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const email = uniqueEmail(`rotation${index}`);
  await signUpAndLogInByApi(page, email);
  await page.goto(await readMailLink(email, VERIFY_SUBJECT));
  await openPaymentStep(page);
  return { page, errors, close: () => context.close() };
}

async function openPaymentStep(page: Page) {
  await page.goto("/");
  await page.getByLabel("Amount").fill("5000");
  await page.getByLabel("Your USDT (TRC20) Address").fill(TRON_WALLET);
  await page.getByRole("button", { name: "Place Order" }).click();
  return page.getByRole("dialog", { name: "Confirm Your Order" });
}

/** Which of the spec's UPI IDs the dialog shows. */
async function shownUpiId(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Confirm Your Order" });
  const upiId = dialog.getByText(/^rotate\.[a-z]+@ok[a-z]+$/);
  await expect(upiId).toBeVisible();
  return upiId.textContent();
}

test("customers are spread over three UPI IDs, a full one is skipped, all full is a plain refusal, and a paused one still takes the order it was shown for", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? "";
  const admin = await adminApi(request, origin);
  // Offers hold their whole amount here, so caps fill before anyone pays.
  const {
    supportDefaults: _defaults,
    updatedAt: _updatedAt,
    ...settings
  } = await admin("GET", "/api/admin/settings");
  const asForm = (changes: Record<string, string>) =>
    Object.fromEntries(
      Object.entries({ ...settings, ...changes }).map(([field, value]) => [field, value ?? ""]),
    );
  await admin("PUT", "/api/admin/settings", asForm({ offerHoldCapPercent: "100" }));
  // Only this spec's accounts take UPI payments now.
  const { accounts } = (await admin("GET", "/api/admin/receiving-accounts")) as {
    accounts: { id: string; kind: string; retiredAt: string | null }[];
  };
  for (const account of accounts.filter((a) => a.kind === "upi" && !a.retiredAt)) {
    await admin("POST", `/api/admin/receiving-accounts/${account.id}/retire`);
  }
  const ids: Record<string, string> = {};
  for (const account of ACCOUNTS) {
    const { id } = await admin("POST", "/api/admin/receiving-accounts", {
      kind: "upi",
      label: `Rotation ${account.upiId}`,
      upiId: account.upiId,
      payeeName: "RupeeDesk",
      sendMethods: ["upi"],
      dailyCapInr: account.cap,
      perOrderMaxInr: "",
      paused: false,
    });
    ids[account.upiId] = id;
  }

  const customers = [];
  for (let i = 1; i <= 5; i++) customers.push(await customerAtPaymentStep(browser, origin, i));
  const shown = [];
  for (const customer of customers) shown.push(await shownUpiId(customer.page));
  // Three turns, one per account; then the 5000-cap account is full.
  expect(new Set(shown.slice(0, 3))).toEqual(new Set(ACCOUNTS.map((a) => a.upiId)));
  expect(shown.slice(3)).not.toContain("rotate.two@okaxis");
  expect(new Set(shown.slice(3))).toEqual(new Set(["rotate.one@okhdfcbank", "rotate.three@oksbi"]));

  // Every account is full: the sixth customer is told plainly, with nothing to pay to.
  const sixth = await customerAtPaymentStep(browser, origin, 6);
  const refusal = sixth.page.getByRole("dialog", { name: "Confirm Your Order" });
  await expect(refusal.getByRole("alert")).toContainText("Payments paused");
  await expect(refusal.getByRole("alert")).toContainText(
    "Payments of this amount by UPI are paused for today.",
  );
  for (const account of ACCOUNTS) await expect(refusal.getByText(account.upiId)).toHaveCount(0);
  await expect(refusal.getByRole("img", { name: /UPI QR code/ })).toHaveCount(0);
  // A pause: nothing to try again, and the disabled Submit says why.
  await expect(refusal.getByRole("button", { name: "Try again" })).toHaveCount(0);
  const submit = refusal.getByRole("button", { name: "Submit Order" });
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAccessibleDescription(
    "No order can be placed while payments are paused.",
  );

  // The first customer's account is paused after it was shown: a reload shows it
  // again, and the order placed with it is taken.
  const first = customers[0];
  const firstUpiId = shown[0] ?? "";
  if (!first) throw new Error("No first customer");
  await admin("PUT", `/api/admin/receiving-accounts/${ids[firstUpiId]}`, {
    kind: "upi",
    label: `Rotation ${firstUpiId}`,
    upiId: firstUpiId,
    payeeName: "RupeeDesk",
    sendMethods: ["upi"],
    dailyCapInr: ACCOUNTS.find((account) => account.upiId === firstUpiId)?.cap,
    perOrderMaxInr: "",
    paused: true,
  });
  const dialog = await openPaymentStep(first.page);
  expect(await shownUpiId(first.page)).toBe(firstUpiId);
  await dialog.getByLabel("Payment Transaction ID").fill(`${Date.now()}`.slice(-12));
  await dialog.getByLabel("Name on the paying account").fill("Rahul Kumar");
  await dialog.getByRole("button", { name: "Submit Order" }).click();
  await expect(first.page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  await expect(first.page.getByRole("heading", { name: "Payment Verification" })).toBeVisible();

  // The bank froze the second customer's account: a reload no longer shows it, even
  // to the customer it was shown to (the others are full: payments are paused).
  const second = customers[1];
  const secondUpiId = shown[1] ?? "";
  if (!second) throw new Error("No second customer");
  await admin("POST", `/api/admin/receiving-accounts/${ids[secondUpiId]}/freeze`, {
    note: "Lien after a cyber cell complaint",
  });
  const reloaded = await openPaymentStep(second.page);
  await expect(reloaded.getByRole("alert")).toContainText("Payments paused");
  await expect(reloaded.getByText(secondUpiId)).toHaveCount(0);

  for (const customer of [...customers, sixth]) {
    expectNoPageErrors(customer.errors);
    await customer.close();
  }
  await admin("PUT", "/api/admin/settings", asForm({}));
});

test("an operator adds a bank account (a bad IFSC is refused under its field), changes its cap, pauses it, marks it frozen and back, and retires it", async ({
  page,
}) => {
  const label = `E2E ICICI ${Date.now() % 10_000}`;
  await stepUpAsAdmin(page);
  await page
    .getByRole("navigation", { name: "Admin navigation" })
    .getByRole("link", { name: "Receiving Accounts" })
    .click();
  await expect(page.getByRole("heading", { name: "Receiving Accounts", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Add Account" }).click();
  const form = page.getByRole("dialog", { name: "Add a Receiving Account" });
  await form.getByLabel("Kind").selectOption("Bank Account");
  await form.getByLabel("Label").fill(label);
  await form.getByLabel("Bank Name").fill("ICICI Bank");
  await form.getByLabel("Account Holder Name").fill("RupeeDesk Pvt Ltd");
  await form.getByLabel("Account Number").fill("000405012345");
  await form.getByLabel("IFSC Code").fill("icic1000404");
  await form.getByLabel("Daily Cap (INR)").fill("50000");
  await form.getByRole("button", { name: "Save Account" }).click();
  await expect(form.getByLabel("IFSC Code")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByRole("alert")).toHaveText(
    "IFSC Code must be 11 characters: 4 letters, 0, then 6 letters or digits.",
  );
  await expect(form).toBeVisible();

  await form.getByLabel("IFSC Code").fill("ICIC0000404");
  await form.getByRole("button", { name: "Save Account" }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: label });
  await expect(row).toContainText("ICICI Bank · 000405012345 · ICIC0000404");
  await expect(row).toContainText("IMPS/NEFT, Cash Deposit");
  await expect(row).toContainText("₹0.00 of ₹50,000.00");
  await expect(
    row.getByRole("meter", { name: `${label}: share of today's cap used` }),
  ).toBeVisible();
  await expect(row).toContainText("Active");

  const actions = row.getByRole("button", { name: `Actions for ${label}` });
  await actions.click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: `Edit ${label}` });
  await edit.getByLabel("Daily Cap (INR)").fill("60000");
  await edit.getByRole("button", { name: "Save Account" }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText("₹0.00 of ₹60,000.00");

  await actions.click();
  await page.getByRole("menuitem", { name: "Pause" }).click();
  await expect(page.getByText(`${label} is paused`)).toBeVisible();
  await expect(row).toContainText("Paused");

  await actions.click();
  await page.getByRole("menuitem", { name: "Mark as frozen…" }).click();
  const freeze = page.getByRole("alertdialog", { name: `Mark ${label} as frozen by its bank?` });
  await freeze
    .getByLabel("What the bank said (its reference, the complaint)")
    .fill("ICICI lien, complaint 88121");
  await freeze.getByRole("button", { name: "Mark as frozen" }).click();
  await expect(freeze).toBeHidden();
  await expect(row).toContainText("Frozen since");
  await expect(row).toContainText("ICICI lien, complaint 88121");
  await actions.click();
  await page.getByRole("menuitem", { name: "The bank lifted the freeze" }).click();
  await expect(page.getByText(`${label} may be offered again`)).toBeVisible();
  await expect(row).not.toContainText("Frozen since");
  await expect(row).toContainText("Paused");

  await actions.click();
  await page.getByRole("menuitem", { name: "Retire" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Retire ${label}?` });
  await confirm.getByRole("button", { name: "Retire" }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText("Retired");
  // Retired, it can only be marked frozen (the orders paid into it are held).
  await actions.click();
  await expect(page.getByRole("menuitem")).toHaveText(["Mark as frozen…"]);
  await page.keyboard.press("Escape");

  // Each change is in the audit log.
  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { name: "Audit Log", level: 1 })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: label }).first()).toBeVisible();
});
