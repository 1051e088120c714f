import { readFileSync } from "node:fs";
import sharp from "sharp";
import {
  expect,
  placeOrderByApi,
  secondBrowserPage,
  signUpAndLogInByApi,
  stepUpAsAdmin,
  test,
  uniqueEmail,
} from "./fixtures";

test("a freeze notice's UTR leads the operator to the order, the customer and their file", async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers, an order, a search and a download
  const customer = await secondBrowserPage(browser);
  const email = uniqueEmail("customer-file");
  await signUpAndLogInByApi(customer, email);
  const orderId = await placeOrderByApi(customer);
  const order = await (await customer.request.get(`/api/orders/${orderId}`)).json();
  const utr: string = order.paymentReference;
  const shortId = orderId.slice(0, 8);

  await stepUpAsAdmin(page);
  await page
    .getByRole("navigation", { name: "Admin navigation" })
    // "Orders" may carry a count after it ("Orders 3 pending"); "Sell orders" is another link.
    .getByRole("link", { name: /^Orders/ })
    .click();
  await page.getByLabel("Search").fill(utr);
  await expect(page.getByRole("row", { name: new RegExp(shortId) })).toHaveCount(1);
  await page.getByRole("button", { name: `Actions for order ${shortId}` }).click();
  await page.getByRole("menuitem", { name: "View Details" }).click();
  const details = page.getByRole("dialog", { name: `Order ${shortId}` });
  await details.getByRole("link", { name: `Open ${email}: details and file` }).click();

  await expect(page).toHaveURL(/\/admin\/users\?user=/);
  const user = page.getByRole("dialog", { name: "User Details" });
  await expect(user).toContainText(email);
  await expect(user.getByRole("heading", { name: "Customer's file" })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    user.getByRole("button", { name: "Download the customer's file" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^rupeedesk-customer-customer-file-[\w-]+\.zip$/);
  const zip = readFileSync(await download.path());
  // A ZIP's first entry: the local file header, then the profile's name.
  expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  expect(zip.toString("latin1")).toContain("summary.pdf");
  await expect(page.getByText("The customer's file is downloading")).toBeVisible();
  expect(zip.toString("latin1")).not.toContain("identity/");

  // The identity documents come only when asked for.
  const image = await sharp({
    create: { width: 320, height: 200, channels: 3, background: "#2050a0" },
  })
    .jpeg()
    .toBuffer();
  const file = (name: string) => ({ name, mimeType: "image/jpeg", buffer: image });
  const submitted = await customer.request.post("/api/verification", {
    headers: { origin: new URL(test.info().project.use.baseURL ?? "").origin },
    multipart: {
      legalName: "Rahul Kumar",
      pan: "ABCPK1234F",
      dateOfBirth: "1990-04-15",
      address: "12 MG Road, Bengaluru 560001",
      addressDocumentKind: "passport",
      panCard: file("pan.jpg"),
      addressDocument: file("passport.jpg"),
      selfie: file("selfie.jpg"),
    },
  });
  expect(submitted.status()).toBe(201);
  await user.getByLabel(/With the identity documents/).click();
  const [withDocuments] = await Promise.all([
    page.waitForEvent("download"),
    user.getByRole("button", { name: "Download the customer's file" }).click(),
  ]);
  const fullZip = readFileSync(await withDocuments.path()).toString("latin1");
  for (const kind of ["pan-card", "address-document", "selfie"]) {
    expect(fullZip).toMatch(new RegExp(`identity/[\\dT-]+-${kind}\\.jpg`));
  }

  // Closing the details leaves the plain list, so a reload does not reopen them.
  await user.getByRole("button", { name: "Close" }).first().click();
  await expect(page).toHaveURL(/\/admin\/users$/);
});
