import { APIError } from "better-auth";
import { type Kysely, sql } from "kysely";
import { recordAudit } from "../audit-trail/audit";
import { claimTotpCode } from "../auth/totp-codes";
import type { DB } from "../db/schema";
import { AppError } from "../http/errors";
import type { AppContext } from "./app-context";
import type { SessionUser } from "./session";

/** Failed step-ups per admin within the window before further tries are refused. */
export const STEP_UP_MAX_FAILURES = 5;
export const STEP_UP_FAILURE_WINDOW_MINUTES = 15;

class CodeAlreadyUsed extends Error {}

interface StepUpRequest {
  context: AppContext;
  user: SessionUser;
  sessionId: string;
  headers: Headers;
  input: { password: string; code?: string };
  ipAddress?: string;
}

/**
 * Checks a signed-in admin's own password (and TOTP code when enrolled; a code
 * unlocks one step-up only) and marks this session elevated. Every try is
 * audited; too many failures lock step-up for a while.
 */
export async function stepUp(request: StepUpRequest) {
  const { db } = request.context;
  const attempt = await startAttempt(db, request.user.id);
  if (attempt === null) {
    throw new AppError(
      429,
      "TOO_MANY_ATTEMPTS",
      "Too many failed attempts. Try again in 15 minutes.",
    );
  }
  try {
    await checkAndElevate(request);
  } finally {
    await db.deleteFrom("step_up_attempts").where("id", "=", attempt).execute();
  }
}

async function checkAndElevate({
  context,
  user,
  sessionId,
  headers,
  input,
  ipAddress,
}: StepUpRequest) {
  const { auth, db } = context;
  const actor = { id: user.id, email: user.email };
  const fail = async (reason: string, message: string) => {
    await recordAudit(db, {
      actor,
      action: "admin.step_up_failed",
      details: { reason },
      ipAddress,
    });
    if ((await recentFailures(db, user.id)) >= STEP_UP_MAX_FAILURES) {
      await endElevationsOnLockout(db, actor, ipAddress);
    }
    throw new AppError(401, "STEP_UP_FAILED", message);
  };

  try {
    await auth.api.verifyPassword({ body: { password: input.password }, headers });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    return fail("password", "Incorrect password. Please try again.");
  }
  // The code that unlocks this step-up, when the admin has TOTP.
  const totpCode = user.twoFactorEnabled ? input.code : undefined;
  if (user.twoFactorEnabled) {
    if (!totpCode) {
      throw new AppError(
        400,
        "CODE_REQUIRED",
        "Enter the 6-digit code from your authenticator app.",
      );
    }
    try {
      await auth.api.verifyTOTP({ body: { code: totpCode }, headers });
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      return fail("totp", "Incorrect code. Please try again.");
    }
  }

  try {
    await db.transaction().execute(async (trx) => {
      if (totpCode && !(await claimTotpCode(trx, user.id, totpCode))) {
        throw new CodeAlreadyUsed();
      }
      await elevateSession(trx, { sessionId, actor, ipAddress });
    });
  } catch (error) {
    if (!(error instanceof CodeAlreadyUsed)) throw error;
    return fail(
      "totp_reused",
      "This code has already been used. Wait for the next code in your authenticator app.",
    );
  }
}

async function elevateSession(
  trx: Kysely<DB>,
  {
    sessionId,
    actor,
    ipAddress,
  }: { sessionId: string; actor: { id: string; email: string }; ipAddress?: string },
) {
  await trx
    .insertInto("admin_elevations")
    .values({ session_id: sessionId, user_id: actor.id })
    .onConflict((oc) =>
      oc.column("session_id").doUpdateSet({ elevated_at: sql`now()`, last_active_at: sql`now()` }),
    )
    .execute();
  await recordAudit(trx, { actor, action: "admin.step_up", ipAddress });
}

export async function stepDown(
  db: Kysely<DB>,
  user: SessionUser,
  sessionId: string,
  ipAddress?: string,
) {
  const removed = await db
    .deleteFrom("admin_elevations")
    .where("session_id", "=", sessionId)
    .executeTakeFirst();
  if (removed.numDeletedRows > 0n) {
    await recordAudit(db, {
      actor: { id: user.id, email: user.email },
      action: "admin.step_down",
      ipAddress,
    });
  }
}

/**
 * Someone is guessing this admin's password on a signed-in session: no session of
 * theirs stays elevated (one stepped up earlier, perhaps on a stolen device, would
 * otherwise go on moving money through the lockout). Each must step up again once
 * the lockout ends.
 */
async function endElevationsOnLockout(
  db: Kysely<DB>,
  actor: { id: string; email: string },
  ipAddress?: string,
) {
  await db.transaction().execute(async (trx) => {
    const ended = await trx
      .deleteFrom("admin_elevations")
      .where("user_id", "=", actor.id)
      .executeTakeFirst();
    await recordAudit(trx, {
      actor,
      action: "admin.step_up_locked",
      details: { elevatedSessionsEnded: Number(ended.numDeletedRows) },
      ipAddress,
    });
  });
}

/** How long an attempt under way counts, should its process die before it ends. */
const ATTEMPT_COUNTS_FOR_SECONDS = 60;

/**
 * Counts a step-up against the lockout before its password is checked: the
 * admin's recent failures and the attempts under way together must stay under
 * the limit, so many tries sent at once cannot all be checked. Answers the
 * attempt's id, or null when step-up is locked.
 */
async function startAttempt(db: Kysely<DB>, userId: string): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    // One admin's step-ups count here one at a time.
    await trx.selectFrom("user").select("id").where("id", "=", userId).forNoKeyUpdate().execute();
    await trx
      .deleteFrom("step_up_attempts")
      .where("user_id", "=", userId)
      .where(
        "started_at",
        "<",
        sql<Date>`now() - make_interval(secs => ${ATTEMPT_COUNTS_FOR_SECONDS})`,
      )
      .execute();
    const underWay = await trx
      .selectFrom("step_up_attempts")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    if ((await recentFailures(trx, userId)) + Number(underWay.count) >= STEP_UP_MAX_FAILURES) {
      return null;
    }
    const attempt = await trx
      .insertInto("step_up_attempts")
      .values({ user_id: userId })
      .returning("id")
      .executeTakeFirstOrThrow();
    return attempt.id;
  });
}

async function recentFailures(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("audit_log")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("actor_id", "=", userId)
    .where("action", "=", "admin.step_up_failed")
    .where(
      "created_at",
      ">",
      sql<Date>`now() - make_interval(mins => ${STEP_UP_FAILURE_WINDOW_MINUTES})`,
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
