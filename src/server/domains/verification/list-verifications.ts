import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema";

/** Submissions waiting for review, oldest first. */
export async function listWaitingVerifications(db: Kysely<DB>) {
  const rows = await db
    .selectFrom("customer_verifications as v")
    .innerJoin("verification_submissions as s", "s.id", "v.submission_id")
    .innerJoin("user as u", "u.id", "v.user_id")
    .select(["v.user_id", "u.email", "s.legal_name", "s.submitted_at", "v.requested_at"])
    .where("v.status", "=", "submitted")
    .orderBy("s.submitted_at")
    .orderBy("v.user_id")
    .limit(200)
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    email: row.email,
    legalName: row.legal_name,
    submittedAt: row.submitted_at.toISOString(),
    wasRequested: row.requested_at !== null,
  }));
}

/** The PAN names of those of these customers who are verified, by customer (issue 24, item 6). */
export async function verifiedNamesOf(
  db: Kysely<DB>,
  userIds: string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("customer_verifications")
    .select(["user_id", "verified_name"])
    .where("user_id", "in", [...new Set(userIds)])
    .where("status", "=", "verified")
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.verified_name ?? ""]));
}
