import type { Page } from "@playwright/test";
import { startFakeChain } from "../src/server/testing/fake-chain";
import { FakeEvmNode } from "../src/server/testing/fake-evm-node";
import {
  expect,
  expectNoSeriousViolations,
  secondBrowserPage,
  signUpAndLogInByApi,
  stepUpAsAdmin,
  test,
  uniqueEmail,
} from "./fixtures";

/*
 * A customer sells USDT (issue 44): on a 360 px phone, in Hindi, from the Sell tab to
 * the deposit's instructions. The desk buys on BEP20, where the e2e server's stand-in
 * node answers (as in payouts-on-chain.spec.ts), so the next steps — the node
 * receiving the deposit, the operator paying it, the books — append to this journey.
 * It turns buying on for the whole site, so it runs alone (SITE_WIDE_SPECS), and puts
 * the settings and the wallet back after.
 */

test.describe.configure({ mode: "serial" });

const PHONE = { width: 360, height: 740 };
const DESK_WALLET = "0x5a1e0c3b7d9f2e4a6c8b0d1f3e5a7c9b2d4f6a8e";
const node = new FakeEvmNode();
const origin = () => new URL(test.info().project.use.baseURL ?? "").origin;

let closeChain: () => Promise<void> = async () => {};
let desk: Page;
let buyingBefore: Record<string, unknown>;

test.beforeAll(async ({ browser }) => {
  const chain = await startFakeChain(node.respond, { port: Number(process.env.E2E_BEP20_PORT) });
  closeChain = chain.close;
  // The desk buys on BEP20, into its BEP20 payout wallet (decision 049).
  desk = await secondBrowserPage(browser);
  await stepUpAsAdmin(desk);
  const headers = { origin: origin() };
  const wallet = await desk.request.put("/api/admin/treasury/bep20", {
    data: {
      walletAddress: DESK_WALLET,
      feePerPayout: "",
      alertOwedPercent: "",
      pauseWhenShort: false,
    },
    headers,
  });
  expect(wallet.status(), await wallet.text()).toBe(200);
  const { exchangeRate: _, ...buying } = await (
    await desk.request.get("/api/admin/settings/buying")
  ).json();
  buyingBefore = buying;
  const saved = await desk.request.put("/api/admin/settings/buying", {
    data: { ...buying, buyRate: "84", buyNetworks: ["bep20"], sellMinUsdt: "10" },
    headers,
  });
  expect(saved.status(), await saved.text()).toBe(200);
});

test.afterAll(async () => {
  const headers = { origin: origin() };
  await desk.request.put("/api/admin/settings/buying", { data: buyingBefore, headers });
  await desk.request.delete("/api/admin/treasury/bep20/wallet", { headers });
  await desk.context().close();
  await closeChain();
});

test("a customer on a phone, in Hindi, adds their UPI ID, sells 100 USDT and is shown exactly what to send where", async ({
  page,
}) => {
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
  await expect(panel.getByLabel("आप किस नेटवर्क पर भेजेंगे")).toHaveValue("bep20");
  await panel.getByLabel("आप कितने USDT बेच रहे हैं").fill("100");
  await expect(panel.getByTestId("sale-rupees")).toHaveText("₹8,400.00");

  // No account yet: a UPI ID in another shape is refused under its field, in Hindi.
  await panel.getByRole("textbox", { name: "UPI ID" }).fill("not-a-upi");
  await panel.getByRole("button", { name: "यह खाता सेव करें" }).click();
  await expect(panel.getByText("name@bank जैसी UPI ID लिखें, जैसे rahul@okhdfcbank।")).toBeVisible();
  await expectNoSeriousViolations(page);
  await expect(panel.getByRole("textbox", { name: "UPI ID" })).toBeFocused();
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
  await expect(page.getByText(DESK_WALLET, { exact: false }).first()).toBeVisible();
  await expect(page.getByRole("img", { name: /डिपॉज़िट एड्रेस .* का QR कोड/ })).toBeVisible();
  await expect(page.getByTestId("deposit-countdown")).toHaveText(/^(30:00|29:\d\d)$/);
  await expect(page.getByRole("button", { name: /कॉपी/ }).first()).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousViolations(page);

  // The sale is in the customer's orders, beside their buys.
  await page.getByRole("link", { name: "अपने ऑर्डर पर वापस" }).click();
  await expect(page.getByRole("heading", { name: "आपकी बिक्री" })).toBeVisible();
  await expect(page.getByTestId("sales")).toContainText("₹8,4");
  // A sale and no buy order: the history does not say there are no orders.
  await expect(page.getByText("अभी कोई ऑर्डर नहीं")).toBeHidden();
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

test("the operators' alert of a sale opens that sale's details on the payout queue, and closing them leaves the queue", async ({
  page,
}) => {
  const email = uniqueEmail("alerted-seller");
  await signUpAndLogInByApi(page, email);
  const headers = { origin: origin() };
  const account = await page.request.post("/api/account/payout-destinations", {
    data: { kind: "upi", holderName: email.split("@")[0], upiId: "alerted@okaxis" },
    headers,
  });
  expect(account.status(), await account.text()).toBe(201);
  const placed = await page.request.post("/api/sell-orders", {
    data: {
      network: "bep20",
      usdtAmount: "40",
      quotedBuyRate: "84",
      destinationId: (await account.json()).id,
    },
    headers,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const sale = await placed.json();

  // The alert's link: the sale is awaiting its deposit, not in the queue's received list.
  await desk.goto(`/admin/sell-orders?order=${sale.id}`);
  const details = desk.getByRole("dialog", { name: `Sale #${sale.id.slice(0, 8)}` });
  await expect(details).toBeVisible();
  await expect(details).toContainText(email);
  await details.getByRole("button", { name: "Close" }).click();
  await expect(details).toBeHidden();
  await expect(desk).toHaveURL(/\/admin\/sell-orders$/);
});
