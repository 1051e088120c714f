import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { VerificationDetails, VerificationDocument } from "../../../shared/verification-input";
import { type DocumentKeys, sealDocument } from "../../platform/crypto/document-key";
import type { DB } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";
import type { NotificationTargets } from "../../platform/notifications/operator-messages";
import { enqueue } from "../../platform/notifications/outbox";
import type { CheckedDocument } from "./check-document";
import { getOwnVerification } from "./get-own-verification";
import { submissionAlert } from "./verification-messages";

const ALREADY_VERIFIED = () =>
  new AppError(409, "ALREADY_VERIFIED", "Your identity is already verified.");

const WAITING = () =>
  new AppError(
    409,
    "VERIFICATION_WAITING",
    "We are reviewing what you sent. You can send again if we ask you to.",
  );

/**
 * Refuses a customer who may not submit now (verified, or a submission waits)
 * before their files are read: checking three documents (decoding images of up
 * to 50 megapixels) costs far more than this look, and repeating a refused upload
 * must not make the server do that work. submitVerification still decides.
 */
export async function refuseIfCannotSubmit(db: Kysely<DB>, userId: string) {
  const row = await db
    .selectFrom("customer_verifications")
    .select("status")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (row?.status === "verified") throw ALREADY_VERIFIED();
  if (row?.status === "submitted") throw WAITING();
}

/**
 * Stores a submission with its documents, sealed, and puts it in the review queue;
 * refused while one waits for review or once verified. One statement moves the
 * status, so two submissions racing store one.
 */
export async function submitVerification(input: {
  db: Kysely<DB>;
  keys: DocumentKeys;
  notify: NotificationTargets;
  user: { id: string; email: string };
  details: VerificationDetails;
  documents: Record<VerificationDocument, CheckedDocument>;
}) {
  const { db, keys, user, details } = input;
  await db.transaction().execute(async (trx) => {
    const submission = await trx
      .insertInto("verification_submissions")
      .values({
        user_id: user.id,
        legal_name: details.legalName,
        pan: details.pan,
        date_of_birth: details.dateOfBirth,
        address: details.address,
        address_document_kind: details.addressDocumentKind,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const moved = await trx
      .insertInto("customer_verifications")
      .values({ user_id: user.id, status: "submitted", submission_id: submission.id })
      .onConflict((conflict) =>
        conflict
          .column("user_id")
          .doUpdateSet({
            status: "submitted",
            submission_id: submission.id,
            updated_at: sql`now()`,
          })
          // Only from these states may a customer submit.
          .where("customer_verifications.status", "in", ["requested", "rejected"]),
      )
      .returning("user_id")
      .executeTakeFirst();
    if (!moved) {
      const current = await trx
        .selectFrom("customer_verifications")
        .select("status")
        .where("user_id", "=", user.id)
        .executeTakeFirst();
      throw current?.status === "verified" ? ALREADY_VERIFIED() : WAITING();
    }
    const rows = Object.entries(input.documents).map(([kind, document]) => {
      const id = randomUUID();
      const sealed = sealDocument(keys, { documentId: id, userId: user.id, kind }, document.bytes);
      return {
        id,
        submission_id: submission.id,
        kind: kind as VerificationDocument,
        content_type: document.contentType,
        byte_size: document.bytes.byteLength,
        key_id: sealed.keyId,
        iv: sealed.iv,
        auth_tag: sealed.authTag,
        ciphertext: sealed.ciphertext,
      };
    });
    await trx.insertInto("verification_documents").values(rows).execute();
    await enqueue(trx, submissionAlert(input.notify, { userId: user.id, email: user.email }));
  });
  return getOwnVerification(db, user.id);
}
