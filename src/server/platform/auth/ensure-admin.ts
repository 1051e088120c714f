import type { Kysely } from "kysely";
import { recordAudit } from "../audit-trail/audit";
import type { DB } from "../db/schema";
import type { Auth } from "./auth";

/**
 * created: a new account with the given password. promoted: a verified account,
 * which keeps its own password. reclaimed: an account nobody had proven the
 * address of, whose password, sessions and two-factor are replaced by the given
 * password (else whoever signed up first with the address would be admin).
 * unchanged: already a verified admin with a password.
 */
export type EnsureAdminResult = "created" | "promoted" | "reclaimed" | "unchanged";

/**
 * Makes sure the account exists, is verified and has role admin. Each change is
 * in the audit log, made by the system (`via` says how it was asked for).
 */
export async function ensureAdmin(
  { auth, db }: { auth: Auth; db: Kysely<DB> },
  input: { email: string; password: string },
  via: "ADMIN_EMAIL" | "admin:create",
): Promise<EnsureAdminResult> {
  const ctx = await auth.$context;
  const email = input.email.trim().toLowerCase();
  const existing = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  const audit = (userId: string, result: EnsureAdminResult, from: string | null) =>
    recordAudit(db, {
      actor: null,
      action: "user.role_changed",
      target: { type: "user", id: userId },
      // A new account has no earlier role to show as changed.
      details:
        from === null
          ? { email, role: "admin", via, result }
          : { email, from, to: "admin", via, result },
    });

  // The admin plugin's column, which the adapter's user type does not list.
  const roleOf = (user: object) =>
    "role" in user && typeof user.role === "string" ? user.role : "user";

  if (existing?.user.emailVerified) {
    const { user, accounts } = existing;
    const hasPassword = accounts.some((account) => account.providerId === "credential");
    if (!hasPassword) await linkPassword(auth, user.id, input.password);
    if (roleOf(user) === "admin") return hasPassword ? "unchanged" : "promoted";
    await ctx.internalAdapter.updateUser(user.id, { role: "admin" });
    await audit(user.id, "promoted", roleOf(user));
    return "promoted";
  }
  if (existing) {
    // What better-auth does when an unverified account's address is proven: nothing
    // its first claimant set up (password, sessions, second factor) carries over.
    const { user, accounts } = existing;
    for (const account of accounts) await ctx.internalAdapter.deleteAccount(account.id);
    await ctx.internalAdapter.deleteUserSessions(user.id);
    await ctx.adapter.deleteMany({
      model: "twoFactor",
      where: [{ field: "userId", value: user.id }],
    });
    await ctx.internalAdapter.updateUser(user.id, {
      role: "admin",
      emailVerified: true,
      twoFactorEnabled: false,
    });
    await linkPassword(auth, user.id, input.password);
    await audit(user.id, "reclaimed", roleOf(user));
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
  await audit(user.id, "created", null);
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
