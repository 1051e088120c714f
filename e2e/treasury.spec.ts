import type { Page } from "@playwright/test";
import { USDT_TOKENS } from "../src/server/platform/config/chain-tokens";
import {
  answerBalancesAsChain,
  type FakeWallet,
  startFakeChain,
} from "../src/server/testing/fake-chain";
import { FakeEvmNode } from "../src/server/testing/fake-evm-node";
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
 * is told before paying, and it resumes once the coins the desk bought arrive (a
 * top-up the watcher finds, recorded as the purchase) and the wallet is read again
 * holding more. Polygon is this journey's alone.
 */

const DESK_WALLET = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";
const CUSTOMER_WALLET = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const EXCHANGE_WALLET = "0x28c6c06298d514db089934071355e5743bf21d60";
const { token, decimals } = USDT_TOKENS.polygon;
const wallet: FakeWallet = {
  token,
  decimals,
  wallet: DESK_WALLET,
  usdt: 100n * 10n ** BigInt(decimals),
  fee: 5n * 10n ** 18n,
};

/** The chain the payout watcher reads: the wallet's USDT transfers. */
const node = new FakeEvmNode();
const WATCHER_CALLS = new Set([
  "eth_blockNumber",
  "eth_getLogs",
  "eth_getTransactionReceipt",
  "eth_getBlockByNumber",
]);

let closeChain: () => Promise<void> = async () => {};
test.beforeAll(async () => {
  const balances = answerBalancesAsChain("evm", () => wallet);
  const chain = await startFakeChain(
    (call, params) =>
      WATCHER_CALLS.has(call) ? node.respond(call, params) : balances(call, params),
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

  // The desk buys USDT and it arrives: the top-up is recorded as the purchase, and the
  // wallet is read again.
  const hash = node.send({
    token,
    from: EXCHANGE_WALLET,
    to: DESK_WALLET,
    baseUnits: 1000n * 10n ** BigInt(decimals),
  });
  node.head += 200; // deeper than Polygon's 128 confirmations
  const topUp = admin.getByTestId(`top-up-${hash}`);
  await expect(async () => {
    await admin.reload();
    await expect(topUp).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(topUp).toContainText("1,000.0000 USDT");
  await topUp.getByRole("button", { name: "Record as purchase" }).click();
  const purchaseForm = admin.getByRole("dialog", { name: "Record a top-up as a purchase" });
  await expect(purchaseForm.getByLabel("Quantity (USDT)")).toHaveValue("1000");
  await expect(purchaseForm).toContainText(hash);
  await purchaseForm.getByLabel("Amount paid").fill("87000");
  await purchaseForm.getByLabel("Bought at").fill("e2e exchange");
  await purchaseForm.getByRole("button", { name: "Save" }).click();
  await expect(purchaseForm).toBeHidden();
  await expect(topUp).toContainText("Recorded");
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
