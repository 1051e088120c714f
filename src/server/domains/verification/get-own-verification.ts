import { type Kysely, sql } from "kysely";
import type { DB } from "../../platform/db/schema";

/** A submission's details and its documents' descriptions (never their bytes). */
async function submissionView(db: Kysely<DB>, submissionId: string) {
  const submission = await db
    .selectFrom("verification_submissions")
    .select([
      "id",
      "legal_name",
      "pan",
      sql<string>`date_of_birth::text`.as("date_of_birth"),
      "address",
      "address_document_kind",
      "submitted_at",
      "decision",
      "decided_at",
      "decision_note",
    ])
    .where("id", "=", submissionId)
    .executeTakeFirstOrThrow();
  const documents = await db
    .selectFrom("verification_documents")
    .select(["id", "kind", "content_type", "byte_size"])
    .where("submission_id", "=", submissionId)
    .orderBy("kind")
    .execute();
  return {
    id: submission.id,
    legalName: submission.legal_name,
    pan: submission.pan,
    dateOfBirth: submission.date_of_birth,
    address: submission.address,
    addressDocumentKind: submission.address_document_kind,
    submittedAt: submission.submitted_at.toISOString(),
    decision: submission.decision,
    decidedAt: submission.decided_at?.toISOString() ?? null,
    decisionNote: submission.decision_note,
    documents: documents.map((document) => ({
      id: document.id,
      kind: document.kind,
      contentType: document.content_type,
      byteSize: document.byte_size,
    })),
  };
}

/** The customer's own verification: what they were asked, what they sent, what was decided. */
export async function getOwnVerification(db: Kysely<DB>, userId: string) {
  const row = await db
    .selectFrom("customer_verifications")
    .select(["status", "requested_at", "requested_note", "submission_id"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) {
    return {
      status: "not_needed" as const,
      requestedAt: null,
      requestNote: null,
      submission: null,
    };
  }
  return {
    status: row.status,
    requestedAt: row.requested_at?.toISOString() ?? null,
    requestNote: row.requested_note,
    submission: row.submission_id ? await submissionView(db, row.submission_id) : null,
  };
}
