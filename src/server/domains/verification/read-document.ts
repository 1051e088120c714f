import type { Kysely } from "kysely";
import type { DocumentContentType } from "../../../shared/verification-input";
import type { Actor } from "../../platform/api/admin-actor";
import { recordAudit } from "../../platform/audit-trail/audit";
import { type DocumentKeys, openDocument } from "../../platform/crypto/document-key";
import type { DB } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";

/**
 * A document's bytes, opened with its key: for an admin (every view audited) or for
 * its owner only (`ownerId`): another customer's document is not found.
 */
export async function readDocument(input: {
  db: Kysely<DB>;
  keys: DocumentKeys;
  documentId: string;
  ownerId?: string;
  viewer?: Actor;
}): Promise<{ contentType: DocumentContentType; bytes: Buffer; kind: string }> {
  const { db } = input;
  const row = await db
    .selectFrom("verification_documents as d")
    .innerJoin("verification_submissions as s", "s.id", "d.submission_id")
    .select([
      "d.id",
      "d.kind",
      "d.content_type",
      "d.key_id",
      "d.iv",
      "d.auth_tag",
      "d.ciphertext",
      "s.user_id",
    ])
    .where("d.id", "=", input.documentId)
    .$if(input.ownerId !== undefined, (query) =>
      query.where("s.user_id", "=", input.ownerId as string),
    )
    .executeTakeFirst();
  if (!row) throw new AppError(404, "DOCUMENT_NOT_FOUND", "No such document.");
  const bytes = openDocument(
    input.keys,
    { documentId: row.id, userId: row.user_id, kind: row.kind },
    { keyId: row.key_id, iv: row.iv, authTag: row.auth_tag, ciphertext: row.ciphertext },
  );
  if (input.viewer) {
    await recordAudit(db, {
      actor: input.viewer,
      action: "verification.document_viewed",
      target: { type: "user", id: row.user_id },
      details: { documentId: row.id, kind: row.kind },
      ipAddress: input.viewer.ipAddress,
    });
  }
  return { contentType: row.content_type, bytes, kind: row.kind };
}
