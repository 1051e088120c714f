import { totpCode, wrongTotpCode } from "../src/server/testing/totp";
import {
  deskBuysUsdt,
  E2E_ADMIN,
  expect,
  expectNoSeriousViolations,
  logIn,
  RESET_SUBJECT,
  readMailLink,
  signUp,
  signUpAndLogInByApi,
  test,
  uniqueEmail,
  VERIFY_SUBJECT,
} from "./fixtures";

test("a visitor signs up, verifies the e-mail, logs in, sees the profile and logs out", async ({
  page,
}) => {
  const email = uniqueEmail();
  await signUp(page, email, "secret1");
  await expect(page.getByText("✅ Sign Up Successful!")).toBeVisible();

  await logIn(page, email, "secret1");
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("✅ Login Successful!")).toBeVisible();
  const profile = page.getByRole("main");
  await expect(profile.getByText(email)).toBeVisible();
  await expect(profile.getByText("Email verified")).toBeVisible();
  await expect(profile.getByText("No", { exact: true })).toBeVisible();
  await expect(profile.getByText("+919876543210")).toBeVisible();
  await expect(profile.getByText("Administrator")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Admin Panel" })).toHaveCount(0);

  // Unverified, the profile says why it matters and sends the link again.
  await expect(profile.getByText(/not verified yet/)).toBeVisible();
  await profile.getByRole("button", { name: "Send the verification e-mail again" }).click();
  await expect(page.getByText("Verification e-mail sent")).toBeVisible();

  // A damaged (or expired) link says so where it lands, and verifies nothing.
  const link = new URL(await readMailLink(email, VERIFY_SUBJECT));
  const damaged = new URL(link);
  damaged.searchParams.set("token", `${link.searchParams.get("token")}x`);
  await page.goto(damaged.toString());
  await expect(page.getByRole("alert")).toContainText("invalid or has expired");
  await expect(profile.getByText("No", { exact: true })).toBeVisible();
  // The sign-up link leads to /login, which sends a signed-in reader on to the profile:
  // what the link did goes with them.
  await page.goto("/login?verified=1&error=TOKEN_EXPIRED");
  await expect(page).toHaveURL(/\/profile\?verified=1&error=TOKEN_EXPIRED$/);
  await expect(page.getByRole("alert")).toContainText("invalid or has expired");

  // The verification link verifies the address and says so where it lands.
  await page.goto(link.toString());
  await expect(page).toHaveURL(/\/(login|profile)\?verified=1$/);
  await expect(page.getByRole("status").filter({ hasText: "is verified" })).toBeVisible();
  await page.goto("/profile");
  await expect(profile.getByText("Yes", { exact: true })).toBeVisible();
  await expect(profile.getByText(/not verified yet/)).toHaveCount(0);

  await profile.getByRole("button", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Signed Out", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Log In" })).toBeVisible();
});

test("sign-up refuses mismatched passwords and keeps the phone field to 10 digits", async ({
  page,
}) => {
  await page.goto("/signup");
  const phone = page.getByLabel("WhatsApp Number");
  await phone.fill("98a76-5432109999");
  await expect(phone).toHaveValue("9876543210");
  // Typed key by key, a refused key never shows, even when it changes nothing kept.
  await phone.fill("");
  await phone.pressSequentially("98765432109x");
  await expect(phone).toHaveValue("9876543210");
  await page.getByLabel("Email").fill(uniqueEmail());
  await page.getByLabel("Password", { exact: true }).fill("secret1");
  await page.getByLabel("Confirm Password").fill("secret2");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test("a wrong password is refused with 'Sign in Failed'", async ({ page }) => {
  const email = uniqueEmail();
  await signUp(page, email, "secret1");
  await logIn(page, email, "wrong-password");
  await expect(page.getByText("Sign in Failed")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("forgot password: the e-mailed link sets a new password; the old one stops working", async ({
  page,
}) => {
  const email = uniqueEmail("reset");
  await signUp(page, email, "old-secret");

  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email!" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Try with different email" })).toBeVisible();

  await page.goto(await readMailLink(email, RESET_SUBJECT));
  await expect(page).toHaveURL(/\/update-password$/);
  await expect(page.getByRole("heading", { name: "Set New Password" })).toBeVisible();
  await page.getByLabel("New Password", { exact: true }).fill("new-secret");
  await page.getByLabel("Confirm New Password").fill("new-secret");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("✅ Password Updated")).toBeVisible();

  await logIn(page, email, "old-secret");
  await expect(page.getByText("Sign in Failed")).toBeVisible();
  await logIn(page, email, "new-secret");
  await expect(page).toHaveURL(/\/profile$/);
});

test("a used or forged reset link shows that the link is invalid", async ({ page }) => {
  await page.goto("/api/auth/reset-password/not-a-real-token?callbackURL=%2Fupdate-password");
  await expect(page.getByRole("heading", { name: "Link invalid or expired" })).toBeVisible();
});

test("changing the password to 5 characters shows the too-short message", async ({ page }) => {
  const email = uniqueEmail("change");
  await signUp(page, email, "secret1");
  await logIn(page, email, "secret1");
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole("link", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/security$/);
  await page.getByLabel("Current Password").fill("secret1");
  await page.getByLabel("New Password", { exact: true }).fill("12345");
  await page.getByLabel("Confirm New Password").fill("12345");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password too short", { exact: true })).toBeVisible();
  await expect(
    page.getByText("Password must be at least 6 characters long.").first(),
  ).toBeVisible();

  await page.getByLabel("New Password", { exact: true }).fill("secret2");
  await page.getByLabel("Confirm New Password").fill("secret2");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("✅ Password Updated")).toBeVisible();
});

test("signed-out visitors are sent from /profile to /login; signed-in users from /login to /profile", async ({
  page,
}) => {
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login$/);

  const email = uniqueEmail();
  await signUp(page, email, "secret1");
  await logIn(page, email, "secret1");
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto("/signup");
  await expect(page).toHaveURL(/\/profile$/);
});

test("the first admin sees 'Administrator' and the Admin Panel link", async ({ page }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("main").getByText("Administrator")).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin Panel" })).toBeVisible();
});

test("a customer turns on two-factor on /security, logs in with a code, then turns it off", async ({
  page,
}) => {
  const email = uniqueEmail("totp");
  await signUpAndLogInByApi(page, email);
  await page.goto("/security");
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await page.getByRole("button", { name: "Enable two-factor authentication" }).click();
  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Invalid password")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("secret1");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const key = ((await page.getByTestId("totp-key").textContent()) ?? "").replace(/\s+/g, "");
  const uri = `otpauth://totp/RupeeDesk:${encodeURIComponent(email)}?secret=${key}`;
  // Copying the key puts it on the clipboard, with a check mark for a moment.
  const copyKey = page.getByTestId("totp-key").locator("..").getByRole("button");
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await copyKey.click();
  await expect(copyKey).toHaveAccessibleName("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  // A page served over plain HTTP gets no clipboard from the browser: the customer is told.
  await page.evaluate(() =>
    Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true }),
  );
  await copyKey.click();
  await expect(page.getByText("Could not copy")).toBeVisible();
  const backupCodes = page.getByRole("list", { name: "2. Save your backup codes" });
  await expect(backupCodes.getByRole("listitem")).toHaveCount(10);
  const backupCode = ((await backupCodes.getByRole("listitem").first().textContent()) ?? "").trim();
  await expect(page.getByRole("button", { name: "Download" })).toBeVisible();

  await page.getByLabel("Authenticator code").fill(totpCode(uri));
  await page.getByRole("button", { name: "Verify and enable" }).click();
  await expect(page.getByText("✅ Two-factor authentication is on")).toBeVisible();
  await expect(
    page.getByRole("button", { name: "Turn off two-factor authentication" }),
  ).toBeVisible();

  // Logging in now asks for the code after the password.
  await page.goto("/profile");
  await page.getByRole("button", { name: "Log Out" }).first().click();
  await expect(page.getByText("Signed Out", { exact: true })).toBeVisible();
  await logIn(page, email, "secret1");
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await page.getByLabel("Authenticator code").fill(wrongTotpCode(uri));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Invalid code")).toBeVisible();
  await page.getByLabel("Authenticator code").fill(totpCode(uri));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // A backup code works instead, once.
  await page.getByRole("button", { name: "Log Out" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await logIn(page, email, "secret1");
  await page.getByRole("button", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(backupCode);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await page.goto("/security");
  await page.getByRole("button", { name: "Turn off two-factor authentication" }).click();
  await page.getByLabel("Password", { exact: true }).fill("secret1");
  await page.getByRole("button", { name: "Turn off", exact: true }).click();
  await expect(page.getByText("✅ Two-factor authentication is off")).toBeVisible();
  await expect(
    page.getByRole("button", { name: "Enable two-factor authentication" }),
  ).toBeVisible();
});

test("a customer on a 360 px phone, in Hindi, keeps their payout accounts on their profile: refusals under their fields, an account added, then removed", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const email = uniqueEmail("payout-accounts");
  const ownName = email.split("@")[0] ?? "";
  await signUpAndLogInByApi(page, email);
  await deskBuysUsdt(page);
  await page.goto("/profile");
  await page.getByRole("combobox", { name: "Language" }).selectOption("hi");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");

  const section = page.getByRole("region", { name: "पेमेंट खाते" });
  await expect(section.getByText("अभी कोई पेमेंट खाता नहीं।")).toBeVisible();
  await section.getByRole("button", { name: "UPI ID या बैंक खाता जोड़ें" }).click();
  const holder = section.getByRole("textbox", { name: "खाताधारक का नाम" });
  await expect(holder).toHaveValue(ownName);
  const upiId = section.getByRole("textbox", { name: "UPI ID" });
  const save = section.getByRole("button", { name: "यह खाता सेव करें" });

  // The shared schema's refusal, then the server's (another person's name), each under its field.
  await upiId.fill("not-a-upi");
  await save.click();
  await expect(section.getByText("name@bank जैसी UPI ID लिखें, जैसे rahul@okhdfcbank।")).toBeVisible();
  await expect(upiId).toBeFocused();
  await upiId.fill("mine@okaxis");
  await holder.fill("Someone Else");
  await save.click();
  await expect(section.getByText(`खाता आपके अपने नाम (${ownName}) पर होना चाहिए`)).toBeVisible();
  await expect(holder).toBeFocused();
  await holder.fill(ownName);
  await save.click();

  const accounts = section.getByTestId("payout-accounts");
  await expect(accounts.getByText("UPI · mine@okaxis")).toBeVisible();
  await expect(section.getByText("अभी कोई पेमेंट खाता नहीं।")).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousViolations(page);

  // The same account again is refused; a bank account joins it.
  await section.getByRole("button", { name: "UPI ID या बैंक खाता जोड़ें" }).click();
  await upiId.fill("mine@okaxis");
  await save.click();
  // Not a field's: the refusal is told in a toast.
  await expect(page.getByText("यह खाता आप पहले ही जोड़ चुके हैं।")).toBeVisible();
  await section.getByRole("radio", { name: "बैंक खाता" }).check();
  await section.getByRole("textbox", { name: "खाता नंबर" }).fill("123456789012");
  await section.getByRole("textbox", { name: "IFSC कोड" }).fill("sbin0003853");
  await save.click();
  await expect(accounts.getByText("बैंक खाता, आख़िरी अंक 9012 · SBIN0003853")).toBeVisible();
  await page.screenshot({
    path: test.info().outputPath("payout-accounts-360-hi.png"),
    fullPage: true,
  });

  // Removed, and still gone after a reload; the other stays.
  await section.getByRole("button", { name: "UPI · mine@okaxis हटाएँ" }).click();
  await expect(page.getByText("खाता हटा दिया गया")).toBeVisible();
  await expect(accounts.getByText("UPI · mine@okaxis")).toBeHidden();
  await page.reload();
  await expect(accounts.getByText("बैंक खाता, आख़िरी अंक 9012 · SBIN0003853")).toBeVisible();
  await expect(accounts.getByText("UPI · mine@okaxis")).toHaveCount(0);
});

test("where the desk buys USDT on no network, the profile shows no payout accounts; an account kept from before is listed with why, to be removed", async ({
  page,
}) => {
  const email = uniqueEmail("no-selling");
  const name = email.split("@")[0] ?? "";
  await signUpAndLogInByApi(page, email);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
  const section = page.getByRole("region", { name: "Payout accounts" });
  await expect(section).toHaveCount(0);

  // Kept from when the desk bought USDT: listed, to be removed, and no way to add another.
  const added = await page.request.post("/api/account/payout-destinations", {
    data: { kind: "upi", holderName: name, upiId: `${name}@okaxis` },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.reload();
  await expect(section.getByText(`UPI · ${name}@okaxis`)).toBeVisible();
  await expect(section.getByText("We are not buying USDT on the site right now")).toBeVisible();
  await expect(section.getByRole("button", { name: "Add a UPI ID or bank account" })).toHaveCount(
    0,
  );
  await section.getByRole("button", { name: `Remove UPI · ${name}@okaxis` }).click();
  await expect(page.getByText("Account removed")).toBeVisible();
  await expect(section).toHaveCount(0);
});
