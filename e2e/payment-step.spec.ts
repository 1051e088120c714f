import type { Page } from "@playwright/test";
import { expect, signUpAndLogInByApi, test, uniqueEmail } from "./fixtures";

/*
 * When Confirm Your Order cannot show where to pay, it says why in the customer's
 * words (only "no account takes this payment" is a pause, see
 * receiving-accounts.spec.ts), offers the way on, and the disabled Submit Order
 * says why too, to screen readers as well.
 */

const TRON_WALLET = "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6";
const OFFER = "**/api/orders/payment-offer";

const ENGLISH = {
  amount: "Amount",
  wallet: "Your USDT (TRC20) Address",
  placeOrder: "Place Order",
  dialog: "Confirm Your Order",
  submit: "Submit Order",
  retry: "Try again",
  needsAccount: "Submit Order is available once the account to pay into is shown.",
};

async function openPaymentStep(page: Page, words = ENGLISH) {
  await page.goto("/");
  return placeOrder(page, words);
}

async function placeOrder(page: Page, words = ENGLISH) {
  await page.getByLabel(words.amount).fill("8600");
  await page.getByLabel(words.wallet).fill(TRON_WALLET);
  await page.getByRole("button", { name: words.placeOrder }).click();
  return page.getByRole("dialog", { name: words.dialog });
}

/** Try again asks once more; this time the answer gets through and shows where to pay. */
async function retryShowsTheAccount(page: Page, words = ENGLISH) {
  const dialog = page.getByRole("dialog", { name: words.dialog });
  await page.unroute(OFFER);
  await dialog.getByRole("button", { name: words.retry }).click();
  await expect(dialog.getByText("rupeedesk@okhdfcbank")).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  const submit = dialog.getByRole("button", { name: words.submit });
  await expect(submit).toBeEnabled();
  await expect(submit).toHaveAccessibleDescription("");
}

test("a lost connection is not a pause: it says so, and Try again shows where to pay", async ({
  page,
}) => {
  await signUpAndLogInByApi(page, uniqueEmail("offline"));
  await page.route(OFFER, (route) => route.abort("internetdisconnected"));
  const dialog = await openPaymentStep(page);
  const alert = dialog.getByRole("alert");
  await expect(alert).toContainText("No connection");
  await expect(alert).toContainText(
    "We couldn't reach RupeeDesk to show where to pay. Check your internet connection and try again.",
  );
  await expect(alert).not.toContainText("Payments paused");
  const submit = dialog.getByRole("button", { name: "Submit Order" });
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAccessibleDescription(ENGLISH.needsAccount);
  await expect(dialog.getByText(ENGLISH.needsAccount)).toBeVisible();
  // Nowhere to pay yet: nothing to fill in either.
  await expect(dialog.getByLabel("Payment Transaction ID")).toHaveCount(0);
  await retryShowsTheAccount(page);
  await expect(dialog.getByLabel("Payment Transaction ID")).toBeVisible();
});

test("a failure on the server says so in our words, not its raw text, and Try again recovers", async ({
  page,
}) => {
  await signUpAndLogInByApi(page, uniqueEmail("server-error"));
  // The server's answer to an error it did not expect (app.ts), as a failing database would cause.
  await page.route(OFFER, (route) =>
    route.fulfill({ status: 500, json: { error: "Something went wrong" } }),
  );
  const dialog = await openPaymentStep(page);
  const alert = dialog.getByRole("alert");
  await expect(alert).toContainText("Payment details didn't load");
  await expect(alert).toContainText(
    "Something went wrong on our side. Please try again in a moment.",
  );
  await expect(alert).not.toContainText("Payments paused");
  await expect(dialog.getByRole("button", { name: "Submit Order" })).toHaveAccessibleDescription(
    ENGLISH.needsAccount,
  );
  await retryShowsTheAccount(page);
});

test("an ended session says so and leads back to log in", async ({ page }) => {
  await signUpAndLogInByApi(page, uniqueEmail("signed-out"));
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
  // The session ends (its cookie is gone) while the page still takes the customer as signed in.
  await page.context().clearCookies();
  const dialog = await placeOrder(page);
  const alert = dialog.getByRole("alert");
  await expect(alert).toContainText("Your session has ended");
  await expect(alert).toContainText("Log in again to see where to pay and to place your order.");
  await expect(alert).not.toContainText("Payments paused");
  await expect(dialog.getByRole("button", { name: "Try again" })).toHaveCount(0);
  const submit = dialog.getByRole("button", { name: "Submit Order" });
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAccessibleDescription("Log in again to submit your order.");
  await alert.getByRole("link", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test.describe("in Hindi", () => {
  test.use({ locale: "hi-IN" });

  test("a lost connection has its own words and a retry", async ({ page }) => {
    const words = {
      amount: "रकम",
      wallet: "आपका USDT (TRC20) एड्रेस",
      placeOrder: "ऑर्डर करें",
      dialog: "अपना ऑर्डर कन्फ़र्म करें",
      submit: "ऑर्डर भेजें",
      retry: "फिर से कोशिश करें",
      needsAccount: "पेमेंट का खाता दिखने के बाद ही ऑर्डर सबमिट किया जा सकता है।",
    };
    await signUpAndLogInByApi(page, uniqueEmail("offline-hi"));
    await page.route(OFFER, (route) => route.abort("internetdisconnected"));
    const dialog = await openPaymentStep(page, words);
    const alert = dialog.getByRole("alert");
    await expect(alert).toContainText("इंटरनेट कनेक्शन नहीं है");
    await expect(alert).not.toContainText("पेमेंट अभी रुके हुए हैं");
    await expect(dialog.getByRole("button", { name: words.submit })).toHaveAccessibleDescription(
      words.needsAccount,
    );
    await retryShowsTheAccount(page, words);
  });
});
