import { expect, test as setup } from "@playwright/test";
import { adminSessionFile, E2E_ADMIN } from "./admin-credentials";

/*
 * Before the journeys: the desk takes payments, as an operator sets it up on the
 * Receiving Accounts page (through its API here): one UPI ID and one bank account,
 * uncapped, so customers are shown where to pay. The admin's stepped-up session is kept
 * for the journeys' stepUpAsAdmin.
 */
setup("the desk has a UPI ID and a bank account to be paid into", async ({ request, baseURL }) => {
  const headers = { origin: new URL(baseURL ?? "").origin };
  const post = async (path: string, data: unknown, status = 200) => {
    const response = await request.post(path, { data, headers });
    expect(response.status(), `${path} answered ${await response.text()}`).toBe(status);
  };
  await post("/api/auth/sign-in/email", { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
  await post("/api/admin/session/step-up", { password: E2E_ADMIN.password });
  const common = { dailyCapInr: "", perOrderMaxInr: "", paused: false };
  await post(
    "/api/admin/receiving-accounts",
    {
      ...common,
      kind: "upi",
      label: "Desk UPI",
      upiId: "rupeedesk@okhdfcbank",
      payeeName: "RupeeDesk",
      sendMethods: ["upi"],
    },
    201,
  );
  await post(
    "/api/admin/receiving-accounts",
    {
      ...common,
      kind: "bank",
      label: "Desk HDFC current",
      bankName: "HDFC Bank",
      accountHolderName: "RupeeDesk Pvt Ltd",
      accountNumber: "50100123456789",
      ifscCode: "HDFC0001234",
      sendMethods: ["bank", "cash", "erupee"],
    },
    201,
  );
  await request.storageState({ path: adminSessionFile() });
});
