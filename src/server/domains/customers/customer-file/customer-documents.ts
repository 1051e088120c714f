import { type Kysely, sql } from "kysely";
import type { DocumentKeys } from "../../../platform/crypto/document-key";
import type { DB } from "../../../platform/db/schema";
import { DOCUMENT_EXTENSIONS } from "../../verification/document-response";
import { readDocument } from "../../verification/read-document";

const FILE_NAMES = { panCard: "pan-card", addressDocument: "address-document", selfie: "selfie" };

/**
 * Every identity document the customer uploaded, oldest submission first, with its
 * place in the file: identity/<submitted, India time>-<kind>.<type>.
 */
export async function customerDocuments(db: Kysely<DB>, userId: string) {
  const rows = await db
    .selectFrom("verification_documents as document")
    .innerJoin("verification_submissions as submission", "submission.id", "document.submission_id")
    .select([
      "document.id",
      "document.kind",
      "document.content_type",
      "document.key_id",
      sql<string>`to_char(submission.submitted_at AT TIME ZONE 'Asia/Kolkata',
        'YYYY-MM-DD"T"HH24MISS')`.as("submitted"),
    ])
    .where("submission.user_id", "=", userId)
    .orderBy("submission.submitted_at")
    .orderBy("document.kind")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    keyId: row.key_id,
    path: `identity/${row.submitted}-${FILE_NAMES[row.kind]}.${DOCUMENT_EXTENSIONS[row.content_type]}`,
  }));
}

/** A document's bytes, opened from its sealed copy (the file's export is the audit row). */
export async function openCustomerDocument(db: Kysely<DB>, keys: DocumentKeys, documentId: string) {
  return (await readDocument({ db, keys, documentId })).bytes;
}
