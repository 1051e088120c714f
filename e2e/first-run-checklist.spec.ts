import { expect, stepUpAsAdmin, test } from "./fixtures";

/*
 * The e2e server runs as a desk that was never finished: no Telegram, no operator
 * e-mail, no backup. (Receiving accounts are set up before the journeys.)
 */
test("the dashboard's checklist names what the desk lacks, and Back Up Now clears the backup item", async ({
  page,
}) => {
  await stepUpAsAdmin(page);
  const checklist = page.getByRole("region", { name: "Before you take orders" });
  await expect(checklist).toBeVisible();
  await expect(checklist).toContainText("Operators are not told of new orders");
  await expect(checklist.locator("code", { hasText: "ADMIN_NOTIFY_EMAIL" })).toBeVisible();
  await expect(checklist).not.toContainText("No receiving account is taking payments");
  await expect(checklist).toContainText("No backup was taken in the last day.");
  await page.screenshot({ path: "test-results/first-run-checklist.png", fullPage: true });

  await checklist.getByRole("button", { name: "Back Up Now" }).click();
  await expect(page.getByText(/^Backup taken: rupeedesk-.*\.pglite\.tar\.gz$/)).toBeVisible();
  await expect(checklist).not.toContainText("No backup was taken in the last day.");
  await expect(checklist).toContainText("Operators are not told of new orders");

  await page.goto("/admin/audit");
  await expect(page.getByRole("table").getByText("Backup taken").first()).toBeVisible();
});
