import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { groupIndian } from "../src/shared/indian-grouping";
import { Decimal } from "../src/shared/money";
import { formatInr, indiaToday } from "../src/web/admin/lib/admin-format";
import { type BuyingDesk, startBuyingDesk } from "./buying-desk";
import {
  expect,
  expectNoSeriousViolations,
  signUpAndLogInByApi,
  test,
  uniqueEmail,
} from "./fixtures";

/*
 * Tax on the desk's purchases (issue 53): a seller in Hindi on a 360 px phone sells twice
 * across the year's ₹10,000, sees the TDS before sending, the operator pays the rest and
 * records the challan that deposits the tax, the quarter's return data holds the
 * deduction and the challan, and the seller's certificate PDF opens. It changes the
 * desk's tax settings and buys on BEP20, so it runs alone (SITE_WIDE_SPECS).
 */

test.describe.configure({ mode: "serial" });

const PHONE = { width: 360, height: 740 };
const origin = () => new URL(test.info().project.use.baseURL ?? "").origin;
const DESK_TAN = "PNEA12345B";
/** A PAN of the test's own: a PAN is verified on one account only. */
const freshPan = () =>
  `ABCP${String.fromCharCode(65 + randomInt(26))}${String(randomInt(10_000)).padStart(4, "0")}K`;

let buyingDesk: BuyingDesk;
let desk: Page;
let taxBefore: Record<string, unknown>;
test.beforeAll(async ({ browser }) => {
  buyingDesk = await startBuyingDesk(browser, origin());
  desk = buyingDesk.operator;
  taxBefore = await (await desk.request.get("/api/admin/settings/tax")).json();
  const saved = await desk.request.put("/api/admin/settings/tax", {
    data: {
      ...taxBefore,
      deducts: true,
      deductorKind: "tan_holder",
      deductorTan: DESK_TAN,
      ratePercent: "1",
      thresholdInr: "10000",
      buysWithoutPan: false,
    },
    headers: { origin: origin() },
  });
  expect(saved.status(), await saved.text()).toBe(200);
});
test.afterAll(async () => {
  await desk.request.put("/api/admin/settings/tax", {
    data: taxBefore,
    headers: { origin: origin() },
  });
  await buyingDesk.close();
});

/** Kept beside the run's results, to look at: the page as its viewport shows it, whole. */
async function keepScreenshot(page: Page, name: string) {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await test.info().attach(name, { path, contentType: "image/png" });
}

/**
 * The signed-in customer's identity verified with a PAN, as an operator approves it:
 * their details and documents sent, then the operator's decision.
 */
async function verifyWithPanByApi(page: Page, pan: string, legalName: string) {
  const photo = await sharp({
    create: { width: 320, height: 200, channels: 3, background: "#2050a0" },
  })
    .jpeg()
    .toBuffer();
  const passport = await PDFDocument.create();
  passport.addPage([300, 200]).drawText("Passport", { x: 20, y: 100 });
  const sent = await page.request.post("/api/verification", {
    multipart: {
      legalName,
      pan,
      dateOfBirth: "1988-07-09",
      address: "21 Park Street, Kolkata 700016",
      addressDocumentKind: "passport",
      panCard: { name: "pan.jpg", mimeType: "image/jpeg", buffer: photo },
      addressDocument: {
        name: "passport.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from(await passport.save()),
      },
      selfie: { name: "selfie.jpg", mimeType: "image/jpeg", buffer: photo },
    },
    headers: { origin: origin() },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const submissionId = (await sent.json()).submission.id as string;
  const session = await (await page.request.get("/api/auth/get-session")).json();
  const decided = await desk.request.post(`/api/admin/verifications/${session.user.id}/decision`, {
    data: { submissionId, decision: "verified" },
    headers: { origin: origin() },
  });
  expect(decided.status(), await decided.text()).toBe(200);
}

/** The customer sells `usdt` on the Sell tab in Hindi and lands on the sale's page: its id and deposit. */
async function sellOnTheTab(page: Page, usdt: string) {
  await page.goto("/?side=sell");
  const panel = page.getByRole("tabpanel", { name: "बेचें" });
  await panel.getByLabel("आप कितने USDT बेच रहे हैं").fill(usdt);
  return panel;
}

/** The sale's page after Sell: its id, and the USDT it asks for. */
async function placedSale(page: Page) {
  await expect(page).toHaveURL(/\/sell\/[0-9a-f-]{36}$/);
  const sendExactly = page.getByTestId("send-exactly");
  const deposit = /ठीक (\d+\.\d\d) USDT/.exec((await sendExactly.textContent()) ?? "")?.[1];
  expect(deposit).toBeDefined();
  const id = new URL(page.url()).pathname.split("/").pop() ?? "";
  return { id, shortId: id.slice(0, 8), deposit: deposit ?? "" };
}

/** The deposit arrives and deepens; the customer's page says the USDT were received. */
async function depositArrives(page: Page, deposit: string) {
  buyingDesk.deposit(deposit);
  buyingDesk.node.head += 5;
  await expect(page.getByRole("heading", { level: 1, name: "USDT मिल गए" })).toBeVisible({
    timeout: 30_000,
  });
}

/** The operator pays a received sale from the queue with a UTR: the amount the dialog asked. */
async function payFromTheQueue(sale: { id: string; shortId: string }) {
  await desk.goto(`/admin/sell-orders?order=${sale.id}`);
  const dialog = desk.getByRole("dialog", { name: `Sale #${sale.shortId}` });
  const asked = (await dialog.getByTestId("sell-pay-amount").textContent()) ?? "";
  const upiLink = await dialog.getByTestId("upi-pay-link").getAttribute("href");
  await dialog.getByLabel("The bank's UTR").fill(String(randomInt(10 ** 11, 10 ** 12)));
  await dialog.getByLabel("Paid from").selectOption({ label: "Desk UPI (rupeedesk@okhdfcbank)" });
  await dialog.getByLabel("The bank's UTR").press("Enter");
  await expect(dialog).toBeHidden();
  await expect(desk.getByText(`Sale #${sale.shortId} is paid`)).toBeVisible();
  return { asked, upiLink, tdsLine: dialog.getByTestId("sell-tds") };
}

test("a seller in Hindi on a phone sells twice across the year's ₹10,000: the TDS before sending, the net paid, the challan recorded, the quarter's data and the certificate", async ({
  page,
}) => {
  test.slow(); // two sales through the watcher, two payouts, a challan, two downloads
  await page.setViewportSize(PHONE);
  await page.addInitScript(() => localStorage.setItem("language", "hi"));
  const email = uniqueEmail("tds-seller");
  await signUpAndLogInByApi(page, email);
  const pan = freshPan();
  await verifyWithPanByApi(page, pan, "Sunita Devi Rao");
  const account = await page.request.post("/api/account/payout-destinations", {
    data: { kind: "upi", holderName: "Sunita Devi Rao", upiId: `${email.split("@")[0]}@okaxis` },
    headers: { origin: origin() },
  });
  expect(account.status(), await account.text()).toBe(201);

  // The first sale, ₹8,400 and some paise: within the year's ₹10,000, untaxed, and said so.
  let panel = await sellOnTheTab(page, "100");
  await expect(panel.getByTestId("sale-rupees")).toHaveText("₹8,400.00");
  await expect(
    panel.getByText("इस वित्त वर्ष में आपकी बिक्री: ₹0.00। ₹10,000 से ऊपर स्रोत पर टैक्स कटता है", {
      exact: false,
    }),
  ).toBeVisible();
  await expect(panel.getByTestId("sale-tax")).toHaveCount(0);
  await panel.getByRole("button", { name: "USDT बेचें" }).click();
  const first = await placedSale(page);
  await depositArrives(page, first.deposit);
  const firstPaid = await payFromTheQueue(first);
  const firstSale = await (await page.request.get(`/api/sell-orders/${first.id}`)).json();
  expect(firstSale.tds).toBeNull();
  expect(firstPaid.asked).toBe(firstSale.inrAmount);

  // The second passes the threshold: taxed whole, 1% to the rupee, shown before selling.
  panel = await sellOnTheTab(page, "30");
  const tax = panel.getByTestId("sale-tax");
  await expect(tax).toContainText("TDS 1% (धारा 194S)");
  await expect(tax).toContainText("−₹25.00");
  await expect(panel.getByTestId("sale-rupees")).toHaveText("₹2,495.00");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await expectNoSeriousViolations(page);
  await keepScreenshot(page, "sell-tab-tds-360px-hindi");
  await panel.getByRole("button", { name: "USDT बेचें" }).click();
  const second = await placedSale(page);
  const secondSale = await (await page.request.get(`/api/sell-orders/${second.id}`)).json();
  const gross = new Decimal(secondSale.inrAmount);
  const tds = gross.div(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  expect(secondSale.tds).toMatchObject({ section: "194S", ratePercent: "1", inr: tds.toFixed(2) });
  expect(secondSale.payoutInr).toBe(gross.minus(tds).toFixed(2));
  // The sale's page, before anything is sent: the rupees, the tax, and what reaches them.
  await expect(page.getByText("TDS 1% (धारा 194S)")).toBeVisible();
  await expect(page.getByTestId("sale-tds")).toHaveText(`−₹${tds.toFixed(2)}`);
  await expect(page.getByTestId("sale-payout")).toHaveText(`₹${groupIndian(secondSale.payoutInr)}`);
  await expect(page.getByText("आपके खाते में पहुँचेंगे")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await keepScreenshot(page, "sale-page-tds-360px-hindi");

  // The operator pays the net: the amount, its UPI link, and the tax kept named under it.
  await depositArrives(page, second.deposit);
  const secondPaid = await payFromTheQueue(second);
  expect(secondPaid.asked).toBe(secondSale.payoutInr);
  expect(secondPaid.upiLink).toContain(`am=${secondSale.payoutInr}`);
  await expect(page.getByRole("heading", { level: 1, name: "पेमेंट हो गया" })).toBeVisible();

  await recordChallanAndReadTheQuarter({ page, pan, sale: second, tds: tds.toFixed(2), gross });
});

/** The financial year's quarter of an India month (YYYY-MM): April–June is Q1. */
const quarterOf = (month: string) =>
  `Q${Math.floor(((Number(month.slice(5, 7)) + 8) % 12) / 3) + 1}`;

/** A sheet's rows as header → cell text, read as an accountant's tool would. */
function rowsOf(sheet: ExcelJS.Worksheet | undefined) {
  if (!sheet) return [];
  // Row values are sparse (cell 1 is at index 1): Array.from fills the holes.
  const headers = Array.from(sheet.getRow(1).values as unknown[], (cell) => String(cell ?? ""));
  const rows: Record<string, string>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values = row.values as unknown[];
    rows.push(
      Object.fromEntries(headers.map((header, index) => [header, String(values[index] ?? "")])),
    );
  });
  return rows;
}

/**
 * The operator records the challan that deposited the sale's TDS in the register, the
 * quarter's Form 26Q data holds the challan and the deduction, and the seller opens
 * their certificate in Profile → Tax.
 */
async function recordChallanAndReadTheQuarter({
  page,
  pan,
  sale,
  tds,
  gross,
}: {
  page: Page;
  pan: string;
  sale: { id: string; shortId: string };
  tds: string;
  gross: Decimal;
}) {
  const today = indiaToday();
  const month = desk.locator(`[data-testid="tds-month"][data-month="${today.slice(0, 7)}"]`);
  await desk.goto("/admin/tax");
  await expect(desk.getByRole("heading", { level: 1, name: "TDS Register" })).toBeVisible();
  const deduction = month.getByTestId("tds-deduction").filter({ hasText: `#${sale.shortId}` });
  await expect(deduction).toContainText(pan);
  await expect(deduction).toContainText(formatInr(tds));
  await month.getByRole("button", { name: "Record challan" }).click();
  const dialog = desk.getByRole("dialog", { name: /^Record a challan for / });
  // Only this sale's deduction: other runs' may wait in the month too.
  for (const box of await dialog.getByTestId("challan-deduction").all()) {
    const label = (await box.locator("xpath=..").textContent()) ?? "";
    if (label.includes(`#${sale.shortId}`) !== (await box.isChecked())) await box.click();
  }
  await expect(dialog.getByLabel("Tax (₹)")).toHaveValue(tds);
  const bsrCode = String(randomInt(10 ** 6, 10 ** 7));
  const serialNumber = String(randomInt(10 ** 4, 10 ** 5));
  await dialog.getByLabel("BSR code").fill(bsrCode);
  await dialog.getByLabel("Challan serial no.").fill(serialNumber);
  await dialog.getByRole("button", { name: "Record challan" }).click();
  await expect(desk.getByText("Challan recorded")).toBeVisible();
  await expect(deduction).toContainText(bsrCode);
  await keepScreenshot(desk, "tds-register");

  // The quarter's return data: the challan and the deduction under it, section 194S.
  await desk.getByLabel("Quarter").selectOption(quarterOf(today.slice(0, 7)));
  const [download] = await Promise.all([
    desk.waitForEvent("download"),
    desk.getByRole("button", { name: "Download Form 26Q data" }).click(),
  ]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const challan = rowsOf(workbook.getWorksheet("Challans")).find(
    (row) => row["BSR Code [408]"] === bsrCode,
  );
  expect(challan).toMatchObject({
    "Tax (₹) [402]": expect.stringMatching(new RegExp(`^${Number(tds)}(\\.00)?$`)),
    "Challan Serial No. [409]": serialNumber,
  });
  const deductee = rowsOf(workbook.getWorksheet("Deductees")).find(
    (row) => row["Sale (RupeeDesk)"] === sale.id,
  );
  expect(deductee).toMatchObject({
    "PAN of the Deductee": pan,
    "Name of the Deductee": "Sunita Devi Rao",
    "Section Code": "194S",
    "Amount Paid / Credited (₹)": expect.stringMatching(new RegExp(`^${gross.toNumber()}`)),
    "Rate at which Tax Deducted (%)": "1",
  });

  // The seller's certificate of the quarter so far, in Hindi, from Profile → Tax.
  await page.goto("/profile/tax");
  const download26 = page.getByRole("link", { name: /प्रमाणपत्र डाउनलोड करें/ });
  await expect(download26).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await expectNoSeriousViolations(page);
  await keepScreenshot(page, "profile-tax-360px-hindi");
  const certificate = await page.request.get((await download26.getAttribute("href")) ?? "");
  expect(certificate.status()).toBe(200);
  expect(certificate.headers()["content-type"]).toBe("application/pdf");
  const pdf = await PDFDocument.load(await certificate.body());
  expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
}
