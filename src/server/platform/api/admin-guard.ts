import type { MiddlewareHandler } from "hono";
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema";
import type { AppContext } from "./app-context";
import { type AppEnv, isBlocked, loadSession, NOT_SIGNED_IN } from "./session";

/** A step-up lasts while the admin keeps working: it lapses after this long idle. */
export const STEP_UP_IDLE_MINUTES = 30;
/** And however busy the session, after a working day: a held cookie kept busy ends too. */
export const STEP_UP_MAX_HOURS = 8;

/** The step-ups still live: used within the idle window, and not older than a working day. */
const LIVE_STEP_UP = sql<boolean>`admin_elevations.last_active_at
    > now() - make_interval(mins => ${STEP_UP_IDLE_MINUTES})
  AND admin_elevations.elevated_at > now() - make_interval(hours => ${STEP_UP_MAX_HOURS})`;

/** Routes under this prefix need the admin role but not a step-up (they perform it). */
export const ADMIN_SESSION_PREFIX = "/api/admin/session";

/**
 * Guards every /api/admin route: a signed-in, unbanned user whose role is admin,
 * and (outside the step-up routes) whose session stepped up within the idle window.
 * Mounted once for the whole prefix, so a new admin route cannot be left open.
 */
export function adminGuard(context: AppContext): MiddlewareHandler<AppEnv> {
  const { db } = context;
  return async (c, next) => {
    const result = await loadSession(c, context);
    if (!result) return c.json(NOT_SIGNED_IN, 401);
    if (result.user.role !== "admin") {
      return c.json({ error: "This page is for administrators only.", code: "FORBIDDEN" }, 403);
    }
    if (!isStepUpRoute(c.req.path) && !(await touchElevation(db, result.session.id))) {
      return c.json(
        { error: "Confirm your password on Admin Access to continue.", code: "STEP_UP_REQUIRED" },
        403,
      );
    }
    await next();
  };
}

function isStepUpRoute(path: string): boolean {
  return path === ADMIN_SESSION_PREFIX || path.startsWith(`${ADMIN_SESSION_PREFIX}/`);
}

/**
 * better-auth's endpoints that check a signed-in user's password or TOTP code, or
 * change them. (At sign-in, verify-totp has no session yet, and is not held here.)
 */
const ACCOUNT_SECURITY_ENDPOINTS = new Set([
  "/api/auth/change-password",
  "/api/auth/two-factor/enable",
  "/api/auth/two-factor/disable",
  "/api/auth/two-factor/verify-totp",
  "/api/auth/two-factor/verify-backup-code",
]);

/**
 * An admin's session changes its password or second factor only while stepped
 * up. Otherwise whoever holds the session and knows the password could turn the
 * second factor off and then step up without it, or use these endpoints to guess
 * the password or the code outside the step-up's lockout.
 */
export function stepUpForAdminAccountSecurity(context: AppContext): MiddlewareHandler<AppEnv> {
  const { db } = context;
  return async (c, next) => {
    if (c.req.method !== "POST" || !ACCOUNT_SECURITY_ENDPOINTS.has(c.req.path)) return next();
    const result = await loadSession(c, context);
    if (result?.user.role === "admin" && !(await touchElevation(db, result.session.id))) {
      const error =
        "Confirm your password on Admin Access before changing your password or two-factor settings.";
      // `message` is where better-auth's client, which calls these endpoints, reads it.
      return c.json({ error, message: error, code: "STEP_UP_REQUIRED" }, 403);
    }
    await next();
  };
}

/**
 * Whether this session still belongs to an unblocked admin and its step-up is
 * still live, without extending it (one query, for long-lived streams).
 */
export async function isElevated(db: Kysely<DB>, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom("admin_elevations")
    .innerJoin("session", "session.id", "admin_elevations.session_id")
    .innerJoin("user", "user.id", "session.userId")
    .select(["user.role", "user.banned", "user.banExpires"])
    .where("admin_elevations.session_id", "=", sessionId)
    .where(LIVE_STEP_UP)
    .where("session.expiresAt", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined && row.role === "admin" && !isBlocked(row);
}

/** Extends a live step-up of this session; false when there is none or it lapsed. */
export async function touchElevation(db: Kysely<DB>, sessionId: string): Promise<boolean> {
  const row = await db
    .updateTable("admin_elevations")
    .set({ last_active_at: sql`now()` })
    .where("session_id", "=", sessionId)
    .where(LIVE_STEP_UP)
    .returning("session_id")
    .executeTakeFirst();
  return row !== undefined;
}
