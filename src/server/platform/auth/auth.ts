import { APIError, type BetterAuthOptions, betterAuth } from "better-auth";
import { createAuthMiddleware, isAPIError } from "better-auth/api";
import { admin, openAPI, twoFactor } from "better-auth/plugins";
import { parse as parseCookie } from "hono/utils/cookie";
import { sql } from "kysely";
import type { Logger } from "pino";
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  storedWhatsappPattern,
} from "../../../shared/account-rules";
import {
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGES,
  type Language,
  languageOr,
  readerLanguage,
} from "../../../shared/languages";
import { hasUnseenControls } from "../../../shared/plain-text";
import type { Database } from "../db/database";
import type { BackgroundTasks } from "../jobs/background-tasks";
import type { Mailer } from "../mail/mailer";
import { authLogger, logAuthApiError } from "./auth-log";
import { existingAccountMail, resetPasswordMail, verifyEmailMail } from "./auth-mails";
import { claimTotpCode } from "./totp-codes";

/** The request header our own middleware sets from the socket (or a trusted proxy). */
export const CLIENT_IP_HEADER = "x-rupeedesk-client-ip";

/**
 * Per-IP limits on the endpoints that guess or send mail: [window seconds, max
 * requests]. Reading the session guesses nothing and happens on every page load:
 * many customers behind one carrier address would soon look signed out.
 */
export const AUTH_RATE_LIMITS = {
  "/get-session": false,
  "/sign-in/email": { window: 60, max: 10 },
  "/sign-up/email": { window: 60, max: 5 },
  "/request-password-reset": { window: 60, max: 3 },
  "/reset-password": { window: 60, max: 5 },
  "/change-password": { window: 60, max: 5 },
  "/send-verification-email": { window: 60, max: 3 },
  "/two-factor/*": { window: 60, max: 10 },
} as const;

export interface AuthDependencies {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  secret: string;
  baseURL: string;
  trustedOrigins: string[];
  /** Where better-auth's mails are sent from, after the answer. */
  backgroundTasks: BackgroundTasks;
  /** Whether the blocklist refuses a sign-up with this e-mail or phone (the risk domain's rule). */
  isSignUpBlocked: (db: Database, applicant: { email: string; phone: string }) => Promise<boolean>;
  /**
   * How passwords are hashed and checked; better-auth's scrypt when not given, as in
   * production, where nothing in the environment can give one. Only the tests'
   * in-process app passes a cheaper one (src/server/testing/quick-passwords.ts).
   */
  passwordHashing?: PasswordHashing;
}

/** A password hash and its check, as better-auth takes them. */
export interface PasswordHashing {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
}

const WHATSAPP_ERROR = "Enter your 10-digit WhatsApp number (it must start with 6, 7, 8 or 9).";

/** Longest display name a sign-up may set (the product asks for none). */
const MAX_NAME_LENGTH = 100;

/** The sign-up fields better-auth accepts beyond the product's form, bounded or refused. */
/**
 * An address no mail server takes (RFC 5321: 64 characters before the @, 254 in all):
 * its account could never verify, and an operator's search could never reach it.
 */
function checkEmailLength(email: unknown) {
  if (typeof email !== "string") return;
  const local = email.slice(0, Math.max(email.lastIndexOf("@"), 0));
  if (email.length > 254 || local.length > 64) {
    throw new APIError("BAD_REQUEST", { message: "Invalid email", code: "INVALID_EMAIL" });
  }
}

function checkSignUpExtras(body: { name?: unknown; image?: unknown } | undefined) {
  if (typeof body?.name === "string" && body.name.length > MAX_NAME_LENGTH) {
    throw new APIError("BAD_REQUEST", {
      message: `The name may be at most ${MAX_NAME_LENGTH} characters.`,
      code: "NAME_TOO_LONG",
    });
  }
  // A name is read on the desk's screens, e-mails and PDFs: no markup, nothing unseen.
  if (typeof body?.name === "string" && (/[<>]/.test(body.name) || hasUnseenControls(body.name))) {
    throw new APIError("BAD_REQUEST", {
      message: "The name cannot contain < or > or invisible control characters.",
      code: "INVALID_NAME",
    });
  }
  if (body?.image !== undefined) {
    throw new APIError("BAD_REQUEST", {
      message: "A profile image cannot be set.",
      code: "IMAGE_NOT_ACCEPTED",
    });
  }
}

function checkWhatsapp(value: unknown) {
  if (typeof value !== "string" || !storedWhatsappPattern.test(value)) {
    throw new APIError("BAD_REQUEST", { message: WHATSAPP_ERROR, code: "INVALID_WHATSAPP" });
  }
}

/** A sign-up whose phone or e-mail domain is on the blocklist, refused without saying so. */
async function refuseBlockedSignUp(
  { db, isSignUpBlocked }: AuthDependencies,
  body: { email?: unknown; whatsappNumber?: unknown },
) {
  if (typeof body.email !== "string" || typeof body.whatsappNumber !== "string") return;
  if (await isSignUpBlocked(db, { email: body.email, phone: body.whatsappNumber })) {
    throw new APIError("BAD_REQUEST", {
      message:
        "We cannot open an account with these details. Please contact us on WhatsApp or Telegram.",
      code: "SIGN_UP_NOT_ACCEPTED",
    });
  }
}

/** The language of a user better-auth hands to a mail callback (its additional fields included). */
function languageOf(user: object) {
  return languageOr((user as { language?: unknown }).language);
}

/**
 * The language of a mail asked for from a page (a reset, a new verification link):
 * the one the reader chose on that page, as its `language` cookie says; else the
 * account's; else the browser's. The page in front of them is what they read now.
 */
function requesterLanguage(user: object, request: Request | undefined): Language {
  const choice = parseCookie(request?.headers.get("cookie") ?? "", LANGUAGE_COOKIE)[
    LANGUAGE_COOKIE
  ];
  if (isLanguage(choice)) return choice;
  const saved = (user as { language?: unknown }).language;
  if (isLanguage(saved)) return saved;
  return readerLanguage(undefined, request?.headers.get("accept-language") ?? undefined);
}

function checkLanguage(value: unknown) {
  if (!isLanguage(value)) {
    throw new APIError("BAD_REQUEST", {
      message: `Choose one of the languages: ${LANGUAGES.join(", ")}.`,
      code: "INVALID_LANGUAGE",
    });
  }
}

export function createAuthOptions(deps: AuthDependencies) {
  const { mailer } = deps;
  return {
    appName: "RupeeDesk",
    baseURL: deps.baseURL,
    basePath: "/api/auth",
    secret: deps.secret,
    trustedOrigins: deps.trustedOrigins,
    database: { db: deps.db, type: "postgres" },
    emailAndPassword: emailAndPasswordOptions(deps),
    emailVerification: {
      sendOnSignUp: true,
      sendVerificationEmail: async ({ user, url }, request) => {
        await mailer.send(verifyEmailMail(user.email, url, requesterLanguage(user, request)));
      },
    },
    user: {
      additionalFields: {
        whatsappNumber: { type: "string", required: false, input: true },
        // The language the customer last read the site in (en, hi): other devices and
        // our mails follow it. Null until they first choose or sign up.
        language: { type: "string", required: false, input: true },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: AUTH_RATE_LIMITS,
    },
    logger: authLogger(deps.logger),
    onAPIError: { onError: (error) => logAuthApiError(deps.logger, error) },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth turns its Origin/CSRF and callback-URL checks off when
      // NODE_ENV=test; keep them on so tests exercise what production runs.
      disableOriginCheck: false,
      backgroundTasks: { handler: (task) => deps.backgroundTasks.add(task) },
    },
    hooks: authHooks(deps),
    plugins: [
      admin({
        defaultRole: "user",
        adminRoles: ["admin"],
        // The desk's own words (Hindi: hi/server-errors.json, BANNED_USER).
        bannedUserMessage:
          "Your account is blocked. If you think this is a mistake, contact us on WhatsApp or Telegram.",
      }),
      twoFactor({ issuer: "RupeeDesk" }),
      openAPI({ disableDefaultReference: true }),
    ],
  } satisfies BetterAuthOptions;
}

/**
 * E-mail and password: a taken address's sign-up answered as a new one's (the owner
 * learns by mail), and each mail in the customer's language.
 */
function emailAndPasswordOptions(deps: AuthDependencies) {
  const { mailer } = deps;
  return {
    enabled: true,
    minPasswordLength: MIN_PASSWORD_LENGTH,
    maxPasswordLength: MAX_PASSWORD_LENGTH,
    autoSignIn: false,
    revokeSessionsOnPasswordReset: true,
    ...(deps.passwordHashing && { password: deps.passwordHashing }),
    // A sign-up for a taken address gets a made-up user back (no account
    // enumeration); give it the fields a real new customer has, or role: null
    // would tell the two apart.
    customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
      ...coreFields,
      role: "user",
      banned: false,
      banReason: null,
      banExpires: null,
      ...additionalFields,
      id,
    }),
    // The answer to a sign-up for a taken address looks like success; the owner learns by mail.
    // Customers' mails come in the language they last read the site in.
    onExistingUserSignUp: async ({ user }) => {
      await mailer.send(existingAccountMail(user.email, `${deps.baseURL}/login`, languageOf(user)));
    },
    sendResetPassword: async ({ user, url }, request) => {
      await mailer.send(resetPasswordMail(user.email, url, requesterLanguage(user, request)));
    },
  } satisfies BetterAuthOptions["emailAndPassword"];
}

/**
 * What better-auth does around its endpoints: a sign-up's and a profile's fields
 * checked first, a new password ending the other sessions; after, a spent
 * two-factor code claimed and a sign-in recorded.
 */
function authHooks(deps: AuthDependencies) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      if (ctx.path === "/sign-up/email") {
        checkEmailLength(ctx.body?.email);
        checkSignUpExtras(ctx.body);
        checkWhatsapp(ctx.body?.whatsappNumber);
        await refuseBlockedSignUp(deps, ctx.body);
      }
      if (ctx.path === "/update-user" && ctx.body?.whatsappNumber !== undefined) {
        checkWhatsapp(ctx.body.whatsappNumber);
      }
      // Later changes go through PUT /api/account/language (update-user stays closed).
      if (ctx.path === "/sign-up/email" && ctx.body?.language !== undefined) {
        checkLanguage(ctx.body.language);
      }
      // A new password ends every other session, whatever the client asked: the
      // session of whoever knew the old one must not outlive the change.
      if (ctx.path === "/change-password") {
        return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
      }
    }),
    after: createAuthMiddleware(async (ctx) => {
      // A code that signed someone in (or turned two-factor on) is spent: it cannot
      // unlock an admin's step-up too. A step-up's own check makes no new session.
      const { newSession, returned } = ctx.context;
      if (ctx.path === "/two-factor/verify-totp" && newSession && !isAPIError(returned)) {
        await claimTotpCode(deps.db, newSession.user.id, String(ctx.body?.code ?? ""));
      }
      if (newSession && !isAPIError(returned) && (await isSignIn(ctx, newSession.user))) {
        await recordSignIn(deps.db, newSession.session);
      }
    }),
  } satisfies BetterAuthOptions["hooks"];
}

type AuthContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Whether the request that made a session signed someone in: a password (for an
 * account with two-factor on, only on a device it trusts; else the session is the
 * password step's, deleted once the plugin asks for the code), or the second factor
 * after the password (the request carries the two-factor step's cookie). Not a
 * session renewed for someone signed in already (a new password, two-factor turned
 * on): better-auth makes a new one for those too.
 */
async function isSignIn(ctx: AuthContext, user: Record<string, unknown>) {
  const hasCookie = async (name: string) =>
    Boolean(await ctx.getSignedCookie(ctx.context.createAuthCookie(name).name, ctx.context.secret));
  if (ctx.path === "/sign-in/email") return !user.twoFactorEnabled || hasCookie("trust_device");
  if (ctx.path !== "/two-factor/verify-totp" && ctx.path !== "/two-factor/verify-backup-code") {
    return false;
  }
  return hasCookie("two_factor");
}

/** Keeps a sign-in for the customer's file (sign-ins.csv): a session's own row goes when it ends. */
async function recordSignIn(
  db: Database,
  session: { id: string; userId: string; ipAddress?: string | null; userAgent?: string | null },
) {
  await db
    .insertInto("sign_ins")
    .columns(["user_id", "ip_address", "user_agent"])
    .expression(
      db
        .selectFrom("session")
        .select([
          "userId",
          sql<string | null>`${session.ipAddress?.slice(0, 100) || null}::text`.as("ip_address"),
          sql<string | null>`${session.userAgent?.slice(0, 500) || null}::text`.as("user_agent"),
        ])
        .where("id", "=", session.id),
    )
    .execute();
}

export function createAuth(deps: AuthDependencies) {
  return betterAuth(createAuthOptions(deps));
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = Auth["$Infer"]["Session"];
