import { expect, signUpAndLogInByApi, test, uniqueEmail } from "./fixtures";

const TRON_WALLET = "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6";

/*
 * A new customer's order limits (docs/decisions/032) with the shipped defaults:
 * ₹25,000 per order and ₹50,000 per 24 hours until they are established.
 */

test("a customer sees what they can still buy, and an amount over it is refused with the way to verify", async ({
  page,
}) => {
  await signUpAndLogInByApi(page, uniqueEmail("limits"));
  await page.goto("/");
  const room = page.getByTestId("order-room");
  await expect(room).toContainText("You can buy up to ₹25,000 now.");
  await expect(room.getByRole("link", { name: "Raise your limits" })).toHaveAttribute(
    "href",
    "/verify",
  );
  // On a 360 px phone the words wrap beside the link, in the 44 px kept for the line
  // before it came: nothing below it moved.
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  expect((await room.boundingBox())?.height).toBe(44);
  if (viewport) await page.setViewportSize(viewport);

  await page.getByLabel("Amount").fill("30000");
  await page.getByLabel("Your USDT (TRC20) Address").fill(TRON_WALLET);
  await page.getByRole("button", { name: "Place Order" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm Your Order" });
  const refusal = dialog.getByRole("alert");
  await expect(refusal).toContainText("Over your limit");
  await expect(refusal).toContainText(
    "This order is over your limit of ₹25,000 per order as a new customer.",
  );
  await expect(refusal.getByRole("link", { name: "Verify your identity" })).toHaveAttribute(
    "href",
    "/verify",
  );
  // No account to pay into is shown: the customer learns it before paying.
  await expect(dialog.getByText("rupeedesk@okhdfcbank")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Submit Order" })).toBeDisabled();
});

test("in Hindi on a phone, the refusal and the line speak Hindi", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  await page.getByRole("combobox", { name: "Language" }).selectOption("hi");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await signUpAndLogInByApi(page, uniqueEmail("limits-hi"));
  await page.goto("/");
  const room = page.getByTestId("order-room");
  await expect(room).toContainText("आप अभी ₹25,000 तक खरीद सकते हैं।");
  const box = await room.boundingBox();
  expect(box?.height).toBe(44); // as reserved on a phone (its link's 44 px target): nothing below moved

  await page.getByLabel("रकम").fill("30000");
  await page.getByLabel("आपका USDT (TRC20) एड्रेस").fill(TRON_WALLET);
  await page.getByRole("button", { name: "ऑर्डर करें" }).click();
  const refusal = page.getByRole("dialog").getByRole("alert");
  await expect(refusal).toContainText("आपकी सीमा से ज़्यादा");
  await expect(refusal).toContainText("यह ऑर्डर आपकी ₹25,000 प्रति ऑर्डर की सीमा से ज़्यादा है।");
  await expect(refusal.getByRole("link", { name: "अपनी पहचान वेरिफ़ाई करें" })).toBeVisible();
  // Nowhere to pay: nothing to fill in, and no path written out for the customer to read.
  await expect(refusal).not.toContainText("/verify");
  await expect(page.getByRole("dialog").getByRole("textbox")).toHaveCount(0);
});
