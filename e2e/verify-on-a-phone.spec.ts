import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { MAX_DOCUMENT_BYTES } from "../src/shared/verification-input";
import { SHRINK, SHRINK_FLOOR } from "../src/web/account/document-file";
import {
  browserWordedControls,
  expect,
  expectNoSeriousViolations,
  holdRequests,
  secondBrowserPage,
  signUpAndLogInByApi,
  smallPhoto,
  smallTouchTargets,
  stepUpAsAdmin,
  test,
  uniqueEmail,
} from "./fixtures";

/*
 * Issue 45: a new customer verifies on a 360 px phone, in Hindi and in English, with
 * every control in the page's words (file choosers, the date of birth as day, month and
 * year), the selfie asking for the front camera, and a 12-megapixel camera photo over
 * the 5 MB limit made smaller on the phone: it is accepted, and the operator reads it
 * back at a readable size.
 */

const PHONE = { width: 360, height: 740 };

const WORDS = {
  hi: {
    legalName: "PAN कार्ड पर लिखा पूरा नाम",
    dateOfBirth: "जन्म तिथि",
    day: "दिन",
    month: "महीना",
    year: "साल",
    address: "PIN कोड के साथ पता",
    addressDocumentKind: "पते का दस्तावेज़",
    panCard: "PAN कार्ड की फ़ोटो या PDF",
    addressDocument: "पते के दस्तावेज़ की फ़ोटो या PDF",
    selfie: "PAN कार्ड पकड़े हुए सेल्फ़ी",
    choose: "फ़ोटो लें या फ़ाइल चुनें",
    nothingChosen: "अभी कुछ नहीं चुना गया।",
    shrinking: "फ़ोटो छोटी की जा रही है",
    shrunk: /भेजने के लिए [\d.]+ MB से [\d.]+ MB की गई।/,
    pdfTooLarge: "यह PDF 5 MB से बड़ी है, और PDF यहाँ छोटी नहीं की जा सकती।",
    underage: "वेरिफ़ाई करने के लिए आपकी उम्र 18 साल या उससे ज़्यादा होनी चाहिए।",
    submit: "वेरिफ़िकेशन के लिए भेजें",
    underReview: "जाँच जारी",
  },
  en: {
    legalName: "Full name as on your PAN card",
    dateOfBirth: "Date of birth",
    day: "Day",
    month: "Month",
    year: "Year",
    address: "Address with PIN code",
    addressDocumentKind: "Address document",
    panCard: "Photo or PDF of your PAN card",
    addressDocument: "Photo or PDF of your address document",
    selfie: "A selfie holding your PAN card",
    choose: "Take a photo or choose a file",
    nothingChosen: "Nothing chosen yet.",
    shrinking: "Making the photo smaller",
    shrunk: /Made smaller from [\d.]+ MB to [\d.]+ MB for sending\./,
    pdfTooLarge: "This PDF is larger than 5 MB, and a PDF cannot be made smaller here.",
    underage: "You must be 18 or older to verify.",
    submit: "Send for verification",
    underReview: "Under review",
  },
} as const;

/**
 * A 12-megapixel photo (4000 × 3000) as a phone camera takes it, over the limit: noise
 * keeps JPEG from compressing it small.
 */
async function cameraPhoto(): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  const pixels = randomBytes(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = 100 + ((pixels[i] ?? 0) & 0x3f);
  const photo = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  expect(photo.length, "the camera photo is over the limit").toBeGreaterThan(MAX_DOCUMENT_BYTES);
  return photo;
}

async function passportPdf() {
  const document = await PDFDocument.create();
  document.addPage([300, 200]).drawText("Passport", { x: 20, y: 100 });
  return Buffer.from(await document.save());
}

/** Whether the visible chooser button draws the focus ring of its hidden input. */
function chooserShowsFocus(page: Page) {
  return page.evaluate(() => {
    const input = document.activeElement;
    if (!(input instanceof HTMLInputElement) || input.type !== "file") return false;
    const button = input.labels?.[0];
    return Boolean(button && getComputedStyle(button).boxShadow !== "none");
  });
}

for (const language of ["hi", "en"] as const) {
  const words = WORDS[language];
  test(`at 360 px (${language}), /verify speaks the page's language in every control, and a 12 MP camera photo is made smaller and accepted`, async ({
    page,
    browser,
  }) => {
    test.slow(); // a 12 MP photo made, decoded and encoded, two browsers
    const email = uniqueEmail(`phone-kyc-${language}`);
    await page.setViewportSize(PHONE);
    await page.addInitScript((saved) => localStorage.setItem("language", saved), language);
    await signUpAndLogInByApi(page, email);
    await page.goto("/verify");
    await expect(page.getByText(words.legalName)).toBeVisible();

    // No native file chooser or date field on screen: the page's own, in its words.
    expect(await browserWordedControls(page)).toEqual([]);
    await expect(page.getByText(words.nothingChosen)).toHaveCount(3);
    const panCard = page.getByLabel(words.panCard);
    const addressDocument = page.getByLabel(words.addressDocument);
    const selfie = page.getByLabel(words.selfie);
    // The selfie opens the front camera; the documents offer the camera or the files.
    await expect(selfie).toHaveAttribute("capture", "user");
    await expect(selfie).toHaveAttribute("accept", /image\/jpeg/);
    for (const document of [panCard, addressDocument]) {
      await expect(document).not.toHaveAttribute("capture");
      await expect(document).toHaveAttribute("accept", /image\/jpeg.*application\/pdf/);
    }

    await page.getByLabel(words.legalName).fill("Sunita Devi Rao");
    await page.getByLabel("PAN", { exact: true }).fill("ABCPR1234K");
    const date = page.getByRole("group", { name: words.dateOfBirth });
    await date.getByLabel(words.day).fill("9");
    await date.getByLabel(words.month).fill("7");
    await date.getByLabel(words.year).fill(String(new Date().getFullYear() - 10));
    await page.getByLabel(words.address).fill("21 Park Street, Kolkata 700016");
    await page.getByLabel(words.addressDocumentKind, { exact: true }).selectOption("passport");

    // The keyboard reaches the PAN card's chooser; its button shows where the focus is.
    await page.getByLabel(words.addressDocumentKind, { exact: true }).focus();
    await page.keyboard.press("Tab");
    await expect(panCard).toBeFocused();
    expect(await chooserShowsFocus(page)).toBe(true);

    // The camera's photo, chosen through the page's own button; the resizer loads then.
    const resizer = await holdRequests(page, "**/assets/browser-image-compression-*.js");
    const chooser = page.waitForEvent("filechooser");
    await page.getByText(words.choose).first().click();
    await (await chooser).setFiles({
      name: "IMG_20261128_101530.jpg",
      mimeType: "image/jpeg",
      buffer: await cameraPhoto(),
    });
    await expect(page.getByRole("progressbar", { name: words.shrinking })).toBeVisible();
    resizer();
    await expect(page.getByText(words.shrunk)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("IMG_20261128_101530.jpg")).toBeVisible();
    await expect(page.locator("main img")).toBeVisible();

    // A PDF over the limit cannot be made smaller: the page says so, and takes another.
    await addressDocument.setInputFiles({
      name: "passport-scan.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.concat([await passportPdf(), Buffer.alloc(MAX_DOCUMENT_BYTES)]),
    });
    await expect(page.getByText(words.pdfTooLarge)).toBeVisible();
    await addressDocument.setInputFiles({
      name: "passport.pdf",
      mimeType: "application/pdf",
      buffer: await passportPdf(),
    });
    await expect(page.getByText(words.pdfTooLarge)).toHaveCount(0);
    await selfie.setInputFiles({
      name: "selfie.jpg",
      mimeType: "image/jpeg",
      buffer: await smallPhoto("#a07050"),
    });
    await expect(page.getByText("selfie.jpg")).toBeVisible();

    // The new controls are 44 px targets, and axe finds nothing serious, a photo chosen.
    expect(await smallTouchTargets(page)).toEqual([]);
    expect(await browserWordedControls(page)).toEqual([]);
    await expectNoSeriousViolations(page, `/verify with a photo (${language})`);

    // Ten years old: the shared check refuses, in the page's words, on the date's fields.
    await page.getByRole("button", { name: words.submit }).click();
    await expect(date.getByRole("alert")).toHaveText(words.underage);
    await expect(date.getByLabel(words.day)).toBeFocused();
    await date.getByLabel(words.year).fill("1988");
    await page.getByRole("button", { name: words.submit }).click();
    await expect(page.getByTestId("verification-status")).toHaveText(words.underReview);
    await expect(page.getByText("09-07-1988")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );

    // The operator reads the PAN card back: a JPEG that decodes, at a readable size.
    const admin = await secondBrowserPage(browser);
    await stepUpAsAdmin(admin);
    await admin.goto("/admin/verifications");
    await admin.getByRole("button", { name: `Review the verification of ${email}` }).click();
    const review = admin.getByRole("dialog", { name: "Verification" });
    const image = review.getByRole("img", { name: "PAN card", exact: true });
    await expect(image).toBeVisible();
    const source = await image.getAttribute("src");
    const stored = await admin.request.get(source ?? "");
    expect(stored.status()).toBe(200);
    const { info } = await sharp(await stored.body())
      .raw()
      .toBuffer({ resolveWithObject: true });
    const longestSide = Math.max(info.width, info.height);
    expect(longestSide).toBeGreaterThanOrEqual(SHRINK_FLOOR.longestSide);
    expect(longestSide).toBeLessThanOrEqual(SHRINK.longestSide);
    await expect
      .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
      .toBe(info.width);
    await admin.context().close();
  });
}
