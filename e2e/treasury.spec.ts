import type { Page } from "@playwright/test";
import { USDT_TOKENS } from "../src/server/platform/config/chain-tokens";
import {
  answerBalancesAsChain,
  type FakeWallet,
  startFakeChain,
} from "../src/server/testing/fake-chain";
import {
  expect,
  placeOrderByApi,
  secondBrowserPage,
  signUpAndLogInByApi,
  stepUpAsAdmin,
  test,
  uniqueEmail,
} from "./fixtures";

/*
 * Admin → Treasury with a stand-in Polygon node (the server asks it through
 * CHAIN_RPC_POLYGON): the network pauses when owed passes on hand, the customer
 * is told before paying, and it resumes after a purchase is recorded and the
 * wallet is read again holding more. Polygon is this journey's alone.
 */

const DESK_WALLET = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";
const CUSTOMER_WALLET = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const { token, decimals } = USDT_TOKENS.polygon;
const wallet: FakeWallet = {
  token,
  decimals,
  wallet: DESK_WALLET,
  usdt: 100n * 10n ** BigInt(decimals),
  fee: 5n * 10n ** 18n,
};

let closeChain: () => Promise<void> = async () => {};
test.beforeAll(async () => {
  const chain = await startFakeChain(
    answerBalancesAsChain("evm", () => wallet),
    { port: Number(process.env.E2E_CHAIN_PORT) },
  );
  closeChain = chain.close;
});
test.afterAll(() => closeChain());

const origin = () => new URL(test.info().project.use.baseURL ?? "").origin;

/** The Polygon row's menu item, on Admin → Treasury. */
async function polygonAction(admin: Page, action: string) {
  await admin.getByRole("button", { name: "Actions for Polygon" }).click();
  await admin.getByRole("menuitem", { name: action }).click();
}

test("a network pauses when owed reaches on hand, says so before payment, and resumes once the wallet holds more", async ({
  page,
  browser,
}) => {
  const admin = await secondBrowserPage(browser);
  await stepUpAsAdmin(admin);
  await admin.goto("/admin/treasury");
  const row = admin.getByTestId("treasury-row-polygon");
  await polygonAction(admin, "Edit wallet and settings");
  const form = admin.getByRole("dialog", { name: "Polygon payout wallet" });
  await form.getByLabel("Payout wallet (Polygon address)").fill("0x1234");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText(/not a valid Polygon address/)).toBeVisible();
  await form.getByLabel("Payout wallet (Polygon address)").fill(DESK_WALLET);
  await form.getByLabel("Fee per payout (POL)").fill("0.05");
  await form.getByLabel("Alert when owed passes (% of USDT on hand)").fill("80");
  await form.getByLabel("Pause new orders when owed would pass on hand").click();
  // Nothing read yet: the form says the network stops taking orders once saved.
  await expect(form.getByRole("status")).toContainText("Polygon takes no new orders until");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form).toBeHidden();
  await polygonAction(admin, "Read balances now");
  await expect(row.getByTestId("treasury-usdt-polygon").filter({ visible: true })).toContainText(
    "100.0000 USDT on hand",
  );
  await expect(row).toContainText("5 POL on hand");

  // A customer's order of 100 USDT on Polygon: owed reaches the 100 on hand.
  await signUpAndLogInByApi(page, uniqueEmail("treasury"));
  await placeOrderByApi(page, { network: "polygon", walletAddress: CUSTOMER_WALLET });
  await expect(row).toContainText("Orders paused", { timeout: 20_000 });

  // The customer is told on the form, and Place Order does not lead to paying.
  await page.goto("/");
  await page.getByLabel("Select Network").selectOption("polygon");
  const notice = page.getByTestId("network-paused");
  await expect(notice).toContainText("Polygon payouts paused");
  await expect(notice).toContainText("Do not pay");
  await page.getByLabel("Amount").fill("860");
  await page.getByLabel("Your USDT (Polygon) Address").fill(CUSTOMER_WALLET);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Polygon payouts paused").last()).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Confirm Your Order" })).toHaveCount(0);
  // Asked directly, the server refuses to show where to pay.
  const refused = await page.request.post("/api/orders/payment-offer", {
    data: { sendCurrency: "upi_inr", amount: "860", network: "polygon" },
    headers: { origin: origin() },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).code).toBe("NETWORK_PAUSED");

  // The desk buys USDT, records it in Books, the coins arrive, and the wallet is read again.
  const purchase = await admin.request.post("/api/admin/books/purchases", {
    data: {
      boughtOn: new Date().toISOString().slice(0, 10),
      network: "polygon",
      quantityUsdt: "1000",
      paidCurrency: "INR",
      paidAmount: "87000",
      source: "e2e exchange",
      note: "",
    },
    headers: { origin: origin() },
  });
  expect(purchase.status(), await purchase.text()).toBe(201);
  wallet.usdt = 1100n * 10n ** BigInt(decimals);
  await polygonAction(admin, "Read balances now");
  await expect(row.getByTestId("treasury-usdt-polygon").filter({ visible: true })).toContainText(
    "1,100.0000 USDT on hand",
  );
  await expect(row).not.toContainText("Orders paused");

  await page.goto("/");
  await page.getByLabel("Select Network").selectOption("polygon");
  await expect(page.getByTestId("network-paused")).toHaveCount(0);
  await page.getByLabel("Amount").fill("860");
  await page.getByLabel("Your USDT (Polygon) Address").fill(CUSTOMER_WALLET);
  await page.getByRole("button", { name: "Place Order" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm Your Order" });
  await expect(dialog.getByText("rupeedesk@okhdfcbank")).toBeVisible();
  await admin.close();
});
