import type { Locator, Page } from "@playwright/test";
import {
  expect,
  expectNoSeriousViolations,
  placeOrderByApi,
  signUpAndLogInByApi,
  test,
  tourCustomerPages,
  uniqueEmail,
  useTheme,
} from "./fixtures";

/*
 * A small phone (360 px wide): the floating WhatsApp and Telegram buttons never
 * hide what a customer must read or tap for good; the page ends with room for them.
 * Every customer page on a phone and on a desktop, in both languages and themes:
 * 44 px touch targets on the phone, and axe on both.
 */

const PHONE = { width: 360, height: 740 };

/**
 * Scrolls so the element's bottom sits just above the chat buttons (as far as the page
 * lets it scroll), then answers whether the buttons still lie over any part of it.
 */
async function isCoveredAtBest(target: Locator): Promise<boolean> {
  await target.scrollIntoViewIfNeeded();
  return target.evaluate((element) => {
    const chat = document.querySelector("[data-floating-chat]");
    if (!chat) throw new Error("The chat buttons are missing");
    const chatTop = Math.min(
      ...[...chat.querySelectorAll("a")].map((a) => a.getBoundingClientRect().top),
    );
    const bottomInPage = element.getBoundingClientRect().bottom + window.scrollY;
    window.scrollTo(0, bottomInPage - chatTop + 1);
    const box = element.getBoundingClientRect();
    if (box.top < 0) return true; // taller than the room above the buttons
    return [...chat.querySelectorAll("a")].some((link) => {
      const button = link.getBoundingClientRect();
      return (
        button.left < box.right &&
        box.left < button.right &&
        button.top < box.bottom &&
        box.top < button.bottom
      );
    });
  });
}

const LABELS = {
  en: { transactionId: "Transaction ID", date: "Date" },
  hi: { transactionId: "ट्रांज़ैक्शन ID", date: "तारीख" },
};

for (const language of ["en", "hi"] as const) {
  test(`at 360 px (${language}), the chat buttons leave the order's transaction id and date, and the footer's last line, uncovered`, async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.addInitScript((saved) => localStorage.setItem("language", saved), language);
    await signUpAndLogInByApi(page, uniqueEmail("phone"));
    const orderId = await placeOrderByApi(page);
    await page.goto(`/order/${orderId}`);
    await expect(page.locator("[data-floating-chat]")).toBeVisible();
    const row = (label: string) =>
      page.locator("dl > div", { has: page.locator("dt", { hasText: label }) }).locator("dd");
    const mustRead = {
      "transaction id": row(LABELS[language].transactionId),
      date: row(LABELS[language].date),
      "footer's last line": page.locator("footer > p").last(),
    };
    for (const [name, target] of Object.entries(mustRead)) {
      await expect(target).toBeVisible();
      expect(await isCoveredAtBest(target), `${name} stays under the chat buttons`).toBe(false);
    }
  });
}

/**
 * The controls on screen smaller than a 44 × 44 px touch target, or reaching past the
 * screen's edge, each by its name and size.
 */
async function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll(
      "a[href], button, input, select, textarea, summary, [role=button], [role=switch], [role=checkbox], [role=radio], [role=tab], [tabindex]:not([tabindex='-1'])",
    );
    return [...controls].flatMap((control) => {
      const box = control.getBoundingClientRect();
      // Off screen (the closed drawer) or visually hidden (a name for screen readers).
      if (box.right <= 0 || box.left >= innerWidth || box.width <= 1 || box.height <= 1) return [];
      if (getComputedStyle(control).visibility === "hidden") return [];
      const isSmall = box.width < 44 || box.height < 44 || box.right > innerWidth;
      const name = control.getAttribute("aria-label") ?? control.textContent?.trim() ?? "";
      return isSmall ? [`${control.tagName} "${name}" ${box.width}×${box.height}`] : [];
    });
  });
}

// Each language in each theme once on a phone and once on a desktop.
const TOURS = [
  { language: "en", phoneTheme: "light", desktopTheme: "dark" },
  { language: "hi", phoneTheme: "dark", desktopTheme: "light" },
] as const;

for (const { language, phoneTheme, desktopTheme } of TOURS) {
  test(`at 360 px (${language}, ${phoneTheme}), every control a customer taps is a 44 px target, and axe finds no serious or critical violation`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(PHONE);
    await useTheme(page, phoneTheme);
    await tourCustomerPages(page, language, async (where) => {
      expect(await smallTouchTargets(page), where).toEqual([]);
      await expectNoSeriousViolations(page, where);
    });
  });

  test(`on a desktop (${language}, ${desktopTheme}), axe finds no serious or critical violation on any customer page`, async ({
    page,
  }) => {
    test.slow();
    await useTheme(page, desktopTheme);
    await tourCustomerPages(page, language, (where) => expectNoSeriousViolations(page, where));
  });
}
