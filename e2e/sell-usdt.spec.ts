import { randomInt } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { Decimal } from "../src/shared/money";
import { formatInr, formatUsdt, indiaToday } from "../src/web/admin/lib/admin-format";
import { type BuyingDesk, startBuyingDesk } from "./buying-desk";
import {
  expect,
  expectNoSeriousViolations,
  placeOrderByApi,
  secondBrowserPage,
  signUpAndLogInByApi,
  test,
  uniqueEmail,
} from "./fixtures";

/*
 * A customer sells USDT (issue 44): on a 360 px phone, in Hindi, from the Sell tab to
 * the deposit's instructions, the stand-in BEP20 node receiving the deposit (the
 * e2e server's watcher reads it every 5 s, as in payouts-on-chain.spec.ts), an
 * operator paying the rupees with the bank's UTR, the customer's page turning Paid by
 * itself, and Admin → Books showing the USDT bought beside the USDT sold that day. It turns buying on for the whole site and registers the desk's
 * BEP20 wallet, so it runs alone (SITE_WIDE_SPECS, one worker), and puts the settings
 * and the wallet back after.
 */

test.describe.configure({ mode: "serial" });

const PHONE = { width: 360, height: 740 };
const origin = () => new URL(test.info().project.use.baseURL ?? "").origin;

let buyingDesk: BuyingDesk;
let desk: Page;
test.beforeAll(async ({ browser }) => {
  buyingDesk = await startBuyingDesk(browser, origin());
  desk = buyingDesk.operator;
});
test.afterAll(() => buyingDesk.close());

/** Kept beside the run's results, to look at: the page as its viewport shows it, whole. */
async function keepScreenshot(page: Page, name: string) {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await test.info().attach(name, { path, contentType: "image/png" });
}

/** The Sell tab's headline and a seller's instructions, and the buy side's instruction it must not show. */
const SELL_TAB_WORDS = {
  en: {
    headline: "Sell USDT for Indian Rupees",
    instruction: "Send only from an exchange account or wallet in your own name.",
    buyInstruction: "Pay only from your own personal bank account or UPI ID.",
  },
  hi: {
    headline: "भारतीय रुपये में USDT बेचें",
    instruction: "सिर्फ़ अपने नाम के एक्सचेंज खाते या वॉलेट से ही भेजें।",
    buyInstruction: "सिर्फ़ अपने पर्सनल बैंक खाते या अपनी UPI ID से ही पेमेंट करें।",
  },
} as const;

async function expectSellTabWords(page: Page, words: (typeof SELL_TAB_WORDS)["en" | "hi"]) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.headline);
  await expect(page.getByText(words.instruction)).toBeVisible();
  await expect(page.getByText(words.buyInstruction)).toHaveCount(0);
}

/** Today's books (India day) as the API answers them: the figures this journey adds to. */
async function todaysBooks(operator: Page) {
  const today = indiaToday();
  const answer = await operator.request.get(`/api/admin/books?from=${today}&to=${today}`);
  expect(answer.status(), await answer.text()).toBe(200);
  const books = await answer.json();
  type Figures = Record<string, string | number | null>;
  return {
    day: (books.days[0] ?? {}) as Figures,
    account: (label: string): Figures =>
      books.accounts.find((row: Figures) => row.accountLabel === label) ?? {},
    network: (id: string): Figures =>
      books.networks.find((row: Figures) => row.network === id) ?? {},
  };
}

/** `base` (a figure of the books, or none yet) plus `added`, as an exact decimal. */
const plus = (base: string | number | null | undefined, added: string | number) =>
  new Decimal(base || "0").plus(added).toFixed();

/** The cell of `row` under the column headed `header` in `table`. */
async function cellUnder(table: Locator, row: Locator, header: string) {
  await expect(row).toBeVisible();
  const headers = (await table.getByRole("columnheader").allTextContents()).map((text) =>
    text.trim(),
  );
  const index = headers.indexOf(header);
  expect(index, `"${header}" among ${headers.join(", ")}`).toBeGreaterThanOrEqual(0);
  return row.locator("td, th").nth(index);
}

test("a customer on a phone, in Hindi, sells 100 USDT to their UPI ID, sends it and sees it paid with the operator's UTR; the day's books show it beside the desk's sales", async ({
  page,
  browser,
}) => {
  // The whole sale: placed, sent, confirmed by the watcher's passes, paid by an operator.
  test.slow();
  // Today's books before this sale (other journeys' figures are in them too).
  const booksBefore = await todaysBooks(desk);
  await page.setViewportSize(PHONE);
  await signUpAndLogInByApi(page, uniqueEmail("seller"));
  await page.goto("/");
  await page.getByRole("combobox", { name: "Language" }).selectOption("hi");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");

  // The Sell tab, beside Buy, at the buy rate.
  await page.getByRole("tab", { name: "बेचें" }).click();
  await expect(page).toHaveURL(/\?side=sell$/);
  await expect(page.getByRole("tab", { name: "बेचें" })).toHaveAttribute("aria-selected", "true");
  await expect(
    page.getByTestId("rate-banner").getByText("1 USDT = ₹84", { exact: true }),
  ).toBeVisible();
  const panel = page.getByRole("tabpanel", { name: "बेचें" });
  // The tab's own headline and a seller's instructions; none of the buyer's.
  await expectSellTabWords(page, SELL_TAB_WORDS.hi);
  await expect(panel.getByLabel("आप किस नेटवर्क पर भेजेंगे")).toHaveValue("bep20");
  await panel.getByLabel("आप कितने USDT बेच रहे हैं").fill("100");
  await expect(panel.getByTestId("sale-rupees")).toHaveText("₹8,400.00");

  // No account yet: a UPI ID in another shape is refused under its field, in Hindi.
  await panel.getByRole("textbox", { name: "UPI ID" }).fill("not-a-upi");
  await panel.getByRole("button", { name: "यह खाता सेव करें" }).click();
  await expect(panel.getByText("name@bank जैसी UPI ID लिखें, जैसे rahul@okhdfcbank।")).toBeVisible();
  await expectNoSeriousViolations(page);
  await expect(panel.getByRole("textbox", { name: "UPI ID" })).toBeFocused();
  await keepScreenshot(page, "sell-tab-360px-hindi");
  await panel.getByRole("textbox", { name: "UPI ID" }).fill("seller@okhdfcbank");
  await panel.getByRole("button", { name: "यह खाता सेव करें" }).click();
  const account = panel.getByRole("radio", { name: /UPI · seller@okhdfcbank/ });
  await expect(account).toBeChecked();

  await panel.getByRole("button", { name: "USDT बेचें" }).click();
  await expect(page).toHaveURL(/\/sell\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "आपके USDT का इंतज़ार" })).toBeVisible();
  // Exactly 100 USDT, or a few cents more to tell this deposit from another's.
  const sendExactly = page.getByTestId("send-exactly");
  await expect(sendExactly).toHaveText(/^BEP20 .*पर ठीक 100\.\d\d USDT भेजें$/);
  await expect(page.getByText(buyingDesk.wallet, { exact: false }).first()).toBeVisible();
  await expect(page.getByRole("img", { name: /डिपॉज़िट एड्रेस .* का QR कोड/ })).toBeVisible();
  await expect(page.getByTestId("deposit-countdown")).toHaveText(/^(30:00|29:\d\d)$/);
  await expect(page.getByRole("button", { name: /कॉपी/ }).first()).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousViolations(page);

  const deposit = /ठीक (100\.\d\d) USDT/.exec((await sendExactly.textContent()) ?? "")?.[1];
  expect(deposit).toBeDefined();
  const saleId = new URL(page.url()).pathname.split("/").pop() ?? "";
  const shortId = saleId.slice(0, 8);

  // The sale is in the customer's orders, beside their buys; back to it from there.
  await page.getByRole("link", { name: "अपने ऑर्डर पर वापस" }).click();
  await expect(page.getByRole("heading", { name: "आपकी बिक्री" })).toBeVisible();
  await expect(page.getByTestId("sales")).toContainText("₹8,4");
  // A sale and no buy order: the history does not say there are no orders.
  await expect(page.getByText("अभी कोई ऑर्डर नहीं")).toBeHidden();
  await page
    .getByTestId("sales")
    .getByRole("link", { name: new RegExp(shortId) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/sell/${saleId}$`));
  // From here on the page is never loaded again: what changes comes to it by itself.
  await page.evaluate(() => {
    (window as { stillThisPage?: boolean }).stillThisPage = true;
  });

  // The customer's wallet sends exactly the amount; one block on top: seen, 2 of 3.
  buyingDesk.deposit(deposit ?? "");
  const message = page.getByTestId("sale-message");
  await expect(message).toHaveText(
    "हमें आपका डिपॉज़िट दिख रहा है: BEP20 पर 3 में से 2 पुष्टियाँ। यह पेज अपने आप अपडेट होता है।",
    { timeout: 30_000 },
  );
  await expect(sendExactly).toBeHidden();
  // Deep enough: USDT received, and the rupees on their way.
  buyingDesk.node.head += 5;
  await expect(page.getByRole("heading", { level: 1, name: "USDT मिल गए" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(message).toHaveText(
    /^आपके USDT हमें मिल गए हैं और हम ₹8,4\d\d\.\d\d आपके खाते में भेज रहे हैं।$/,
  );

  // An operator pays it from the queue by keyboard: the row, p, the UTR, the account, Enter.
  const utr = String(randomInt(10 ** 11, 10 ** 12));
  await desk.goto("/admin/sell-orders");
  await expect(desk.getByRole("heading", { level: 1, name: "Sell orders" })).toBeVisible();
  const row = desk.locator(`[data-sell-order="${saleId}"]`);
  await expect(row).toContainText("seller@okhdfcbank");
  await row.getByText(`#${shortId}`).click();
  await expect(row).toHaveAttribute("aria-selected", "true");
  await desk.keyboard.press("p");
  const dialog = desk.getByRole("dialog", { name: `Sale #${shortId}` });
  await expect(dialog.getByTestId("upi-pay-link")).toHaveAttribute(
    "href",
    /^upi:\/\/pay\?pa=seller@okhdfcbank&/,
  );
  const utrField = dialog.getByLabel("The bank's UTR");
  await expect(utrField).toBeFocused();
  await desk.keyboard.type(utr);
  // No account chosen: refused in the form, nothing paid.
  await desk.keyboard.press("Enter");
  await expect(dialog.getByText("Choose the desk account the rupees left from.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "USDT मिल गए" })).toBeVisible();
  await dialog.getByLabel("Paid from").selectOption({ label: "Desk UPI (rupeedesk@okhdfcbank)" });
  await utrField.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(desk.getByText(`Sale #${shortId} is paid`)).toBeVisible();
  await expect(row).toBeHidden();

  // The customer's page says Paid, with the bank's reference, in Hindi, by itself.
  await expect(page.getByRole("heading", { level: 1, name: "पेमेंट हो गया" })).toBeVisible();
  await expect(message).toHaveText(/^हमने ₹8,4\d\d\.\d\d आपके खाते में भेज दिए।$/);
  await expect(page.getByTestId("sale-utr")).toHaveText(utr);
  await expect(page.getByText("बैंक रेफ़रेंस (UTR)")).toBeVisible();
  await expect(
    page.getByRole("list", { name: "प्रगति" }).getByRole("listitem").last(),
  ).toHaveAttribute("aria-current", "step");
  expect(await page.evaluate(() => (window as { stillThisPage?: boolean }).stillThisPage)).toBe(
    true,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await expectNoSeriousViolations(page);
  await keepScreenshot(page, "paid-360px-hindi");

  // The desk sold today too: a buyer's ₹8,600 for 100 USDT, paid into the desk's UPI ID.
  const buyer = await secondBrowserPage(browser);
  await signUpAndLogInByApi(buyer, uniqueEmail("books-buyer"));
  const orderId = await placeOrderByApi(buyer);
  const completed = await desk.request.post(`/api/admin/orders/${orderId}/status`, {
    data: { status: "completed", payoutTxHash: `${orderId.replaceAll("-", "")}${"0".repeat(32)}` },
    headers: { origin: origin() },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  await buyer.context().close();

  // Admin → Books, today: the USDT bought from this customer beside the USDT sold.
  const { depositUsdt, inrAmount } = await (
    await page.request.get(`/api/sell-orders/${saleId}`)
  ).json();
  const today = indiaToday();
  await desk.getByRole("link", { name: "Books" }).click();
  await expect(desk.getByRole("heading", { level: 1, name: "Books" })).toBeVisible();
  const showToday = desk.getByRole("button", { name: `Show ${today}` });
  const days = desk.getByRole("table").filter({ has: showToday });
  const todayRow = days.getByRole("row").filter({ has: showToday });
  const dayBefore = booksBefore.day;
  for (const [header, figure] of [
    ["Orders", String(Number(dayBefore.orders ?? 0) + 1)],
    ["USDT", formatUsdt(plus(dayBefore.usdt, 100))],
    ["USDT bought", formatUsdt(plus(dayBefore.usdtBought, depositUsdt))],
    ["Rupees paid", formatInr(plus(dayBefore.inrPaid, inrAmount))],
  ] as const) {
    await expect(await cellUnder(days, todayRow, header), header).toHaveText(figure);
  }
  await showToday.click();
  const day = desk.getByRole("region", { name: today });
  // The desk's UPI ID: the buyer's rupees in, the seller's rupees out, on one row.
  const accounts = day.getByRole("table", { name: "Receiving accounts" });
  const deskUpi = accounts.getByRole("row").filter({ hasText: "Desk UPI" });
  const upiBefore = booksBefore.account("Desk UPI");
  await expect(await cellUnder(accounts, deskUpi, "From orders")).toHaveText(
    formatInr(plus(upiBefore.ordersInr, 8600)),
  );
  await expect(await cellUnder(accounts, deskUpi, "Paid to sellers")).toHaveText(
    formatInr(plus(upiBefore.paidOutInr, inrAmount)),
  );
  // USDT out on TRC20 to the buyer, in on BEP20 from the seller.
  const networks = day.getByRole("table", { name: "Networks" });
  const trc20 = networks.getByRole("row").filter({ hasText: "TRC20" });
  await expect(await cellUnder(networks, trc20, "USDT paid out")).toHaveText(
    formatUsdt(plus(booksBefore.network("trc20").usdt, 100)),
  );
  const bep20 = networks.getByRole("row").filter({ hasText: "BEP20" });
  await expect(await cellUnder(networks, bep20, "USDT received")).toHaveText(
    formatUsdt(plus(booksBefore.network("bep20").usdtIn, depositUsdt)),
  );
});

test("a visitor reaches the Sell tab by keyboard, hears the smallest sale, and after logging in is back on it with their amount", async ({
  page,
}) => {
  await page.goto("/");
  const buyTab = page.getByRole("tab", { name: "Buy" });
  await buyTab.focus();
  await page.keyboard.press("ArrowRight");
  const sellTab = page.getByRole("tab", { name: "Sell" });
  await expect(sellTab).toBeFocused();
  await expect(sellTab).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/\?side=sell$/);
  await expect(page.getByRole("button", { name: "Place Order" })).toBeHidden();

  const panel = page.getByRole("tabpanel", { name: "Sell" });
  const amount = panel.getByLabel("USDT you sell");
  await amount.fill("5");
  await amount.press("Enter");
  await expect(panel.getByText("The smallest sale is 10 USDT.")).toBeVisible();
  await expect(amount).toBeFocused();
  await expect(
    panel.getByText("Log in to choose the UPI ID or bank account we pay."),
  ).toBeVisible();

  await amount.fill("25.50");
  await panel.getByRole("button", { name: "Sell USDT" }).click();
  await expect(page).toHaveURL(/\/login\?next=%2F%3Fside%3Dsell$/);
  await signUpAndLogInByApi(page, uniqueEmail("visitor-seller"));
  await page.reload();
  await expect(page).toHaveURL(/\/\?side=sell$/);
  await expect(
    page.getByRole("tabpanel", { name: "Sell" }).getByLabel("USDT you sell"),
  ).toHaveValue("25.50");
  await expect(page.getByTestId("sale-rupees")).toHaveText("₹2,142.00");
});

test("a customer with one payout account sells on a phone with one press of Sell USDT, in the Sell tab's own words; the desk reads its holds in words", async ({
  page,
}) => {
  // The desk holds a first sale above ₹1,000 and a payout to an account not paid before.
  const headers = { origin: origin() };
  const buying = await (await desk.request.get("/api/admin/settings/buying")).json();
  const { exchangeRate: _, ...inForce } = buying;
  const holding = await desk.request.put("/api/admin/settings/buying", {
    data: {
      ...inForce,
      sellHoldFirstSale: true,
      sellHoldFirstSaleAboveInr: "1000",
      sellHoldNewDestination: true,
    },
    headers,
  });
  expect(holding.status(), await holding.text()).toBe(200);
  try {
    await page.setViewportSize(PHONE);
    const account = await customerWithUpiIdByApi(page, uniqueEmail("one-account-seller"));
    await page.goto("/?side=sell");
    const panel = page.getByRole("tabpanel", { name: "Sell" });
    await expectSellTabWords(page, SELL_TAB_WORDS.en);
    // Their only account is the one paid: chosen already.
    await expect(panel.getByRole("radio", { name: new RegExp(account.upiId) })).toBeChecked();
    await panel.getByLabel("USDT you sell").fill("40");
    await expect(panel.getByTestId("sale-rupees")).toHaveText("₹3,360.00");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await keepScreenshot(page, "sell-tab-360px-english");
    await panel.getByRole("button", { name: "Sell USDT" }).click();
    await expect(page).toHaveURL(/\/sell\/[0-9a-f-]{36}$/);
    const saleId = new URL(page.url()).pathname.split("/").pop() ?? "";

    // The operator's dialog names each rule that held it, in words.
    await desk.goto(`/admin/sell-orders?order=${saleId}`);
    const details = desk.getByRole("dialog", { name: `Sale #${saleId.slice(0, 8)}` });
    await expect(details.getByTestId("sell-hold-rules").getByRole("listitem")).toHaveText([
      "A first sale above the set amount (the customer has no paid sale yet)",
      "A payout account no earlier sale of the customer was paid to",
    ]);
    await expect(details).not.toContainText("first_sale");
    await keepScreenshot(desk, "admin-sale-dialog-held");
    await details.getByRole("button", { name: "Close" }).click();
  } finally {
    await desk.request.put("/api/admin/settings/buying", { data: inForce, headers });
  }
});

/** A new customer signed in on `page`, with one payout account (a UPI ID): its id and UPI ID. */
async function customerWithUpiIdByApi(page: Page, email: string) {
  await signUpAndLogInByApi(page, email);
  const name = email.split("@")[0];
  const upiId = `${name}@okaxis`;
  const account = await page.request.post("/api/account/payout-destinations", {
    data: { kind: "upi", holderName: name, upiId },
    headers: { origin: origin() },
  });
  expect(account.status(), await account.text()).toBe(201);
  return { id: (await account.json()).id as string, upiId };
}

/** A new customer signed in on `page`, with a UPI ID, selling `usdtAmount` on BEP20: the sale. */
async function placeSaleByApi(page: Page, email: string, usdtAmount: string) {
  const account = await customerWithUpiIdByApi(page, email);
  const placed = await page.request.post("/api/sell-orders", {
    data: { network: "bep20", usdtAmount, quotedBuyRate: "84", destinationId: account.id },
    headers: { origin: origin() },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()) as { id: string };
}

test("the operators' alert of a sale opens that sale's details on the payout queue, and closing them leaves the queue", async ({
  page,
}) => {
  const email = uniqueEmail("alerted-seller");
  const sale = await placeSaleByApi(page, email, "40");

  // The alert's link: the sale is awaiting its deposit, not in the queue's received list.
  await desk.goto(`/admin/sell-orders?order=${sale.id}`);
  const details = desk.getByRole("dialog", { name: `Sale #${sale.id.slice(0, 8)}` });
  await expect(details).toBeVisible();
  await expect(details).toContainText(email);
  await details.getByRole("button", { name: "Close" }).click();
  await expect(details).toBeHidden();
  await expect(desk).toHaveURL(/\/admin\/sell-orders$/);
});

test("a phone whose clock is minutes off still counts the deposit's 30 minutes on the server's clock", async ({
  page,
}) => {
  const sale = await placeSaleByApi(page, uniqueEmail("off-clock-seller"), "45");
  for (const minutesOff of [-10, 10]) {
    // A tab of the same customer on a phone whose clock is behind, then one ahead.
    const phone = await page.context().newPage();
    await phone.clock.install({ time: Date.now() + minutesOff * 60_000 });
    await phone.goto(`/sell/${sale.id}`);
    // Its own clock would say 40:00 or 20:00.
    await expect(phone.getByTestId("deposit-countdown"), `${minutesOff} minutes off`).toHaveText(
      /^(30:00|2[89]:[0-5]\d)$/,
    );
    await phone.close();
  }
});
