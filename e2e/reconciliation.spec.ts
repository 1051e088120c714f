import type { Page } from "@playwright/test";
import { sampleStatementCsv } from "../src/server/testing/statement-fixtures";
import {
  addPausedUpiAccount,
  expect,
  loseConnectionTo,
  returnToTabLater,
  secondBrowserPage,
  signUpAndLogInByApi,
  stepUpAsAdmin,
  test,
  uniqueEmail,
} from "./fixtures";

/** Today in India, as the bank dates the credit. */
const today = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);

test("the admin imports a bank statement, verifies all matched, and the customer sees Processing live", async ({
  page,
  browser,
  baseURL,
}) => {
  // Two browsers, two sign-ups and an import: more than the usual 30 s on a busy machine.
  test.slow();
  const admin = await secondBrowserPage(browser);
  await stepUpAsAdmin(admin);
  // An account of this journey's own, taking only digital rupee payments (which no other
  // journey makes): no other journey's customer is shown it, nor its orders in its statement.
  const label = `Recon UPI ${Date.now().toString(36)}`;
  const upiId = `recon${Date.now().toString(36)}@okhdfcbank`;
  const created = await admin.request.post("/api/admin/receiving-accounts", {
    headers: { origin: new URL(baseURL ?? "").origin },
    data: {
      kind: "upi",
      label,
      upiId,
      payeeName: "RupeeDesk",
      sendMethods: ["erupee"],
      dailyCapInr: "",
      perOrderMaxInr: "",
      paused: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The customer is shown the account that took the least today: a new customer
  // asks until it is ours (the amounts held for the others make it ours).
  const reference = `9${Date.now()}`.slice(-12);
  let order: { id: string } | null = null;
  for (let tries = 0; tries < 4 && !order; tries++) {
    await signUpAndLogInByApi(page, uniqueEmail("recon"));
    await page.goto("/profile");
    order = await page.evaluate(
      async ({ paymentReference, ourUpiId }) => {
        const offer = await fetch("/api/orders/payment-offer", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ sendCurrency: "erupee_inr", amount: "4300" }),
        });
        const { offerId, account } = (await offer.json()) as {
          offerId: string;
          account: { upiId: string | null };
        };
        if (account.upiId !== ourUpiId) return null;
        const response = await fetch("/api/orders", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            sendCurrency: "erupee_inr",
            receiveCurrency: "usdt",
            network: "trc20",
            amount: "4300",
            walletAddress: "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6",
            paymentReference,
            payerName: "Rahul Kumar",
            quotedRate: "86",
            receivingOfferId: offerId,
          }),
        });
        return (await response.json()) as { id: string };
      },
      { paymentReference: reference, ourUpiId: upiId },
    );
  }
  if (!order) throw new Error("The customer was never offered this journey's account");
  await page.goto(`/order/${order.id}`);
  await expect(page.getByRole("heading", { name: "Payment Verification" })).toBeVisible();

  // The admin imports the account's statement: the order's credit and one nobody claimed.
  await admin.goto("/admin");
  await admin.getByRole("link", { name: "Reconciliation" }).first().click();
  await expect(admin.getByRole("heading", { name: "Reconciliation", level: 1 })).toBeVisible();
  await admin.getByLabel("Receiving account").selectOption({ label });
  const statement = sampleStatementCsv("hdfc", [
    {
      date: today(),
      narration: `UPI-RAHUL KUMAR-rahul@okhdfcbank-HDFC0001234-${reference}-UPI`,
      credit: "4300.00",
    },
    {
      date: today(),
      narration: `UPI-SURESH NAIR-suresh@oksbi-SBIN0001234-8${reference.slice(1)}-UPI`,
      credit: "999.00",
    },
  ]);
  await admin.getByLabel("Statement file").setInputFiles({
    name: "hdfc-today.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(statement),
  });
  await admin.getByRole("button", { name: "Import" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "New credits" })).toContainText(
    "New credits: 2 of 2",
  );
  await expect(admin.getByRole("heading", { name: "Matched 1 · ₹4,300.00" })).toBeVisible();
  await expect(admin.getByRole("heading", { name: "Unclaimed 1 · ₹999.00" })).toBeVisible();
  await expect(admin.getByTestId("group-matched")).toContainText(reference);
  await admin.screenshot({ path: test.info().outputPath("reconciliation.png"), fullPage: true });

  await admin.getByRole("button", { name: "Verify all matched (1)" }).click();
  await expect(admin.getByText("1 order moved to Processing")).toBeVisible();
  await expect(admin.getByRole("heading", { name: "Matched 0 · ₹0.00" })).toBeVisible();

  // The customer's page follows without a reload.
  await expect(page.getByRole("heading", { name: "Processing" })).toBeVisible();

  // The order's details show the statement line it was verified against.
  const shortId = order.id.slice(0, 8);
  await admin.getByRole("link", { name: "Orders" }).first().click();
  await admin.getByLabel("Search").fill(shortId);
  await admin.getByRole("button", { name: `Actions for order ${shortId}` }).click();
  await admin.getByRole("menuitem", { name: "View Details" }).click();
  const details = admin.getByRole("dialog", { name: `Order ${shortId}` });
  await expect(details.getByTestId("order-statement-line")).toContainText(
    "hdfc-today.csv, line 6: ₹4,300.00",
  );
  await expect(details.getByTestId("order-statement-line")).toContainText("Decision: verified");
  await admin.screenshot({ path: test.info().outputPath("order-details.png") });

  // The dashboard shows the money nobody claimed.
  await admin.keyboard.press("Escape");
  await admin.getByRole("link", { name: "Dashboard" }).first().click();
  await expect(admin.getByTestId("reconciliation-card")).toContainText("Unclaimed money");
  await admin.getByTestId("reconciliation-card").screenshot({
    path: test.info().outputPath("dashboard-card.png"),
  });
  await admin.context().close();
});

test("a file that is not a statement is refused in the page, naming what was expected", async ({
  page,
}) => {
  await stepUpAsAdmin(page);
  await page.goto("/admin/reconciliation");
  await page.getByLabel("Statement file").setInputFiles({
    name: "contacts.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("Name,Email\r\nRahul,rahul@example.com\r\n"),
  });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "No statement table found in the first 40 lines",
  );
});

test("a bank layout of its own is read once its column mapping is saved in the page", async ({
  page,
}) => {
  await stepUpAsAdmin(page);
  const label = `Recon other bank ${Date.now().toString(36)}`;
  await addPausedUpiAccount(page, label);
  await page.goto("/admin/reconciliation");
  await page.getByLabel("Receiving account").selectOption({ label });
  const statement = `Posted On,Details,Money Out,Money In\r\n${today()},UPI/CR/${`7${Date.now()}`.slice(-12)}/PRIYA SHARMA/SBI,,1250.00\r\n`;
  const importFile = async () => {
    await page.getByLabel("Statement file").setInputFiles({
      name: "other-bank.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(statement),
    });
    await page.getByRole("button", { name: "Import" }).click();
  };
  await importFile();
  await expect(page.getByRole("alert")).toContainText("No statement table found");

  await page.getByText("Column mapping for another bank's layout").click();
  await page.getByLabel("Date column").fill("Posted On");
  await page.getByLabel("Narration column").fill("Details");
  await page.getByRole("button", { name: "Save mapping" }).click();
  await expect(
    page.getByRole("alert").filter({
      hasText: "Name the credit column, or the amount column and its Dr/Cr column.",
    }),
  ).toBeVisible();
  await page.getByLabel("Credit column").fill("Money In");
  await page.getByLabel("Debit column (optional)").fill("Money Out");
  await page.getByRole("button", { name: "Save mapping" }).click();
  await expect(page.getByText("Column mapping saved", { exact: true })).toBeVisible();

  await importFile();
  await expect(page.getByRole("status").filter({ hasText: "New credits" })).toContainText(
    "New credits: 1 of 1",
  );
  await expect(page.getByRole("heading", { name: "Unclaimed 1 · ₹1,250.00" })).toBeVisible();
});

/**
 * A paused account of the test's own with one credit nobody claimed, on the
 * Reconciliation page (its clock installed), the credit's Dismiss dialog open with
 * a note typed. `importUnclaimed` imports another such credit, as another operator would.
 */
async function openDismissal(page: Page) {
  await stepUpAsAdmin(page);
  const label = `Recon refreshed ${Date.now().toString(36)}`;
  const accountId = await addPausedUpiAccount(page, label);
  const { baseURL } = test.info().project.use;
  const importUnclaimed = async (reference: string) => {
    const imported = await page.request.post(
      `/api/admin/reconciliation/accounts/${accountId}/statements?name=${reference}.csv`,
      {
        headers: { origin: new URL(baseURL ?? "").origin, "content-type": "text/csv" },
        data: sampleStatementCsv("hdfc", [
          {
            date: today(),
            narration: `UPI-SURESH NAIR-suresh@oksbi-SBIN0001234-${reference}-UPI`,
            credit: "999.00",
          },
        ]),
      },
    );
    expect(imported.status(), await imported.text()).toBe(201);
  };
  const stamp = String(Date.now()).slice(-10);
  const [first, second] = [`81${stamp}`, `82${stamp}`];
  await importUnclaimed(first);
  await page.clock.install();
  await page.goto("/admin/reconciliation");
  await page.getByLabel("Receiving account").selectOption({ label });
  // Its heading: behind the open dialog, the page is hidden from the accessibility tree.
  const unclaimed = page.getByTestId("group-unclaimed");
  await expect(unclaimed).toContainText("Unclaimed 1 · ₹999.00");
  await unclaimed.getByRole("button", { name: "Dismiss" }).click();
  const decision = page.getByRole("alertdialog", { name: `Decide: ${first}` });
  await decision.getByLabel("Note for the desk", { exact: false }).fill("Paid back to the sender");
  return { accountId, unclaimed, decision, importUnclaimed, second };
}

test("a line's decision stays open, with its note, while the groups refresh with a new statement", async ({
  page,
}) => {
  const { unclaimed, decision, importUnclaimed, second } = await openDismissal(page);
  await importUnclaimed(second);
  await returnToTabLater(page);
  await expect(unclaimed).toContainText("Unclaimed 2 · ₹1,998.00");
  await expect(decision.getByLabel("Note for the desk", { exact: false })).toHaveValue(
    "Paid back to the sender",
  );
  await decision.getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByText("Decision saved")).toBeVisible();
  await expect(unclaimed).toContainText("Unclaimed 1 · ₹999.00");
  await expect(unclaimed).toContainText(second);
});

test("a refresh of the groups that fails keeps them and the open decision, and says so", async ({
  page,
}) => {
  const { accountId, unclaimed, decision } = await openDismissal(page);
  await loseConnectionTo(page, `/api/admin/reconciliation/accounts/${accountId}`);
  await returnToTabLater(page);
  // Behind the open dialog, the notice is hidden from the accessibility tree too.
  await expect(page.getByText("The list could not be updated")).toBeVisible();
  await expect(unclaimed).toContainText("Unclaimed 1 · ₹999.00");
  await expect(decision.getByLabel("Note for the desk", { exact: false })).toHaveValue(
    "Paid back to the sender",
  );
});

test("a statement's debit that paid no sale is marked not a sale, with a note, and leaves the list", async ({
  page,
}) => {
  await stepUpAsAdmin(page);
  const label = `Recon debits ${Date.now().toString(36)}`;
  await addPausedUpiAccount(page, label);
  await page.goto("/admin/reconciliation");
  await page.getByLabel("Receiving account").selectOption({ label });
  await page.getByLabel("Statement file").setInputFiles({
    name: "debits.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      sampleStatementCsv("sbi", [
        { date: today(), narration: "SMS ALERT CHARGES", debit: "17.70" },
        { date: today(), narration: "CASH DEPOSIT MG ROAD", credit: "100.00" },
      ]),
    ),
  });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("status").filter({ hasText: "new debits" })).toContainText(
    "new debits: 1 of 1",
  );

  const noSale = page.getByTestId("debits-unmatched");
  await expect(noSale).toContainText("Debits with no sale 1 · ₹17.70");
  await expect(noSale).toContainText("SMS ALERT CHARGES");
  await noSale.getByRole("button", { name: "Not a sale" }).click();
  const decision = page.getByRole("alertdialog");
  await expect(decision).toContainText("Debit ₹17.70");
  await decision.getByLabel("Note for the desk", { exact: false }).fill("The bank's SMS charge");
  await decision.getByRole("button", { name: "Not a sale" }).click();
  await expect(page.getByText("Decision saved")).toBeVisible();
  await expect(noSale).toContainText("Debits with no sale 0 · ₹0.00");
});

test("a statement imported while the account's view is still loading shows its credits once imported", async ({
  page,
  baseURL,
}) => {
  await stepUpAsAdmin(page);
  const label = `Quick import ${Date.now().toString(36)}`;
  const created = await page.request.post("/api/admin/receiving-accounts", {
    headers: { origin: new URL(baseURL ?? "").origin },
    data: {
      kind: "upi",
      label,
      upiId: `quick${Date.now().toString(36)}@okhdfcbank`,
      payeeName: "RupeeDesk",
      sendMethods: ["erupee"],
      dailyCapInr: "",
      perOrderMaxInr: "",
      paused: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = await created.json();
  // The account's first read answers only after the import: it began before it.
  let imported = () => {};
  const importDone = new Promise<void>((resolve) => {
    imported = resolve;
  });
  let reads = 0;
  await page.route(`**/api/admin/reconciliation/accounts/${id}`, async (route) => {
    reads += 1;
    if (reads === 1) {
      const before = await route.fetch();
      await importDone;
      await route.fulfill({ response: before });
      return;
    }
    await route.fallback();
  });
  await page.goto("/admin/reconciliation");
  await page.getByLabel("Receiving account").selectOption({ label });
  await page.getByLabel("Statement file").setInputFiles({
    name: "quick.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      sampleStatementCsv("hdfc", [
        {
          date: today(),
          narration: `UPI-MEERA IYER-meera@oksbi-SBIN0001234-7${Date.now()}-UPI`.slice(0, 80),
          credit: "321.00",
        },
      ]),
    ),
  });
  const uploaded = page.waitForResponse(
    (response) => response.url().includes(`/accounts/${id}/statements`) && response.ok(),
  );
  await page.getByRole("button", { name: "Import" }).click();
  await uploaded;
  imported();
  await expect(page.getByRole("heading", { name: "Unclaimed 1 · ₹321.00" })).toBeVisible();
});
