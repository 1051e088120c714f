import {
  expect,
  expectNoSeriousViolations,
  signUpAndLogInByApi,
  test,
  uniqueEmail,
} from "./fixtures";

/*
 * Profile → Tax (issue 53): a new seller in Hindi on a 360 px phone finds their tax from
 * the Profile page: the year's figures, how far they are from the ₹10,000 a year, that
 * their PAN is not verified yet (with the way to verify it), no certificate yet, and
 * TDS explained in plain words, all within the screen's width. The certificates' states,
 * figures and PDF are the API's tests (src/server/domains/tax/account-tax.test.ts).
 */

const PHONE = { width: 360, height: 740 };

test("a seller in Hindi on a phone opens Profile → Tax: the year so far, the threshold, the PAN to verify and TDS explained", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.addInitScript(() => localStorage.setItem("language", "hi"));
  await signUpAndLogInByApi(page, uniqueEmail("tax-page"));

  await page.goto("/profile");
  await page.getByRole("link", { name: "टैक्स और प्रमाणपत्र" }).click();
  await expect(page).toHaveURL(/\/profile\/tax$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "आपकी बिक्री पर टैक्स (TDS)" }),
  ).toBeVisible();
  await expect(page).toHaveTitle("आपकी बिक्री पर टैक्स (TDS) · RupeeDesk");

  await expect(
    page.getByText("इस वर्ष आपकी बिक्री: ₹10,000 में से ₹0.00।", { exact: false }),
  ).toBeVisible();
  await expect(page.getByText("आपका PAN अभी सत्यापित नहीं है।", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "अपना PAN सत्यापित करें" })).toHaveAttribute(
    "href",
    "/verify",
  );
  await expect(page.getByRole("heading", { name: "TDS प्रमाणपत्र" })).toBeVisible();
  await expect(page.getByText("कोई प्रमाणपत्र नहीं है", { exact: false })).toBeVisible();
  await expect(page.getByText("इस वित्त वर्ष में कोई बिक्री नहीं।")).toBeVisible();
  await expect(
    page.getByRole("heading", { name: "आपकी बिक्री पर TDS कैसे काम करता है" }),
  ).toBeVisible();
  await expect(page.getByText("धारा 194S", { exact: false }).first()).toBeVisible();

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await expectNoSeriousViolations(page);

  // A page the profile does not have leads back to the profile.
  await page.goto("/profile/no-such-page");
  await expect(page).toHaveURL(/\/profile$/);
});
