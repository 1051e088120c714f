import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema";

/**
 * How long a TOTP code stays acceptable: better-auth takes the codes of the
 * current 30-second period and of one period either side.
 */
export const TOTP_CODE_LIFETIME_SECONDS = 90;

/**
 * Marks a TOTP code, which better-auth has just accepted, as used by this user;
 * false when it was used already while still acceptable (to sign in or for a
 * step-up). Concurrent claims of one code wait for each other: one of them wins.
 */
export async function claimTotpCode(
  db: Kysely<DB>,
  userId: string,
  code: string,
): Promise<boolean> {
  await db
    .deleteFrom("step_up_totp_codes")
    .where("user_id", "=", userId)
    .where(
      "accepted_at",
      "<",
      sql<Date>`now() - make_interval(secs => ${TOTP_CODE_LIFETIME_SECONDS})`,
    )
    .execute();
  const claimed = await db
    .insertInto("step_up_totp_codes")
    .values({ user_id: userId, code })
    .onConflict((oc) => oc.columns(["user_id", "code"]).doNothing())
    .returning("code")
    .executeTakeFirst();
  return claimed !== undefined;
}
