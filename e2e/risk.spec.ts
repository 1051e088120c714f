import { randomBytes } from "node:crypto";
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
 * The desk's risk controls (issue 25): an operator blocks a wallet on Admin → Risk
 * and the customer's next order with it is refused, in words that do not say why;
 * an operator's hold on a customer marks their order On hold with its reason until
 * an operator releases it.
 */

const NEUTRAL_REFUSAL =
  "We cannot accept this order. If you have already paid, contact us on WhatsApp or Telegram with your payment reference.";

function uniqueReference() {
  return `${Date.now()}${Math.floor(Math.random() * 90 + 10)}`.slice(-12);
}

test("an operator blocks a wallet on the Risk page; the customer's next order with it is refused", async ({
  page,
  browser,
}) => {
  // A wallet of this test's own (lower-case EVM hex), so no other journey meets the entry.
  const wallet = `0x${randomBytes(20).toString("hex")}`;
  await stepUpAsAdmin(page);
  await page.getByRole("link", { name: "Risk" }).click();
  await expect(page.getByRole("heading", { name: "Risk", level: 1 })).toBeVisible();
  const add = page.getByRole("form", { name: "Add to the blocklist" });
  await add.getByLabel("Kind").selectOption("wallet");
  await add.getByLabel("Value").fill(wallet.toUpperCase().replace("0X", "0x"));
  await add.getByLabel("Reason").fill("Freeze notice from the bank");
  await add.getByRole("button", { name: "Block" }).click();
  await expect(page.getByText("Added to the blocklist")).toBeVisible();
  // The list is the server's, by kind and by a text in the value or reason, in any case.
  await page.getByLabel("Kind", { exact: true }).last().selectOption("wallet");
  await page.getByLabel("Search").fill(wallet.slice(2, 14));
  const entries = page.getByTestId("blocklist-entry");
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText(wallet.slice(2, 12).toUpperCase());
  await expect(entries).toContainText("Freeze notice from the bank");
  await page.getByLabel("Kind", { exact: true }).last().selectOption("phone");
  await expect(page.getByText("No entry matches.")).toBeVisible();

  const customer = await secondBrowserPage(browser);
  await signUpAndLogInByApi(customer, uniqueEmail("blocked-wallet"));
  await customer.goto("/");
  await customer.getByLabel("Select Network").selectOption("bep20");
  await customer.getByLabel("Amount").fill("8600");
  // The same address in another case: one address on every EVM network.
  await customer.getByLabel("Your USDT (BEP20) Address").fill(wallet);
  await customer.getByRole("button", { name: "Place Order" }).click();
  const dialog = customer.getByRole("dialog", { name: "Confirm Your Order" });
  await dialog.getByLabel("Payment Transaction ID").fill(uniqueReference());
  await dialog.getByLabel("Name on the paying account").fill("Rahul Kumar");
  await dialog.getByRole("button", { name: "Submit Order" }).click();
  await expect(customer.getByText(NEUTRAL_REFUSAL).first()).toBeVisible();
  await expect(customer).not.toHaveURL(/\/order\//);
  await customer.goto("/order-history");
  await expect(customer.getByText("No orders yet")).toBeVisible();

  // The audit log names what was blocked, not a bare id.
  await page.getByRole("link", { name: "Audit Log" }).click();
  await expect(
    page
      .getByRole("cell", { name: `Blocklist: Wallet ${wallet.toUpperCase().replace("0X", "0x")}` })
      .filter({ visible: true }),
  ).toHaveCount(1);
});

test("a customer on hold: their order shows On hold with the reason until an operator releases it", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("on-hold");
  const customer = await secondBrowserPage(browser);
  await signUpAndLogInByApi(customer, email);

  await stepUpAsAdmin(page);
  await page.getByRole("link", { name: "Users" }).click();
  await page.getByLabel("Search by email").fill(email);
  await page.getByRole("button", { name: `Actions for ${email}` }).click();
  await page.getByRole("menuitem", { name: "View Details" }).click();
  const details = page.getByRole("dialog", { name: "User Details" });
  await details.getByLabel("Why (a note for the desk)").fill("Bank asked about a credit");
  await details.getByRole("button", { name: "Put on hold" }).click();
  await expect(details.getByTestId("customer-hold")).toContainText(/On hold since/);
  await details.getByRole("button", { name: "Close" }).click();

  const orderId = await placeOrderByApi(customer);
  const shortId = orderId.slice(0, 8);
  // The customer reads their order as any other.
  await customer.goto(`/order/${orderId}`);
  await expect(customer.getByRole("heading", { name: "Payment Verification" })).toBeVisible();
  await expect(customer.getByText("On hold")).toHaveCount(0);

  await page.goto(`/admin/orders?order=${orderId}`);
  const order = page.getByRole("dialog", { name: `Order ${shortId}` });
  await expect(order.getByRole("heading", { name: /On hold since/ })).toBeVisible();
  await expect(order.getByTestId("order-hold-rules")).toHaveText(
    "The customer is on hold: Bank asked about a credit",
  );
  await order.getByRole("button", { name: "Release hold" }).click();
  await expect(page.getByText("Hold released")).toBeVisible();
  await expect(order.getByRole("heading", { name: /On hold since/ })).toHaveCount(0);

  await page.goto("/admin/audit");
  await expect(
    page
      .getByRole("row", { name: /Held order released/ })
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
});

test("an operator reports an order as suspicious, then files it: the register shows it due, then filed, and the customer sees nothing", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("reported");
  const customer = await secondBrowserPage(browser);
  await signUpAndLogInByApi(customer, email);
  const orderId = await placeOrderByApi(customer);
  const shortId = orderId.slice(0, 8);

  await stepUpAsAdmin(page);
  await page.goto("/admin/orders");
  await page.getByLabel("Search").fill(shortId);
  await page.getByRole("button", { name: `Actions for order ${shortId}` }).click();
  await page.getByRole("menuitem", { name: "Report as suspicious" }).click();
  const record = page.getByRole("alertdialog", { name: "Record a suspicious transaction report" });
  await expect(record).toContainText(`order #${shortId} of ${email}`);
  // Grounds of a word are refused by the server; the dialog keeps its words.
  await record.getByLabel("Grounds: what makes it suspicious").fill("odd");
  await record.getByRole("button", { name: "Record report" }).click();
  await expect(record.getByRole("alert")).toContainText("Grounds: say why");
  await record
    .getByLabel("Grounds: what makes it suspicious")
    .fill("Paid from three accounts in other names within an hour");
  await record.getByRole("button", { name: "Record report" }).click();
  await expect(page.getByText("Report recorded: see Risk")).toBeVisible();

  await page.getByRole("link", { name: "Risk" }).click();
  const report = page.getByTestId("suspicion-report").filter({ hasText: email });
  await expect(report).toContainText("Paid from three accounts in other names within an hour");
  await expect(report).toContainText(`#${shortId}`);
  await expect(report).toContainText("To file");
  await expect(report).toContainText(/Due at FIU-IND by/);
  await report.getByRole("button", { name: "Mark filed" }).click();
  const file = page.getByRole("alertdialog", { name: "Mark the report filed" });
  await file.getByLabel("FIU-IND acknowledgement number").fill("STR-ACK-0099");
  await file.getByRole("button", { name: "Mark filed" }).click();
  await expect(page.getByText("Report marked filed")).toBeVisible();
  await expect(report).toContainText("Filed");
  await expect(report).toContainText("reference STR-ACK-0099");
  await expect(report.getByRole("button", { name: "Mark filed" })).toHaveCount(0);

  // No tipping off: the customer's order reads as any other.
  await customer.goto(`/order/${orderId}`);
  await expect(customer.getByRole("heading", { name: "Payment Verification" })).toBeVisible();
  await expect(customer.getByText(/suspicious|FIU/i)).toHaveCount(0);
});
