import type { Locator, Page } from "@playwright/test";
import { expect, readMailLink, test, uniqueEmail, VERIFY_SUBJECT } from "./fixtures";

/*
 * Every customer form works with the keyboard alone, and every stop of the Tab key
 * shows where the focus is: on a desktop, and on a 360 px phone whose closed menu
 * must not take the focus out of sight.
 */

/** Whether the focused element draws a focus ring or outline. */
function isFocusShown(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return false;
    const style = getComputedStyle(focused);
    const hasOutline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
    return hasOutline || style.boxShadow !== "none";
  });
}

/** Presses Tab until `target` has the focus; every control on the way shows its focus, in sight. */
async function tabTo(page: Page, target: Locator) {
  // The page may still be coming: its script loads after the first frame.
  await expect(target).toBeVisible();
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press("Tab");
    const focused = page.locator(":focus");
    const name = await focused.evaluate(
      (element) =>
        `${element.tagName} "${element.getAttribute("aria-label") ?? element.textContent?.trim()}"`,
    );
    expect(await isFocusShown(page), `${name} shows its focus`).toBe(true);
    await expect(focused, `${name} is in sight`).toBeInViewport();
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Tabs to a field and types into it. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

const SIZES = [
  { name: "desktop", size: { width: 1280, height: 800 } },
  { name: "360 px", size: { width: 360, height: 740 } },
] as const;

for (const { name, size } of SIZES) {
  test(`a customer signs up, asks for a reset link, logs in, orders and changes the password with the keyboard alone (${name})`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(size);
    const email = uniqueEmail("keyboard");

    await page.goto("/signup");
    await typeInto(page, page.getByLabel("Email"), email);
    await typeInto(page, page.getByLabel("WhatsApp Number"), "9876543210");
    await typeInto(page, page.getByLabel("Password", { exact: true }), "secret1");
    // Errors are announced: a mistyped confirmation is an alert tied to its field.
    await typeInto(page, page.getByLabel("Confirm Password"), "secret2");
    await page.keyboard.press("Enter");
    const mismatch = page.getByRole("alert").filter({ hasText: /match/i });
    await expect(mismatch).toBeVisible();
    await expect(page.getByLabel("Confirm Password")).toHaveAttribute("aria-invalid", "true");
    const describedBy = await page.getByLabel("Confirm Password").getAttribute("aria-describedby");
    await expect(mismatch).toHaveAttribute("id", String(describedBy));
    await page.getByLabel("Confirm Password").focus();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("secret1");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/login$/);
    await page.goto(await readMailLink(email, VERIFY_SUBJECT));

    await page.goto("/forgot-password");
    await typeInto(page, page.getByLabel("Email"), email);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Check Your Email!" })).toBeVisible();

    await page.goto("/login");
    await typeInto(page, page.getByLabel("Email"), email);
    await typeInto(page, page.getByLabel("Password", { exact: true }), "secret1");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/profile$/);

    // An order: the exchange form, then Confirm Your Order, by Tab, typing and Enter.
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Buy USDT with Indian Rupees" })).toBeVisible();
    await typeInto(page, page.getByLabel("Amount"), "5000");
    await typeInto(
      page,
      page.getByLabel("Your USDT (TRC20) Address"),
      "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6",
    );
    // Enter in a field does what Place Order does, as a phone keyboard's Go key would.
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: "Confirm Your Order" });
    await expect(confirm.getByRole("button", { name: "Submit Order" })).toBeEnabled();
    // Escape closes it, and the keyboard is back on Place Order, which opens it again.
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(page.getByRole("button", { name: "Place Order" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(confirm.getByRole("button", { name: "Submit Order" })).toBeEnabled();
    const reference = `${Date.now()}${Math.floor(Math.random() * 90 + 10)}`.slice(-12);
    await typeInto(page, confirm.getByLabel("Payment Transaction ID"), reference);
    await typeInto(page, confirm.getByLabel("Name on the paying account"), "Rahul Kumar");
    // Enter in the last field submits the order.
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
    await expect(page.getByText(reference)).toBeVisible();

    await page.goto("/security");
    await typeInto(page, page.getByLabel("Current Password"), "secret1");
    await typeInto(page, page.getByLabel("New Password", { exact: true }), "secret2");
    await typeInto(page, page.getByLabel("Confirm New Password"), "secret2");
    await page.keyboard.press("Enter");
    await expect(page.getByText("✅ Password Updated")).toBeVisible();
  });
}
