import type { Locator, Page } from "@playwright/test";
import {
  browserWordedControls,
  cutPlaceholders,
  expect,
  expectNoSeriousViolations,
  placeOrderByApi,
  signUpAndLogInByApi,
  smallTouchTargets,
  test,
  tourCustomerPages,
  uniqueEmail,
  useTheme,
} from "./fixtures";

/*
 * A small phone (360 px wide): the floating WhatsApp and Telegram buttons never
 * hide what a customer must read or tap for good; the page ends with room for them.
 * Every customer page on a phone in both languages and themes, and on a desktop in English:
 * 44 px touch targets and no control in the browser's words on the phone, and axe on both.
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

test("at 360 px, a toast shows below the top bar, whose menu stays in reach", async ({ page }) => {
  await page.setViewportSize(PHONE);
  // Without sonner's slide-in, the toast's box is where it stays.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await signUpAndLogInByApi(page, uniqueEmail("toast"));
  await page.goto("/profile");
  // The profile's own Log Out: the top bar has one too, once it knows the session.
  await page.getByRole("main").getByRole("button", { name: "Log Out" }).click();
  const toast = page.locator("[data-sonner-toast]", { hasText: "Signed Out" });
  await expect(toast).toHaveAttribute("data-mounted", "true");
  const bar = await page.locator("[data-top-bar]").boundingBox();
  const box = await toast.boundingBox();
  if (!bar || !box) throw new Error("The top bar or the toast has no box");
  expect(box.y, "the toast's top against the bar's bottom").toBeGreaterThanOrEqual(
    bar.y + bar.height,
  );
});

/** The top bar's children, each with the top of its box. */
async function topBarRows(page: Page) {
  return page
    .locator("[data-top-bar] > *")
    .evaluateAll((parts) => parts.map((part) => Math.round(part.getBoundingClientRect().top)));
}

for (const width of [360, 400, 412, 420]) {
  test(`at ${width} px, the top bar keeps to one line in either language, signed out and in`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const signedIn of [false, true]) {
      if (signedIn) await signUpAndLogInByApi(page, uniqueEmail("bar"));
      for (const language of ["en", "hi"]) {
        await page.addInitScript((saved) => localStorage.setItem("language", saved), language);
        await page.goto("/");
        const button = signedIn ? "[href='/profile']" : "[href='/login']";
        await expect(page.locator(`[data-top-bar] ${button}`)).toBeVisible();
        const rows = new Set(await topBarRows(page));
        expect(rows.size, `${language}, signed ${signedIn ? "in" : "out"}: rows`).toBe(1);
      }
    }
  });
}

/**
 * The form fields a chat button lies over: on screen as the page opens, then each
 * one scrolled to the screen's bottom edge, and focused (typing or pasting into it).
 */
function fieldsUnderTheChat(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const chat = [...document.querySelectorAll("[data-floating-chat] a")];
    if (chat.length === 0) throw new Error("The chat buttons are missing");
    const isCovered = (field: Element) => {
      const box = field.getBoundingClientRect();
      return chat.some((link) => {
        const button = link.getBoundingClientRect();
        return (
          button.width > 0 &&
          button.left < box.right &&
          box.left < button.right &&
          button.top < box.bottom &&
          box.top < button.bottom
        );
      });
    };
    const fields = [...document.querySelectorAll<HTMLElement>("main :is(input, select, textarea)")];
    const nameOf = (field: Element) => field.getAttribute("name") ?? field.id;
    const covered = fields.filter(isCovered).map((field) => `${nameOf(field)} as the page opens`);
    for (const field of fields) {
      field.scrollIntoView({ block: "end" });
      if (isCovered(field)) covered.push(`${nameOf(field)} at the screen's bottom`);
      field.focus();
      if (isCovered(field)) covered.push(`${nameOf(field)} focused`);
      field.blur();
    }
    return covered;
  });
}

for (const language of ["en", "hi"] as const) {
  test(`at 360 px (${language}), no form field lies under the chat buttons, on screen or focused`, async ({
    page,
  }) => {
    await page.addInitScript((saved) => localStorage.setItem("language", saved), language);
    // The phone of the report (its wallet field at the screen's bottom) and a shorter one.
    for (const height of [800, 740]) {
      await page.setViewportSize({ ...PHONE, height });
      for (const path of ["/", "/signup"]) {
        await page.goto(path);
        await expect(page.locator("[data-floating-chat]")).toBeVisible();
        expect(await fieldsUnderTheChat(page), `${path} at 360 × ${height}`).toEqual([]);
      }
    }
  });
}

// Each language on a phone, in each theme; English on a desktop in the theme its phone
// tour has not. The Hindi desktop tour (light) was left out to bring the suite under its
// CI time (docs/testing.md): Hindi is toured on the phone, and light on both.
const PHONE_TOURS = [
  { language: "en", theme: "light" },
  { language: "hi", theme: "dark" },
] as const;

for (const { language, theme } of PHONE_TOURS) {
  test(`at 360 px (${language}, ${theme}), every control a customer taps is a 44 px target, and axe finds no serious or critical violation`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(PHONE);
    await useTheme(page, theme);
    await tourCustomerPages(page, language, async (where) => {
      expect(await smallTouchTargets(page), where).toEqual([]);
      expect(await cutPlaceholders(page), `${where}: placeholders cut off`).toEqual([]);
      expect(await browserWordedControls(page), `${where}: the browser's own words`).toEqual([]);
      await expectNoSeriousViolations(page, where);
    });
  });
}

test("on a desktop (en, dark), axe finds no serious or critical violation on any customer page", async ({
  page,
}) => {
  test.slow();
  await useTheme(page, "dark");
  await tourCustomerPages(page, "en", (where) => expectNoSeriousViolations(page, where));
});
