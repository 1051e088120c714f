import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import { SEND_OPTIONS } from "../../../shared/catalog";
import type { Actor } from "../../platform/api/admin-actor";
import { isBlocked } from "../../platform/api/session";
import { recordAudit } from "../../platform/audit-trail/audit";
import { containsPattern } from "../../platform/db/like-pattern";
import type { DB, UserTable } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";
import { encodePageCursor, type PageCursor } from "../../platform/http/page-cursor";
import { customerHoldOf } from "../risk/holds.service";

export const USER_PAGE_SIZE = 20;
export const USER_ROLES = ["admin", "user"] as const;
export type UserRole = (typeof USER_ROLES)[number];

type UserRow = Pick<
  Selectable<UserTable>,
  "id" | "email" | "role" | "createdAt" | "banned" | "banExpires" | "emailVerified"
>;

const INR_SENDS = SEND_OPTIONS.filter((option) => option.symbol === "INR").map(({ id }) => id);
const USER_COLUMNS = [
  "id",
  "email",
  "role",
  "createdAt",
  "banned",
  "banExpires",
  "emailVerified",
] as const;

/** A user as the admin list shows them. */
export function toAdminUserView(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    role: (user.role === "admin" ? "admin" : "user") as UserRole,
    createdAt: user.createdAt.toISOString(),
    isBlocked: isBlocked(user),
    emailVerified: user.emailVerified,
  };
}

/* ---------- listing ---------- */

const USER_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** Whether `text` can be a user's id (better-auth's). */
export function isUserId(text: string): boolean {
  return USER_ID_PATTERN.test(text);
}

/** One page of users, newest first, optionally only those whose e-mail contains `search`. */
export async function listUsers(
  db: Kysely<DB>,
  {
    search,
    cursor,
    limit = USER_PAGE_SIZE,
  }: { search?: string; cursor?: PageCursor | null; limit?: number },
) {
  let query = db
    .selectFrom("user")
    .select(USER_COLUMNS)
    // Microsecond timestamps survive only as text; a JS Date would drop them.
    .select(sql<string>`"createdAt"::text`.as("cursorCreatedAt"))
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1);
  if (search) query = query.where("email", "ilike", containsPattern(search));
  if (cursor) {
    query = query.where(
      sql<boolean>`("createdAt", id) < (${cursor.createdAt}::timestamptz, ${cursor.id})`,
    );
  }
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? encodePageCursor({ createdAt: last.cursorCreatedAt, id: last.id })
      : null;
  return { users: page.map(toAdminUserView), nextCursor };
}

/* ---------- details ---------- */

/** The user with their order totals; undefined when there is no such user. */
export async function getUserDetails(db: Kysely<DB>, userId: string) {
  const user = await db
    .selectFrom("user")
    .select([...USER_COLUMNS, "whatsappNumber"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const totals = await db
    .selectFrom("orders")
    .select([
      sql<number>`count(*)::int`.as("totalOrders"),
      sql<number>`(count(*) FILTER (WHERE status = 'completed'))::int`.as("completedOrders"),
      sql<string>`coalesce(sum(send_amount) FILTER (
        WHERE status = 'completed' AND send_currency IN (${sql.join(INR_SENDS)})
      ), 0)::numeric(20, 2)::text`.as("totalVolumeInr"),
    ])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return {
    ...toAdminUserView(user),
    whatsappNumber: user.whatsappNumber,
    ...totals,
    // The referral programme is not running yet: nobody has a code, a referrer or earnings.
    referralCode: null,
    referredBy: null,
    referralEarnings: "0",
    hold: await customerHoldOf(db, userId),
  };
}

/* ---------- changes ---------- */

/**
 * Locks the active admins (in id order, so two admins acting on each other
 * cannot deadlock) and then the target, inside the transaction. Answers the
 * target and the ids of the active admins other than the target, as they are
 * once any concurrent change to them has committed.
 */
async function lockTarget(trx: Transaction<DB>, targetId: string) {
  const admins = await trx
    .selectFrom("user")
    .select("id")
    .where("role", "=", "admin")
    .where((eb) => eb.or([eb("banned", "is", null), eb("banned", "=", false)]))
    .orderBy("id")
    .forUpdate()
    .execute();
  const target = await trx
    .selectFrom("user")
    .select(USER_COLUMNS)
    .where("id", "=", targetId)
    .forUpdate()
    .executeTakeFirst();
  if (!target) throw new AppError(404, "USER_NOT_FOUND", "User not found.");
  return { target, otherAdmins: admins.filter(({ id }) => id !== targetId) };
}

function auditContext(actor: Actor, target: UserRow) {
  return {
    actor: { id: actor.id, email: actor.email },
    target: { type: "user" as const, id: target.id },
    ipAddress: actor.ipAddress ?? null,
  };
}

/**
 * Makes the user an admin or a plain user. An admin cannot demote themselves, nor
 * the last admin be demoted; only a user with a verified address can be promoted.
 */
export async function setUserRole(
  db: Kysely<DB>,
  { actor, userId, role }: { actor: Actor; userId: string; role: UserRole },
) {
  if (userId === actor.id && role !== "admin") {
    throw new AppError(
      400,
      "CANNOT_DEMOTE_SELF",
      "You cannot remove your own administrator role. Ask another administrator.",
    );
  }
  return db.transaction().execute(async (trx) => {
    const { target, otherAdmins } = await lockTarget(trx, userId);
    const from = toAdminUserView(target).role;
    if (from === role) return toAdminUserView(target);
    // Every admin reads the register of suspicious transaction reports (decision 045).
    if (role === "admin" && (await isNamedInSuspicionReport(trx, userId))) {
      throw new AppError(
        409,
        "NAMED_IN_REPORT",
        "A suspicious transaction report names this customer: they cannot be made an administrator.",
      );
    }
    // Until the address is proven, the account may be anyone's who typed it in.
    if (role === "admin" && !target.emailVerified) {
      throw new AppError(
        409,
        "EMAIL_NOT_VERIFIED",
        "This user has not verified their e-mail address yet. Only a verified user can be made an administrator.",
      );
    }
    if (role === "user" && !isBlocked(target) && otherAdmins.length === 0) {
      throw new AppError(
        409,
        "LAST_ADMIN",
        "This is the last administrator. Make another user an administrator first.",
      );
    }
    const updated = await trx
      .updateTable("user")
      .set({ role, updatedAt: sql`now()` })
      .where("id", "=", userId)
      .returning(USER_COLUMNS)
      .executeTakeFirstOrThrow();
    // A demoted admin's step-ups end with the role, so a later promotion asks again.
    if (role === "user") {
      await trx.deleteFrom("admin_elevations").where("user_id", "=", userId).execute();
    }
    await recordAudit(trx, {
      ...auditContext(actor, target),
      action: "user.role_changed",
      details: { email: target.email, from, to: role },
    });
    return toAdminUserView(updated);
  });
}

/**
 * Blocks the user: better-auth's ban flag (with no expiry, so sign-in answers
 * BANNED_USER) and every one of their sessions deleted in the same transaction,
 * so their next request is signed out. Their admin step-ups cascade with the
 * sessions. Sessions live only in the database here (no secondary storage).
 */
export async function blockUser(
  db: Kysely<DB>,
  { actor, userId }: { actor: Actor; userId: string },
) {
  if (userId === actor.id) {
    throw new AppError(400, "CANNOT_BLOCK_SELF", "You cannot block your own account.");
  }
  return db.transaction().execute(async (trx) => {
    const { target, otherAdmins } = await lockTarget(trx, userId);
    const wasBlocked = isBlocked(target);
    if (!wasBlocked && target.role === "admin" && otherAdmins.length === 0) {
      throw new AppError(409, "LAST_ADMIN", "The last administrator cannot be blocked.");
    }
    const updated = await trx
      .updateTable("user")
      .set({ banned: true, banReason: null, banExpires: null, updatedAt: sql`now()` })
      .where("id", "=", userId)
      .returning(USER_COLUMNS)
      .executeTakeFirstOrThrow();
    const ended = await trx.deleteFrom("session").where("userId", "=", userId).executeTakeFirst();
    if (!wasBlocked) {
      await recordAudit(trx, {
        ...auditContext(actor, target),
        action: "user.blocked",
        details: {
          email: target.email,
          from: "active",
          to: "blocked",
          sessionsEnded: Number(ended.numDeletedRows),
        },
      });
    }
    return toAdminUserView(updated);
  });
}

/** Lifts the block; the user may sign in again. */
export async function unblockUser(
  db: Kysely<DB>,
  { actor, userId }: { actor: Actor; userId: string },
) {
  return db.transaction().execute(async (trx) => {
    const { target } = await lockTarget(trx, userId);
    if (target.banned !== true) return toAdminUserView(target);
    const updated = await trx
      .updateTable("user")
      .set({ banned: false, banReason: null, banExpires: null, updatedAt: sql`now()` })
      .where("id", "=", userId)
      .returning(USER_COLUMNS)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      ...auditContext(actor, target),
      action: "user.unblocked",
      details: {
        email: target.email,
        from: isBlocked(target) ? "blocked" : "expired",
        to: "active",
      },
    });
    return toAdminUserView(updated);
  });
}

async function isNamedInSuspicionReport(trx: Kysely<DB>, userId: string) {
  const report = await trx
    .selectFrom("suspicion_reports")
    .select("id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return report !== undefined;
}
