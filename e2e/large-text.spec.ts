import type { Page } from "@playwright/test";
import { expect, test, tourCustomerPages } from "./fixtures";

/*
 * Text at 200 % (the browser's font size doubled, as a reader with large text sets it)
 * loses nothing: no page runs off the side of the screen, and no box cuts its text off.
 */

/** The browser's own font-size setting at twice its default of 16 px. */
async function doubleTheTextSize(page: Page) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("Page.setFontSizes", { fontSizes: { standard: 32, fixed: 26 } });
}

/** What large text pushed out of sight on this page: a sideways overflow, or clipped boxes. */
function lostContent(page: Page) {
  return page.evaluate(() => {
    const overflow = document.documentElement.scrollWidth - innerWidth;
    const clipped = [...document.querySelectorAll("body *")].flatMap((element) => {
      const style = getComputedStyle(element);
      const clips = [style.overflowX, style.overflowY].some((o) => o === "hidden" || o === "clip");
      // A visually hidden name for screen readers is 1 px on purpose.
      if (!clips || element.clientWidth <= 1 || !element.textContent?.trim()) return [];
      const isCut =
        element.scrollWidth > element.clientWidth + 1 ||
        element.scrollHeight > element.clientHeight + 1;
      return isCut ? [`${element.tagName} "${element.textContent.trim().slice(0, 40)}"`] : [];
    });
    return { textSize: getComputedStyle(document.body).fontSize, overflow, clipped };
  });
}

const SIZES = [
  { name: "360 px", size: { width: 360, height: 740 } },
  { name: "desktop", size: { width: 1280, height: 800 } },
] as const;

for (const language of ["en", "hi"] as const) {
  for (const { name, size } of SIZES) {
    test(`at 200 % text (${language}, ${name}) every customer page keeps all its content in sight`, async ({
      page,
    }) => {
      test.slow();
      await page.setViewportSize(size);
      await doubleTheTextSize(page);
      await tourCustomerPages(page, language, async (where) => {
        expect(await lostContent(page), where).toEqual({
          textSize: "32px",
          overflow: 0,
          clipped: [],
        });
      });
    });
  }
}
