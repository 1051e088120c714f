import type { Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import {
  expect,
  readMailLink,
  secondBrowserPage,
  signUpAndLogInByApi,
  stepUpAsAdmin,
  test,
  uniqueEmail,
  VERIFY_SUBJECT,
} from "./fixtures";

/*
 * Identity verification (issue 24): a new customer's large order is refused over
 * their limit, with the way to verify; they verify on a 360 px phone in Hindi, with
 * one refused file on the way; the operator reviews the documents and approves; the
 * customer reads the outcome on /verify and in an e-mail in Hindi, and the same large
 * order now goes through.
 */

const PHONE = { width: 360, height: 740 };
const TRON_WALLET = "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6";
/** Over a new customer's ₹25,000 per order (the shipped limits), far under a verified one's. */
const LARGE_AMOUNT = "30000";

/** A 12-digit UPI reference no other test uses. */
function uniqueReference() {
  return `${Date.now()}${Math.floor(Math.random() * 90 + 10)}`.slice(-12);
}

/** Fills the exchange form in Hindi and asks for the payment details. */
async function startLargeOrder(page: Page) {
  await page.goto("/");
  await page.getByLabel("रकम").fill(LARGE_AMOUNT);
  await page.getByLabel("आपका USDT (TRC20) एड्रेस").fill(TRON_WALLET);
  await page.getByRole("button", { name: "ऑर्डर करें" }).click();
  return page.getByRole("dialog", { name: "अपना ऑर्डर कन्फ़र्म करें" });
}

async function photo(color: string) {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

async function pdf() {
  const document = await PDFDocument.create();
  document.addPage([300, 200]).drawText("Passport", { x: 20, y: 100 });
  return Buffer.from(await document.save());
}

/** 9 July 1988, as a Hindi reader types it: day, month, year. */
async function fillDateOfBirth(page: Page) {
  const date = page.getByRole("group", { name: "जन्म तिथि" });
  await date.getByLabel("दिन").fill("09");
  await date.getByLabel("महीना").fill("07");
  await date.getByLabel("साल").fill("1988");
}

/** The three documents on the Hindi /verify form: the PAN card's file, a passport PDF, a selfie. */
async function attachDocuments(page: Page, panCard: Buffer) {
  await page.getByLabel("PAN कार्ड की फ़ोटो या PDF").setInputFiles({
    name: "pan.jpg",
    mimeType: "image/jpeg",
    buffer: panCard,
  });
  await page.getByLabel("पते के दस्तावेज़ की फ़ोटो या PDF").setInputFiles({
    name: "passport.pdf",
    mimeType: "application/pdf",
    buffer: await pdf(),
  });
  await page.getByLabel("PAN कार्ड पकड़े हुए सेल्फ़ी").setInputFiles({
    name: "selfie.jpg",
    mimeType: "image/jpeg",
    buffer: await photo("#a07050"),
  });
}
test("a customer over the limit verifies on a phone in Hindi, the operator approves, and the large order goes through", async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers, three uploads, two e-mails
  const email = uniqueEmail("kyc");
  await page.setViewportSize(PHONE);
  await page.addInitScript(() => localStorage.setItem("language", "hi"));
  await signUpAndLogInByApi(page, email);
  // The customer's address is verified (decision mails go to verified addresses only).
  await page.goto(await readMailLink(email, VERIFY_SUBJECT));
  const { baseURL } = test.info().project.use;
  const saved = await page.request.put("/api/account/language", {
    data: { language: "hi" },
    headers: { origin: new URL(baseURL ?? "").origin },
  });
  expect(saved.status()).toBe(200);

  // Over a new customer's limit, the order is refused before paying, with the way to verify.
  const refused = await startLargeOrder(page);
  const refusal = refused.getByRole("alert");
  await expect(refusal).toContainText("आपकी सीमा से ज़्यादा");
  await refusal.getByRole("link", { name: "अपनी पहचान वेरिफ़ाई करें" }).click();
  await expect(page).toHaveURL(/\/verify$/);

  // Profile shows the status and leads to /verify.
  await page.goto("/profile");
  await expect(page.getByTestId("verification-status")).toHaveText("ज़रूरी नहीं");
  await page.getByRole("link", { name: "सीमा बढ़ाने के लिए वेरिफ़ाई करें" }).click();
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole("heading", { name: "पहचान वेरिफ़िकेशन" })).toBeVisible();

  await page.getByLabel("PAN कार्ड पर लिखा पूरा नाम").fill("Sunita Devi Rao");
  await page.getByLabel("PAN", { exact: true }).fill("abcpr1234k");
  await expect(page.getByLabel("PAN", { exact: true })).toHaveValue("ABCPR1234K");
  await fillDateOfBirth(page);
  await page.getByLabel("PIN कोड के साथ पता").fill("21 Park Street, Kolkata 700016");
  await page.getByLabel("पते का दस्तावेज़", { exact: true }).selectOption("passport");
  // A text file named like a photo: the server judges the content and says so in Hindi.
  await attachDocuments(page, Buffer.from("not a photo at all"));
  await page.getByRole("button", { name: "वेरिफ़िकेशन के लिए भेजें" }).click();
  await expect(page.getByText("JPEG या PNG फ़ोटो, या PDF अपलोड करें।")).toBeVisible();
  await expect(page.getByTestId("verification-status")).toHaveText("ज़रूरी नहीं");

  await page.getByLabel("PAN कार्ड की फ़ोटो या PDF").setInputFiles({
    name: "pan.jpg",
    mimeType: "image/jpeg",
    buffer: await photo("#2050a0"),
  });
  await page.getByRole("button", { name: "वेरिफ़िकेशन के लिए भेजें" }).click();
  await expect(page.getByTestId("verification-status")).toHaveText("जाँच जारी");
  await expect(page.getByText("ABCPR1234K")).toBeVisible();
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );

  // The operator reviews it: the documents inline, the PAN name, then approves.
  const admin = await secondBrowserPage(browser);
  await stepUpAsAdmin(admin);
  await admin.getByRole("link", { name: "Verifications" }).click();
  await admin.getByRole("button", { name: `Review the verification of ${email}` }).click();
  const review = admin.getByRole("dialog", { name: "Verification" });
  await expect(review.getByTestId("pan-name")).toHaveText("Sunita Devi Rao");
  const panCard = review.getByRole("img", { name: "PAN card", exact: true });
  await expect(panCard).toBeVisible();
  await expect
    .poll(() => panCard.evaluate((image) => (image as HTMLImageElement).naturalWidth))
    .toBe(320);
  await review.getByRole("button", { name: "Approve" }).click();
  const confirm = admin.getByRole("alertdialog", { name: "Approve this verification?" });
  await confirm.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByText("Verification approved")).toBeVisible();
  await expect(
    admin.getByRole("button", { name: `Review the verification of ${email}` }),
  ).toHaveCount(0);
  await admin.context().close();

  // The customer reads the outcome on the page and in a Hindi e-mail.
  await page.reload();
  await expect(page.getByTestId("verification-status")).toHaveText("वेरिफ़ाइड");
  expect(await readMailLink(email, "आपकी पहचान वेरिफ़ाई हो गई है")).toMatch(/\/verify$/);

  // Verified, the same large order goes through.
  const dialog = await startLargeOrder(page);
  await expect(dialog.getByText("₹30,000")).toBeVisible();
  await dialog.getByLabel("पेमेंट ट्रांज़ैक्शन ID").fill(uniqueReference());
  await dialog.getByLabel("पेमेंट करने वाले खाते पर लिखा नाम").fill("Sunita Rao");
  await dialog.getByRole("button", { name: "ऑर्डर भेजें" }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  await expect(page.getByText("30,000.00 INR")).toBeVisible();
});

test("a customer who tried to send too often reads why on /verify, in Hindi", async ({ page }) => {
  const email = uniqueEmail("kyc-often");
  await page.addInitScript(() => localStorage.setItem("language", "hi"));
  await signUpAndLogInByApi(page, email);
  // Ten attempts the server could not read: each counts against the hour's limit.
  const { baseURL } = test.info().project.use;
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const broken = await page.request.post("/api/verification", {
      data: {},
      headers: { origin: new URL(baseURL ?? "").origin },
    });
    expect(broken.status()).toBe(400);
  }

  await page.goto("/verify");
  await page.getByLabel("PAN कार्ड पर लिखा पूरा नाम").fill("Sunita Devi Rao");
  await page.getByLabel("PAN", { exact: true }).fill("ABCPR1234K");
  await fillDateOfBirth(page);
  await page.getByLabel("PIN कोड के साथ पता").fill("21 Park Street, Kolkata 700016");
  await page.getByLabel("पते का दस्तावेज़", { exact: true }).selectOption("passport");
  await attachDocuments(page, await photo("#2050a0"));
  await page.getByRole("button", { name: "वेरिफ़िकेशन के लिए भेजें" }).click();
  await expect(
    page.getByText("आपने पिछले एक घंटे में कई बार दस्तावेज़ भेजने की कोशिश की है।", {
      exact: false,
    }),
  ).toBeVisible();
  await expect(page.getByTestId("verification-status")).toHaveText("ज़रूरी नहीं");
});
