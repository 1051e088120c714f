import type { Auth } from "./auth";

/**
 * created: a new account with the given password. promoted: a verified account,
 * which keeps its own password. reclaimed: an account nobody had proven the
 * address of, whose password, sessions and two-factor are replaced by the given
 * password (else whoever signed up first with the address would be admin).
 */
export type EnsureAdminResult = "created" | "promoted" | "reclaimed";

/** Makes sure the account exists, is verified and has role admin. */
export async function ensureAdmin(
  auth: Auth,
  input: { email: string; password: string },
): Promise<EnsureAdminResult> {
  const ctx = await auth.$context;
  const email = input.email.trim().toLowerCase();
  const existing = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  if (existing?.user.emailVerified) {
    await ctx.internalAdapter.updateUser(existing.user.id, { role: "admin" });
    const hasPassword = existing.accounts.some((account) => account.providerId === "credential");
    if (!hasPassword) await linkPassword(auth, existing.user.id, input.password);
    return "promoted";
  }
  if (existing) {
    // What better-auth does when an unverified account's address is proven: nothing
    // its first claimant set up (password, sessions, second factor) carries over.
    const userId = existing.user.id;
    for (const account of existing.accounts) await ctx.internalAdapter.deleteAccount(account.id);
    await ctx.internalAdapter.deleteUserSessions(userId);
    await ctx.adapter.deleteMany({
      model: "twoFactor",
      where: [{ field: "userId", value: userId }],
    });
    await ctx.internalAdapter.updateUser(userId, {
      role: "admin",
      emailVerified: true,
      twoFactorEnabled: false,
    });
    await linkPassword(auth, userId, input.password);
    return "reclaimed";
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
