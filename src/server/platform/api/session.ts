import { createHmac, timingSafeEqual } from "node:crypto";
import DataLoader from "dataloader";
import type { Context, MiddlewareHandler } from "hono";
import { parse as parseCookies } from "hono/utils/cookie";
import { type InferResult, sql } from "kysely";
import type { Auth, AuthSession } from "../auth/auth";
import { type Database, preparedStatement } from "../db/database";
import type { AppContext } from "./app-context";

export type SessionUser = AuthSession["user"];
export type SessionRecord = AuthSession["session"];

export type AppEnv = {
  Variables: { user: SessionUser; session: SessionRecord };
};

interface CookieSettings {
  name: string;
  secret: string;
  /** Cookie headers read lately, each with the session token it carries (or null). */
  tokenByCookieHeader: Map<string, string | null>;
}

/**
 * A browser sends the same Cookie header with each request until its session
 * changes: parsing it and checking its signature (an HMAC) once per header, not
 * per request, took a twentieth of an order's server time (docs/benchmarks.md).
 * Both are pure functions of the header and the secret; the session row itself is
 * still read on every request. Past this many headers the memory starts again, and a
 * header longer than a browser sends here is not kept, so made-up cookies cannot make
 * it grow past a few megabytes.
 */
const MAX_REMEMBERED_COOKIE_HEADERS = 10_000;
const MAX_REMEMBERED_HEADER_LENGTH = 1024;
const cookieSettingsByAuth = new WeakMap<Auth, Promise<CookieSettings>>();

/** better-auth's session cookie name (it follows the public URL's scheme) and signing secret. */
function cookieSettings(auth: Auth): Promise<CookieSettings> {
  let settings = cookieSettingsByAuth.get(auth);
  if (!settings) {
    settings = auth.$context.then((ctx) => ({
      name: ctx.authCookies.sessionToken.name,
      secret: ctx.secret,
      tokenByCookieHeader: new Map(),
    }));
    cookieSettingsByAuth.set(auth, settings);
  }
  return settings;
}

/** The token of a cookie better-auth signed (`token.base64(HMAC-SHA256)`), or null. */
export function verifySignedToken(cookie: string | undefined, secret: string): string | null {
  if (!cookie) return null;
  const dot = cookie.lastIndexOf(".");
  if (dot < 1) return null;
  const token = cookie.slice(0, dot);
  const encodedSignature = cookie.slice(dot + 1);
  // As better-auth writes it: 32 bytes in padded base64.
  if (encodedSignature.length !== 44 || !encodedSignature.endsWith("=")) return null;
  const signature = Buffer.from(encodedSignature, "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected)
    ? token
    : null;
}

/** The session token a request's Cookie header carries, if better-auth signed it. */
function sessionTokenOf(
  cookieHeader: string | null,
  { name, secret, tokenByCookieHeader }: CookieSettings,
): string | null {
  if (!cookieHeader) return null;
  const known = tokenByCookieHeader.get(cookieHeader);
  if (known !== undefined) return known;
  const token = verifySignedToken(parseCookies(cookieHeader, name)[name], secret);
  if (cookieHeader.length > MAX_REMEMBERED_HEADER_LENGTH) return token;
  if (tokenByCookieHeader.size >= MAX_REMEMBERED_COOKIE_HEADERS) tokenByCookieHeader.clear();
  tokenByCookieHeader.set(cookieHeader, token);
  return token;
}

/** Sessions and their users by the sessions' tokens; the token list is its one parameter. */
function sessionQueryBuilder(db: Database) {
  return db
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.userId")
    .select([
      "session.id as sessionId",
      "session.token",
      "session.expiresAt",
      "session.createdAt as sessionCreatedAt",
      "session.updatedAt as sessionUpdatedAt",
      "session.ipAddress",
      "session.userAgent",
      "session.impersonatedBy",
      "user.id",
      "user.name",
      "user.email",
      "user.emailVerified",
      "user.image",
      "user.createdAt",
      "user.updatedAt",
      "user.role",
      "user.banned",
      "user.banReason",
      "user.banExpires",
      "user.twoFactorEnabled",
      "user.whatsappNumber",
      "user.language",
    ])
    .where(sql<boolean>`session.token = ANY(${[] as string[]}::text[])`)
    .where("session.expiresAt", ">", sql<Date>`now()`)
    .modifyFront(preparedStatement("sessions"));
}
type SessionRow = InferResult<ReturnType<typeof sessionQueryBuilder>>[number];

const sessionLoaders = new WeakMap<Database, DataLoader<string, SessionRow | null>>();

/**
 * A session row by its token. The requests that arrive in the same turn of the
 * event loop share one query (compiled once per database): under load a round
 * trip per request cost more than the lookup. Nothing is cached between turns,
 * so a sign-out or a block counts from the next request on.
 */
function findSession(db: Database, token: string): Promise<SessionRow | null> {
  let loader = sessionLoaders.get(db);
  if (!loader) {
    const query = sessionQueryBuilder(db).compile();
    loader = new DataLoader(
      async (tokens) => {
        const { rows } = await db.executeQuery<SessionRow>({ ...query, parameters: [tokens] });
        const byToken = new Map(rows.map((row) => [row.token, row]));
        return tokens.map((each) => byToken.get(each) ?? null);
      },
      { cache: false, maxBatchSize: 100, batchScheduleFn: (send) => setImmediate(send) },
    );
    sessionLoaders.set(db, loader);
  }
  return loader.load(token);
}

/**
 * The request's session, also put in c.var; null when the caller is not signed
 * in, the session expired, or the account is blocked.
 *
 * API routes read better-auth's session and user rows in one query instead of
 * calling `auth.api.getSession`, whose per-call overhead cost more than the
 * order it guarded (docs/decisions/013). Sessions still roll over through
 * better-auth: the web app asks `/api/auth/get-session` on every page load.
 */
export async function loadSession(
  c: Context<AppEnv>,
  { auth, db }: Pick<AppContext, "auth" | "db">,
) {
  if (c.var.user && c.var.session) return { user: c.var.user, session: c.var.session };
  const token = sessionTokenOf(c.req.raw.headers.get("cookie"), await cookieSettings(auth));
  if (!token) return null;
  const row = await findSession(db, token);
  if (!row) return null;
  const {
    sessionId,
    token: sessionToken,
    expiresAt,
    sessionCreatedAt,
    sessionUpdatedAt,
    ipAddress,
    userAgent,
    impersonatedBy,
    ...user
  } = row;
  // Blocking deletes the user's sessions; this covers a block that raced a sign-in.
  if (isBlocked(user)) return null;
  const result = {
    user: user satisfies SessionUser,
    session: {
      id: sessionId,
      token: sessionToken,
      userId: user.id,
      expiresAt,
      createdAt: sessionCreatedAt,
      updatedAt: sessionUpdatedAt,
      ipAddress,
      userAgent,
      impersonatedBy,
    } satisfies SessionRecord,
  };
  c.set("user", result.user);
  c.set("session", result.session);
  return result;
}

/** Blocked: better-auth's ban flag is set and the ban has not run out. */
export function isBlocked(
  user: { banned: boolean | null; banExpires: Date | null },
  now = new Date(),
): boolean {
  return user.banned === true && (user.banExpires === null || user.banExpires > now);
}

/** Whether a session still stands: not signed out or expired, its user not blocked. */
export async function isSessionLive(db: Database, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.userId")
    .select(["user.banned", "user.banExpires"])
    .where("session.id", "=", sessionId)
    .where("session.expiresAt", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined && !isBlocked(row);
}

export const NOT_SIGNED_IN = { error: "Please log in first.", code: "UNAUTHENTICATED" } as const;

/** Lets signed-in users through with their session in c.var; others get 401. */
export function requireUser(context: Pick<AppContext, "auth" | "db">): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!(await loadSession(c, context))) return c.json(NOT_SIGNED_IN, 401);
    await next();
  };
}
