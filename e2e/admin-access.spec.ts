import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { deskFolders } from "./desk-folders";
import {
  E2E_ADMIN,
  expect,
  logIn,
  signUpAndLogInByApi,
  stepUpAsAdmin,
  test,
  uniqueEmail,
} from "./fixtures";

test("an admin steps up on Admin Access, and Log Out ends the step-up", async ({ page }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByRole("heading", { name: "Admin Access" })).toBeVisible();

  const password = page.getByLabel("Password", { exact: true });
  await password.fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Login Failed")).toBeVisible();
  await expect(page.getByText("Incorrect password. Please try again.")).toBeVisible();
  await expect(password).toBeEnabled();
  // Cleared, and the keyboard is in it to type the password again.
  await expect(password).toBeFocused();

  await password.fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("✅ Login Successful")).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  const nav = page.getByRole("navigation", { name: "Admin navigation" });
  for (const name of ["Dashboard", "Users", "Orders", "Settings"]) {
    // A link may carry a count after its name ("Orders 3 pending"); "Sell orders" is another.
    await expect(nav.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Back to Site" })).toBeVisible();

  await page.getByRole("button", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
  await page.goto("/admin/orders");
  await expect(page).toHaveURL(/\/admin-login$/);
});

test("a signed-out visitor to the admin is sent to Admin Access, which asks them to log in", async ({
  page,
}) => {
  await page.goto("/admin/orders");
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByRole("heading", { name: "Admin Access" })).toBeVisible();
  await expect(page.getByText("Log in with your administrator account first.")).toBeVisible();
});

test("a customer with forged session-storage flags sees no admin data", async ({ page }) => {
  const email = uniqueEmail("forger");
  await signUpAndLogInByApi(page, email);
  await page.goto("/profile");
  await page.evaluate(() => {
    for (const key of ["isAdminAuthenticated", "adminAuthenticated", "admin", "isAdmin"]) {
      sessionStorage.setItem(key, "true");
    }
  });
  for (const path of ["/admin", "/admin/users", "/admin/orders", "/admin/settings"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin-login$/);
    await expect(page.getByText("This account is not an administrator.")).toBeVisible();
  }
  // No password field to try: a way back to the site instead.
  await expect(page.getByLabel("Password")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Back to Site" })).toHaveAttribute("href", "/");
  const statuses = await page.evaluate(async () => {
    const paths = [
      "/api/admin/session",
      "/api/admin/dashboard",
      "/api/admin/users",
      "/api/admin/orders",
    ];
    return Promise.all(paths.map(async (path) => (await fetch(path)).status));
  });
  expect(statuses).toEqual([403, 403, 403, 403]);
});

test("no file served to the browser holds an admin password or the auth secret", async ({
  request,
}) => {
  const files = readdirSync("dist/web", { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).replace(/^dist\/web/, ""));
  expect(files.some((file) => file.endsWith(".js"))).toBe(true);
  const secret = readFileSync(join(deskFolders().dataDir, "auth-secret"), "utf8").trim();
  for (const file of files) {
    const body = await (await request.get(file)).text();
    expect(body, file).not.toContain(E2E_ADMIN.password);
    expect(body, file).not.toContain(secret);
  }
});

test("a stepped-up admin reaches every admin page", async ({ page }) => {
  await stepUpAsAdmin(page);
  for (const path of ["/admin/users", "/admin/orders", "/admin/settings", "/admin/audit"]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.locator("h1")).toBeVisible();
  }
});
