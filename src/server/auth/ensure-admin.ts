import type { Auth } from "./auth";

export type EnsureAdminResult = "created" | "promoted";

/**
 * Makes sure the account exists, is verified and has role admin. A new account
 * gets the given password; an existing one keeps the password it has.
 */
export async function ensureAdmin(
  auth: Auth,
  input: { email: string; password: string },
): Promise<EnsureAdminResult> {
  const ctx = await auth.$context;
  const email = input.email.trim().toLowerCase();
  const existing = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  if (existing) {
    await ctx.internalAdapter.updateUser(existing.user.id, { role: "admin", emailVerified: true });
    const hasPassword = existing.accounts.some((account) => account.providerId === "credential");
    if (!hasPassword) await linkPassword(auth, existing.user.id, input.password);
    return "promoted";
  }
  const user = await ctx.internalAdapter.createUser(
    {
      email,
      name: email.split("@")[0] ?? email,
      emailVerified: true,
      role: "admin",
    },
    { method: "admin" },
  );
  await linkPassword(auth, user.id, input.password);
  return "created";
}

async function linkPassword(auth: Auth, userId: string, password: string) {
  const ctx = await auth.$context;
  await ctx.internalAdapter.linkAccount({
    userId,
    providerId: "credential",
    accountId: userId,
    password: await ctx.password.hash(password),
  });
}
