import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { USDT_TOKENS } from "../src/server/platform/config/chain-tokens";
import { startFakeChain } from "../src/server/testing/fake-chain";
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
 * Payouts found on chain (issue 43), through the e2e server's BEP20 endpoint: a
 * stand-in node the desk's payout wallet "sends" from (it starts serving the Transfer
 * log and its receipt). The server's watcher reads it every 5 seconds; the journeys
 * wait for what the pages show, never for a time. BEP20 is this file's alone, and its
 * journeys share the one node, so they run in turn. Besides the payouts that pay their
 * order, the operators' view of those that do not: one the chain took back in a
 * reorganisation, one whose transaction failed, and a second payout to a paid order.
 */

test.describe.configure({ mode: "serial" });

/**
 * A desk wallet of this run's own: the server keeps where its watcher got to per
 * wallet, and a run in a new worker (the next --repeat-each) starts a new stand-in
 * chain at block 100, behind where the watcher of a wallet used before got to.
 */
const DESK_WALLET = `0x${randomBytes(20).toString("hex")}`;
const { token, decimals } = USDT_TOKENS.bep20;
/** What an order of 8,600 INR receives: 100 USDT, in Binance-Peg USDT's base units. */
const HUNDRED = 100n * 10n ** BigInt(decimals);
const node = new FakeEvmNode();

const origin = () => new URL(test.info().project.use.baseURL ?? "").origin;
/** A customer wallet no other journey pays to. */
const freshWallet = () => `0x${randomBytes(20).toString("hex")}`;

let closeChain: () => Promise<void> = async () => {};
test.beforeAll(async () => {
  const chain = await startFakeChain(node.respond, { port: Number(process.env.E2E_BEP20_PORT) });
  closeChain = chain.close;
});
test.afterAll(async ({ browser }) => {
  // The node goes away with this file: leave no wallet the watcher would keep asking it about.
  const admin = await secondBrowserPage(browser);
  await stepUpAsAdmin(admin);
  await admin.request.delete("/api/admin/treasury/bep20/wallet", { headers: { origin: origin() } });
  await admin.context().close();
  await closeChain();
});

/** An operator with a live step-up, the BEP20 payout wallet registered in Treasury. */
async function deskWithWatchedWallet(browser: Parameters<typeof secondBrowserPage>[0]) {
  const desk = await secondBrowserPage(browser);
  await stepUpAsAdmin(desk);
  const saved = await desk.request.put("/api/admin/treasury/bep20", {
    data: {
      walletAddress: DESK_WALLET,
      feePerPayout: "",
      alertOwedPercent: "",
      pauseWhenShort: false,
    },
    headers: { origin: origin() },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return desk;
}

async function verifyByApi(desk: Page, orderId: string) {
  const verified = await desk.request.post(`/api/admin/orders/${orderId}/status`, {
    data: { status: "processing" },
    headers: { origin: origin() },
  });
  expect(verified.status(), await verified.text()).toBe(200);
}

/** The desk's wallet sends 100 USDT to `to` in the stand-in's head block; answers its hash. */
function deskSends(to: string) {
  return node.send({ token, from: DESK_WALLET, to, baseUnits: HUNDRED });
}

/** The desk's wallet sends 100 USDT to `to` in a transaction that fails on chain; answers its hash. */
function deskSendsAndFails(to: string) {
  return node.send({ token, from: DESK_WALLET, to, baseUnits: HUNDRED, failed: true });
}

/** Reloads until `check` holds: what the watcher found shows on the next load of a page. */
async function reloadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 30_000 });
}

/**
 * Unmatched Transfers, on one of its lists (the list chosen is the page's own, so a
 * reload shows To decide again): reloads until `check` holds there.
 */
async function onUnmatchedListUntil(desk: Page, list: string, check: () => Promise<void>) {
  await desk.goto("/admin/payouts/unmatched");
  await expect(desk.getByRole("heading", { name: "Unmatched transfers" })).toBeVisible();
  await expect(async () => {
    await desk.reload();
    await desk.getByRole("button", { name: list, exact: true }).click();
    await expect(desk.getByRole("button", { name: list, exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await check();
  }).toPass({ timeout: 30_000 });
}

test("the wallet sends the payout and the order completes on the customer's page with no hash typed", async ({
  page,
  browser,
}) => {
  const wallet = freshWallet();
  await signUpAndLogInByApi(page, uniqueEmail("watched-payout"));
  const orderId = await placeOrderByApi(page, { network: "bep20", walletAddress: wallet });
  const desk = await deskWithWatchedWallet(browser);

  // The pay step: the QR's link, as a wallet app reads it, and the verify action.
  await desk.goto(`/admin/orders?order=${orderId}`);
  const details = desk.getByRole("dialog", { name: `Order ${orderId.slice(0, 8)}` });
  // The server stores the wallet in its EIP-55 form; the link names it so.
  const checksummed = await details.getByTestId("payout-wallet").textContent();
  expect(checksummed?.toLowerCase()).toBe(wallet);
  await expect(details.getByTestId("pay-link")).toHaveAttribute(
    "href",
    `ethereum:${token}@56/transfer?address=${checksummed}&uint256=${HUNDRED}`,
  );
  await details.getByRole("button", { name: "Verify payment" }).click();
  await expect(details.getByText("Processing", { exact: true }).first()).toBeVisible();
  await details.getByRole("button", { name: "Close" }).first().click();

  // The wallet sends; one block on top of it: seen, 2 of the 3 confirmations.
  deskSends(wallet);
  node.head += 1;
  await desk.goto("/admin/orders?status=processing");
  const row = desk.locator(`[data-order-row="${orderId}"]`);
  await reloadUntil(desk, () =>
    expect(row.getByTestId("seen-on-chain").filter({ visible: true })).toHaveText(
      "Seen on chain, 2 of 3 confirmations",
      { timeout: 2_000 },
    ),
  );

  // Deep enough: the watcher matches it to the order and the payout check completes it.
  await page.goto(`/order/${orderId}`);
  await expect(page.getByText("Processing", { exact: true }).first()).toBeVisible();
  node.head += 5;
  await expect(page.getByText("Completed", { exact: true }).first()).toBeVisible({
    timeout: 30_000,
  });
  await desk.context().close();
});

test("a transfer two orders could be is left unmatched and an operator assigns it from the page", async ({
  page,
  browser,
}) => {
  const wallet = freshWallet();
  await signUpAndLogInByApi(page, uniqueEmail("ambiguous-payout"));
  const first = await placeOrderByApi(page, { network: "bep20", walletAddress: wallet });
  const second = await placeOrderByApi(page, { network: "bep20", walletAddress: wallet });
  const desk = await deskWithWatchedWallet(browser);
  await verifyByApi(desk, first);
  await verifyByApi(desk, second);

  // The queue warns before anyone pays: a transfer cannot tell these two apart.
  await desk.goto("/admin/orders?status=processing");
  await expect(
    desk
      .locator(`[data-order-row="${first}"]`)
      .getByTestId("shared-payout")
      .filter({ visible: true }),
  ).toHaveText(`Same wallet and amount as #${second.slice(0, 8)}`);

  const hash = deskSends(wallet);
  node.head += 5;
  await desk.getByRole("link", { name: "Unmatched Transfers" }).click();
  await expect(desk.getByRole("heading", { name: "Unmatched transfers" })).toBeVisible();
  const transfer = desk.locator(`[data-transfer="${hash}"]`);
  await reloadUntil(desk, () => expect(transfer).toBeVisible({ timeout: 2_000 }));
  await expect(transfer).toContainText("Two or more open orders await this amount");
  await expect(transfer.getByTestId("unmatched-amount")).toHaveText("100.0000 USDT");

  // On a phone the row keeps to the screen: its amount, wallet and why under the
  // transfer, its buttons in reach, nothing to scroll sideways.
  await desk.setViewportSize({ width: 360, height: 740 });
  await expect(transfer.getByText("100.0000 USDT").filter({ visible: true })).toBeVisible();
  await expect(
    transfer.getByText("Two or more open orders await this amount").filter({ visible: true }),
  ).toBeVisible();
  const assign = transfer.getByRole("button", { name: "Assign to order" });
  await assign.scrollIntoViewIfNeeded();
  await expect(assign).toBeInViewport({ ratio: 1 });
  expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await desk.screenshot({ path: test.info().outputPath("unmatched-360.png"), fullPage: true });
  const table = desk.locator("[data-slot=table-container]");
  expect(await table.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(1);
  await desk.setViewportSize({ width: 1280, height: 720 });

  // The operator assigns it to the first order by its short id, from the keyboard.
  await transfer.getByRole("button", { name: "Assign to order" }).click();
  const dialog = desk.getByRole("alertdialog", { name: "Assign to an order?" });
  await dialog.getByLabel("Order id (or its # short id from the queue)").fill("#ffffffff");
  await desk.keyboard.press("Enter");
  await expect(dialog.getByRole("alert")).toContainText("No single order has the id #ffffffff");
  await dialog.getByLabel("Order id (or its # short id from the queue)").fill(first.slice(0, 8));
  await desk.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(desk.getByText(`Transfer assigned to order ${first.slice(0, 8)}`)).toBeVisible();
  await expect(transfer).toHaveCount(0);

  await page.goto(`/order/${first}`);
  await expect(page.getByText("Completed", { exact: true }).first()).toBeVisible({
    timeout: 30_000,
  });
  await page.goto(`/order/${second}`);
  await expect(page.getByText("Processing", { exact: true }).first()).toBeVisible();
  await desk.context().close();
});

test("a payout seen on chain and then taken back by a reorganisation is listed under Taken back with why; the order still awaits it", async ({
  page,
  browser,
}) => {
  const wallet = freshWallet();
  await signUpAndLogInByApi(page, uniqueEmail("taken-back-payout"));
  const orderId = await placeOrderByApi(page, { network: "bep20", walletAddress: wallet });
  const desk = await deskWithWatchedWallet(browser);
  await verifyByApi(desk, orderId);

  // The wallet sends in a block of its own: seen, 1 of the 3 confirmations.
  node.head += 1;
  const block = node.head;
  const hash = deskSends(wallet);
  await desk.goto("/admin/orders?status=processing");
  const row = desk.locator(`[data-order-row="${orderId}"]`);
  const seen = row.getByTestId("seen-on-chain").filter({ visible: true });
  await reloadUntil(desk, () =>
    expect(seen).toHaveText("Seen on chain, 1 of 3 confirmations", { timeout: 2_000 }),
  );

  // A reorganisation mines that block again without it, before it was final.
  node.reorganiseFrom(block);
  node.head += 1;
  const transfer = desk.locator(`[data-transfer="${hash}"]`);
  await onUnmatchedListUntil(desk, "Taken back", () =>
    expect(transfer).toBeVisible({ timeout: 2_000 }),
  );
  await expect(transfer).toContainText("BEP20 · out");
  await expect(transfer.getByTestId("unmatched-amount")).toHaveText("100.0000 USDT");
  await expect(transfer).toContainText(
    "Gone from its block when read again before it was final: a reorganisation took it back. Recorded again should the transaction come back.",
  );
  await expect(transfer).toContainText(/taken back \d/);
  await expect(desk.getByRole("columnheader", { name: "Why taken back" })).toBeVisible();
  // Nothing to decide: no decision to take, and not among the transfers to decide.
  await expect(transfer.getByRole("button", { name: "Assign to order" })).toHaveCount(0);
  await expect(transfer.getByRole("button", { name: "Not a payout" })).toHaveCount(0);
  await desk.getByRole("button", { name: "To decide", exact: true }).click();
  await expect(desk.getByRole("button", { name: "To decide", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(transfer).toHaveCount(0);

  // The order is not paid: the queue no longer shows it seen, the customer still waits.
  await desk.goto("/admin/orders?status=processing");
  await expect(row).toBeVisible();
  await expect(seen).toHaveCount(0);
  await page.goto(`/order/${orderId}`);
  await expect(page.getByText("Processing", { exact: true }).first()).toBeVisible();
  await desk.context().close();
});

test("a payout whose transaction failed on chain is listed under Failed on chain with why; the order still awaits it", async ({
  page,
  browser,
}) => {
  const wallet = freshWallet();
  await signUpAndLogInByApi(page, uniqueEmail("failed-payout"));
  const orderId = await placeOrderByApi(page, { network: "bep20", walletAddress: wallet });
  const desk = await deskWithWatchedWallet(browser);
  await verifyByApi(desk, orderId);

  // The wallet's transaction fails (out of gas, reverted); the chain goes on past it.
  const hash = deskSendsAndFails(wallet);
  node.head += 5;
  const transfer = desk.locator(`[data-transfer="${hash}"]`);
  await onUnmatchedListUntil(desk, "Failed on chain", () =>
    expect(transfer).toBeVisible({ timeout: 2_000 }),
  );
  await expect(transfer).toContainText("BEP20 · out");
  await expect(transfer.getByTestId("unmatched-amount")).toHaveText("100.0000 USDT");
  await expect(transfer).toContainText(
    "Failed on chain: no USDT left the wallet and nothing was paid. Send the payout again (the wallet may lack the BNB its fees cost).",
  );
  await expect(transfer).toContainText(/failed \d/);
  await expect(desk.getByRole("columnheader", { name: "What happened" })).toBeVisible();
  // Nothing to decide: no decision to take, and not among the transfers to decide.
  await expect(transfer.getByRole("button", { name: "Assign to order" })).toHaveCount(0);
  await expect(transfer.getByRole("button", { name: "Not a payout" })).toHaveCount(0);
  await desk.getByRole("button", { name: "To decide", exact: true }).click();
  await expect(desk.getByRole("button", { name: "To decide", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(transfer).toHaveCount(0);

  // Nothing was paid: the customer's order still awaits its payout.
  await page.goto(`/order/${orderId}`);
  await expect(page.getByText("Processing", { exact: true }).first()).toBeVisible();
  await desk.goto(`/admin/orders?order=${orderId}`);
  const details = desk.getByRole("dialog", { name: `Order ${orderId.slice(0, 8)}` });
  await expect(details.getByText("Processing", { exact: true }).first()).toBeVisible();
  await desk.context().close();
});

test("the wallet pays a completed order a second time: its details and the dashboard show the second payout", async ({
  page,
  browser,
}) => {
  const wallet = freshWallet();
  await signUpAndLogInByApi(page, uniqueEmail("second-payout"));
  const orderId = await placeOrderByApi(page, { network: "bep20", walletAddress: wallet });
  const desk = await deskWithWatchedWallet(browser);
  await verifyByApi(desk, orderId);

  // The dashboard's count of second payouts before (other journeys' may be in it).
  const secondPayouts = desk
    .locator("[data-slot=card]")
    .filter({ has: desk.getByRole("heading", { name: "Second payouts (7 days)" }) });
  await desk.goto("/admin");
  await expect(secondPayouts.locator("p").first()).toHaveText(/^\d+$/);
  const before = Number(await secondPayouts.locator("p").first().textContent());

  // The payout, found by the watcher: the order completes.
  deskSends(wallet);
  node.head += 5;
  await page.goto(`/order/${orderId}`);
  await expect(page.getByText("Completed", { exact: true }).first()).toBeVisible({
    timeout: 30_000,
  });

  // The wallet pays the same order again.
  node.head += 1;
  const again = deskSends(wallet);
  node.head += 5;
  await desk.goto(`/admin/orders?order=${orderId}`);
  const details = desk.getByRole("dialog", { name: `Order ${orderId.slice(0, 8)}` });
  const panel = details.getByRole("region", { name: "Second payouts" });
  await reloadUntil(desk, () => expect(panel).toBeVisible({ timeout: 2_000 }));
  await expect(panel.getByRole("alert")).toHaveText(
    "Another transfer went to this order's wallet while it was being paid, or after. The operators were told: check with the customer and ask for it back if it was paid twice.",
  );
  await expect(panel.getByRole("listitem")).toHaveCount(1);
  await expect(panel.getByRole("listitem")).toContainText(again);
  await expect(panel.getByRole("listitem")).toContainText(/100\.0000 USDT, noticed \d/);
  // On a phone the details fit the screen: the warning is read without scrolling sideways
  // (the timeline's note of the payout check is the transaction's hash, unbroken).
  await desk.setViewportSize({ width: 360, height: 780 });
  await expect(panel).toBeVisible();
  await expect
    .poll(() => details.evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth))
    .toBe(0);
  await desk.setViewportSize({ width: 1280, height: 720 });

  // The dashboard counts it, and says where to look.
  await desk.goto("/admin");
  await expect(secondPayouts.locator("p").first()).toHaveText(String(before + 1));
  await expect(secondPayouts).toContainText("Orders paid twice: see each order's Second payouts.");

  // The transfer itself waits for an operator, naming the order it paid again.
  const transfer = desk.locator(`[data-transfer="${again}"]`);
  await onUnmatchedListUntil(desk, "To decide", () =>
    expect(transfer).toBeVisible({ timeout: 2_000 }),
  );
  await expect(transfer).toContainText(
    `Order ${orderId.slice(0, 8)} is paid, or being paid, this amount to this wallet by another transfer: a second payout? An operator decides.`,
  );
  await desk.context().close();
});
