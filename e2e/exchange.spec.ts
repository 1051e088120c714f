import type { Page } from "@playwright/test";
import {
  expect,
  holdRequests,
  secondBrowserPage,
  signUpAndLogInByApi,
  test,
  uniqueEmail,
} from "./fixtures";

const TRON_WALLET = "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6";

/** A 12-digit UPI reference no other test uses. */
function uniqueReference() {
  return `${Date.now()}${Math.floor(Math.random() * 90 + 10)}`.slice(-12);
}

test("8600 INR at the default rate of 86 shows 100.0000 USDT", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByText("Fixed rate: 1 USDT = ₹86")).toBeVisible();
  await expect(page.getByText("Min: ₹0 • Max: ₹1,00,000")).toBeVisible();
  const received = page.getByTestId("receive-amount");
  await expect(received).toHaveText(/0\.0000/);
  const amount = page.getByLabel("Amount");
  await amount.pressSequentially("8600a.555");
  await expect(amount).toHaveValue("8600.55");
  await amount.fill("00100");
  await expect(amount).toHaveValue("100");
  await amount.fill("8600");
  await expect(received).toHaveText(/100\.0000\s*USDT/);
  await expect(page.getByLabel("Select Network")).toHaveValue("trc20");
  await expect(page.getByLabel("Your USDT (TRC20) Address")).toBeVisible();
  await page.getByLabel("Currency you receive").selectOption("payeer_usd");
  await expect(page.getByLabel("Select Network")).toHaveCount(0);
  await expect(page.getByLabel("Your Payeer USD Address")).toBeVisible();
  await expect(received).toHaveText(/99\.0000\s*USD/);
});

test("Place Order with missing fields, then signed out, says why", async ({ page }) => {
  await page.goto("/exchange");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Missing Information")).toBeVisible();

  await page.getByLabel("Amount").fill("8600");
  await page.getByLabel("Your USDT (TRC20) Address").fill(TRON_WALLET);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Authentication Required")).toBeVisible();
  await expect(page).toHaveURL(/\/login\?next=%2F$/);
});

/** On the log-in page Place Order sent a visitor to: logs in, and is back on the exchange screen. */
async function logInAndComeBack(page: Page, email: string) {
  await expect(page).toHaveURL(/\/login\?next=%2F$/);
  // The router shows the next page in a transition: the URL changes first, and until
  // the page shows, the one before (sign-up's own Email and Password) is still there.
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("secret1");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/$/);
}

test("a visitor sent to log in by Place Order comes back to their order as they left it", async ({
  page,
  browser,
}) => {
  // Their account exists (signed up in another browser); this one is signed out.
  const email = uniqueEmail("visitor");
  const elsewhere = await secondBrowserPage(browser);
  await signUpAndLogInByApi(elsewhere, email);
  await elsewhere.context().close();

  await page.goto("/");
  await page.getByLabel("Amount").fill("8600");
  await page.getByLabel("Currency you receive").selectOption({ label: "Payeer USD" });
  await page.getByLabel("Your Payeer USD Address").fill("P1000000");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Authentication Required")).toBeVisible();
  await logInAndComeBack(page, email);
  await expect(page.getByLabel("Amount")).toHaveValue("8600");
  await expect(page.getByLabel("Your Payeer USD Address")).toHaveValue("P1000000");
  // The refusal that sent them away no longer holds.
  await expect(page.getByText("Authentication Required")).toHaveCount(0);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("dialog", { name: "Confirm Your Order" })).toBeVisible();
});

test("a visitor signed in before the log-in page sends them on still comes back to their order", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByLabel("Amount").fill("8600");
  await page.getByLabel("Your USDT (TRC20) Address").fill(TRON_WALLET);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/login\?next=%2F$/);
  // What a slow phone sees after Log In: the session is known on /login before the
  // exchange screen the log-in page sent them to has shown, and /login's guard acts.
  await signUpAndLogInByApi(page, uniqueEmail("overtaken"));
  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel("Amount")).toHaveValue("8600");
  await expect(page.getByLabel("Your USDT (TRC20) Address")).toHaveValue(TRON_WALLET);
});

test("a customer places an order, lands on its page and finds it in the history", async ({
  page,
}) => {
  const email = uniqueEmail("buyer");
  await signUpAndLogInByApi(page, email);
  await page.goto("/");
  await page.getByLabel("Amount").fill("8600");
  await page.getByLabel("Your USDT (TRC20) Address").fill("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Invalid Address")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // The reason stays at the field, which has the keyboard, until the address changes.
  const wallet = page.getByLabel("Your USDT (TRC20) Address");
  await expect(wallet).toBeFocused();
  await expect(wallet).toHaveAttribute("aria-invalid", "true");
  await expect(wallet).toHaveAccessibleDescription(/checksum does not match/);

  await wallet.fill(TRON_WALLET);
  await expect(wallet).toHaveAttribute("aria-invalid", "false");
  await expect(wallet).toHaveAccessibleDescription("");
  await page.getByRole("button", { name: "Place Order" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm Your Order" });
  await expect(dialog).toBeVisible();
  // The refusal it put right does not stay over the payment step.
  await expect(page.locator("[data-sonner-toast]", { hasText: "Invalid Address" })).toHaveCount(0);
  await expect(dialog.getByText("100.0000 USDT")).toBeVisible();
  // Where to pay: the desk's UPI account the server offered for this payment.
  await expect(dialog.getByText("rupeedesk@okhdfcbank")).toBeVisible();
  await expect(dialog.getByRole("img", { name: /UPI QR code to pay ₹8600/ })).toBeVisible();
  await dialog.getByRole("button", { name: "Submit Order" }).click();
  await expect(page.getByText("Transaction ID Required")).toBeVisible();
  // Each refusal stays at its field, which takes the keyboard, until the field changes.
  const transactionId = dialog.getByLabel("Payment Transaction ID");
  await expect(transactionId).toBeFocused();
  await expect(transactionId).toHaveAttribute("aria-invalid", "true");

  await transactionId.fill("12345");
  await expect(transactionId).toHaveAttribute("aria-invalid", "false");
  await dialog.getByRole("button", { name: "Submit Order" }).click();
  await expect(page.getByText("Order Failed")).toBeVisible();
  await expect(transactionId).toHaveAccessibleDescription(/12-digit/);

  const reference = uniqueReference();
  await dialog.getByLabel("Payment Transaction ID").fill(reference);
  await dialog.getByLabel("Name on the paying account").fill("Rahul 42");
  await dialog.getByRole("button", { name: "Submit Order" }).click();
  await expect(
    page.getByText(/Enter the name on the bank or UPI account you paid from/).last(),
  ).toBeVisible();
  const payerName = dialog.getByLabel("Name on the paying account");
  await expect(payerName).toBeFocused();
  await expect(payerName).toHaveAccessibleDescription(/Enter the name on the bank or UPI account/);
  await dialog.getByLabel("Name on the paying account").fill("Rahul Kumar");
  await dialog.getByRole("button", { name: "Submit Order" }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Payment Verification" })).toBeVisible();
  await expect(page.getByText("8,600.00 INR")).toBeVisible();
  await expect(page.getByText("100.0000 USDT")).toBeVisible();
  await expect(page.getByText(reference)).toBeVisible();
  await expect(
    page.getByText("We are verifying your payment. This usually takes a few minutes."),
  ).toBeVisible();
  const shortId = page.url().split("/order/")[1]?.slice(0, 8) ?? "";

  await page.goto("/order-history");
  const row = page.getByRole("row", { name: new RegExp(shortId) });
  await expect(row).toContainText("8,600.00 INR → 100.0000 USDT");
  await expect(row).toContainText("Payment Verification");

  // The same payment reference cannot be used for a second order.
  await page.goto("/");
  await page.getByLabel("Amount").fill("1000");
  await page.getByLabel("Your USDT (TRC20) Address").fill(TRON_WALLET);
  await page.getByRole("button", { name: "Place Order" }).click();
  await dialog.getByLabel("Payment Transaction ID").fill(reference);
  await dialog.getByLabel("Name on the paying account").fill("Rahul Kumar");
  await dialog.getByRole("button", { name: "Submit Order" }).click();
  // It is this customer's own order (sent again, say, after a reload): they are taken to it.
  await expect(
    page.getByText(`You have already placed order #${shortId} with this payment reference.`),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/order/${shortId}`));
  await expect(page.getByRole("heading", { name: "Payment Verification" })).toBeVisible();
});

test("an empty history says 'No orders yet'; another user's order is 'Order Not Found'", async ({
  page,
}) => {
  const email = uniqueEmail("empty");
  await signUpAndLogInByApi(page, email);
  await page.goto("/order-history");
  await expect(page.getByText("No orders yet")).toBeVisible();
  const streams: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/events")) streams.push(request.url());
  });
  await page.goto("/order/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "Order Not Found" })).toBeVisible();
  // No live updates are asked for an order that does not exist.
  expect(streams).toEqual([]);
  await page.getByRole("link", { name: "Start New Exchange" }).click();
  await expect(page).toHaveURL(/\/exchange$/);
});

test("the referral page says the programme is unavailable", async ({ page }) => {
  const email = uniqueEmail("ref");
  await signUpAndLogInByApi(page, email);
  await page.goto("/my-referrals");
  await expect(page.getByText("The referral system is temporarily unavailable.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Past Referrals" })).toBeVisible();
});

test("Place Order before the site settings have arrived waits for them", async ({ page }) => {
  const email = uniqueEmail("early");
  await signUpAndLogInByApi(page, email);
  await page.goto("/profile");
  // A slow network: the settings arrive only after Place Order, whatever the machine's speed.
  const releaseSettings = await holdRequests(page, "**/api/site-settings");
  await page.goto("/");
  await page.getByLabel("Amount").fill("8600");
  await expect(page.getByTestId("receive-amount")).toHaveText(/100\.0000/);
  await page.getByLabel("Your USDT (TRC20) Address").fill(TRON_WALLET);
  await page.getByRole("button", { name: "Place Order" }).click();
  releaseSettings();
  const dialog = page.getByRole("dialog", { name: "Confirm Your Order" });
  await expect(dialog.getByText("100.0000 USDT")).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText("Could not load")).toHaveCount(0);
});

test("a visitor with no account yet signs up on the way and still comes back to their order", async ({
  page,
}) => {
  const email = uniqueEmail("newcomer");
  await page.goto("/");
  await page.getByLabel("Amount").fill("8600");
  await page.getByLabel("Your USDT (TRC20) Address").fill(TRON_WALLET);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/login\?next=%2F$/);
  await page.getByRole("main").getByRole("link", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/signup\?next=%2F$/);
  // Until the sign-up page's code has come, the log-in page, with an Email of its own, shows.
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("WhatsApp Number").fill("9876543210");
  await page.getByLabel("Password", { exact: true }).fill("secret1");
  await page.getByLabel("Confirm Password").fill("secret1");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await logInAndComeBack(page, email);
  await expect(page.getByLabel("Amount")).toHaveValue("8600");
  await expect(page.getByLabel("Your USDT (TRC20) Address")).toHaveValue(TRON_WALLET);
});

test("what is typed and chosen before the page comes alive is kept", async ({ page }) => {
  // A slow phone: the page is painted, but its code has not run yet.
  const releaseCode = await holdRequests(page, "**/assets/*.js");
  await page.goto("/", { waitUntil: "commit" });
  await page.getByLabel("Amount").fill("8600");
  await page.getByLabel("Currency you receive").selectOption("payeer_usd");
  // Still the pre-rendered page: the field's label has not followed the choice yet.
  await page.getByLabel("Your USDT (TRC20) Address").fill("P1234567");
  await expect(page.getByTestId("receive-amount")).toHaveText(/0\.0000\s*USDT/);

  releaseCode();
  await expect(page.getByTestId("receive-amount")).toHaveText(/99\.0000\s*USD/);
  await expect(page.getByLabel("Amount")).toHaveValue("8600");
  await expect(page.getByLabel("Your Payeer USD Address")).toHaveValue("P1234567");
  await page.getByRole("button", { name: "Place Order" }).click();
  // Signed out: every field counted as filled, so the next question is who is ordering.
  await expect(page.getByText("Authentication Required")).toBeVisible();
});

/** / on a phone-sized screen, once its floating chat buttons show. */
async function chatButtonsOnPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const chat = page.getByRole("complementary", { name: "Support chat" });
  await expect(chat).toBeVisible();
  return chat;
}

test("on a phone, the chat buttons step aside while a field is being typed in", async ({
  page,
}) => {
  const chat = await chatButtonsOnPhone(page);
  await page.getByLabel("Your USDT (TRC20) Address").focus();
  await expect(chat).toBeHidden();
  await page.getByRole("heading", { name: "Buy USDT with Indian Rupees" }).click();
  await expect(chat).toBeVisible();
});

test("on a phone, the menu closes with Escape, and its backdrop covers the chat buttons", async ({
  page,
}) => {
  const chat = await chatButtonsOnPhone(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  const backdrop = page.getByRole("button", { name: "Close menu" }).first();
  await expect(backdrop).toBeVisible();
  // A tap where the chat buttons are lands on the backdrop and closes the menu.
  const whatsapp = await chat.getByRole("link").first().boundingBox();
  expect(
    await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.getAttribute("aria-label"), {
      x: (whatsapp?.x ?? 0) + 10,
      y: (whatsapp?.y ?? 0) + 10,
    }),
  ).toBe("Close menu");
  const menu = page.getByRole("navigation", { name: "Main navigation" });
  await expect(menu).toBeInViewport();
  await page.keyboard.press("Escape");
  await expect(menu).not.toBeInViewport();
});

test("Place Order tapped before the page comes alive is not lost", async ({ page }) => {
  // The app's files held back: the page is the pre-rendered HTML alone, as on a slow
  // network, and the customer taps Place Order on it already.
  const release = await holdRequests(page, "**/assets/first-screen-*.js");
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await page.getByRole("button", { name: "Place Order" }).click();
  release();
  await expect(page.getByText("Please enter amount and wallet address.")).toBeVisible();
});
