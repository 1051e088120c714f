import { type Kysely, sql, type Transaction } from "kysely";
import type { Actor } from "../../platform/api/admin-actor";
import { recordAudit } from "../../platform/audit-trail/audit";
import { refuseOwnRecord } from "../../platform/audit-trail/own-records";
import type { DB } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";
import type { NotificationTargets } from "../../platform/notifications/operator-messages";
import { enqueue } from "../../platform/notifications/outbox";
import { getVerificationReview } from "./get-verification-review";
import { customerOf } from "./verification-customer";
import { customerVerificationMessages } from "./verification-messages";

/** Namespace of the advisory locks that make two approvals of one PAN take turns. */
const PAN_APPROVAL_LOCK = 0x7061_6e31; // "pan1"

/**
 * One person, one verified account: a second account verified with the same PAN would
 * give that person the higher limits twice over. Approvals of one PAN take turns (a
 * lock to the end of the transaction), so two approving at once cannot both pass.
 */
async function refusePanVerifiedElsewhere(trx: Transaction<DB>, userId: string, pan: string) {
  await sql`SELECT pg_advisory_xact_lock(${PAN_APPROVAL_LOCK}::int, hashtext(${pan}))`.execute(trx);
  const holder = await trx
    .selectFrom("customer_verifications as v")
    .innerJoin("verification_submissions as s", "s.id", "v.submission_id")
    .innerJoin("user as u", "u.id", "v.user_id")
    .select("u.email")
    .where("v.status", "=", "verified")
    .where("s.pan", "=", pan)
    .where("v.user_id", "<>", userId)
    .executeTakeFirst();
  if (holder) {
    throw new AppError(
      409,
      "PAN_VERIFIED_ELSEWHERE",
      `This PAN is verified on another account already (${holder.email}). One person has one verified account: reject this submission and ask them to use that account.`,
    );
  }
}

/**
 * Approves or rejects the submission the operator looked at (a newer one is not
 * decided by mistake). Audited; the customer gets a mail with the reason.
 */
export async function decideVerification(input: {
  db: Kysely<DB>;
  notify: NotificationTargets;
  actor: Actor;
  userId: string;
  submissionId: string;
  decision: "verified" | "rejected";
  note: string;
}) {
  const { db, actor, decision, note } = input;
  const customer = await customerOf(db, input.userId);
  refuseOwnRecord(actor, customer.id, "verification");
  await db.transaction().execute(async (trx) => {
    const submission = await trx
      .updateTable("verification_submissions")
      .set({ decision, decided_at: sql`now()`, decided_by: actor.id, decision_note: note || null })
      .where("id", "=", input.submissionId)
      .where("user_id", "=", customer.id)
      .where("decision", "is", null)
      .returning(["legal_name", "pan"])
      .executeTakeFirst();
    const moved = submission
      ? await trx
          .updateTable("customer_verifications")
          .set({
            status: decision,
            verified_name: decision === "verified" ? submission.legal_name : null,
            updated_at: sql`now()`,
          })
          .where("user_id", "=", customer.id)
          .where("submission_id", "=", input.submissionId)
          .where("status", "=", "submitted")
          .returning("user_id")
          .executeTakeFirst()
      : undefined;
    if (!submission || !moved) {
      throw new AppError(
        409,
        "NOT_WAITING",
        "This submission is not waiting for review any more. Reload to see where it stands.",
      );
    }
    if (decision === "verified") await refusePanVerifiedElsewhere(trx, customer.id, submission.pan);
    await recordAudit(trx, {
      actor,
      action: decision === "verified" ? "verification.approved" : "verification.rejected",
      target: { type: "user", id: customer.id },
      details: {
        email: customer.email,
        submissionId: input.submissionId,
        legalName: submission.legal_name,
        pan: submission.pan,
        note,
      },
      ipAddress: actor.ipAddress,
    });
    await enqueue(trx, customerVerificationMessages(decision, customer, input.notify, note));
  });
  return getVerificationReview(db, customer.id);
}
