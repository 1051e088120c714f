import type { Kysely } from "kysely";
import { type DocumentKeys, openDocument, sealDocument } from "../../platform/crypto/document-key";
import type { DB } from "../../platform/db/schema";

const BATCH = 50;

/**
 * Seals every document not under the current key again under it (a key rotation:
 * DOCUMENT_KEY is the new key, DOCUMENT_KEY_PREVIOUS the old). Batch by batch, each
 * row only if no one re-sealed it meanwhile; safe to run again after a stop.
 */
export async function reencryptDocuments(
  db: Kysely<DB>,
  keys: DocumentKeys,
): Promise<{ resealed: number }> {
  let resealed = 0;
  for (;;) {
    const rows = await db
      .selectFrom("verification_documents as d")
      .innerJoin("verification_submissions as s", "s.id", "d.submission_id")
      .select(["d.id", "d.kind", "d.key_id", "d.iv", "d.auth_tag", "d.ciphertext", "s.user_id"])
      .where("d.key_id", "<>", keys.currentId)
      .orderBy("d.id")
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return { resealed };
    for (const row of rows) {
      const binding = { documentId: row.id, userId: row.user_id, kind: row.kind };
      const bytes = openDocument(keys, binding, {
        keyId: row.key_id,
        iv: row.iv,
        authTag: row.auth_tag,
        ciphertext: row.ciphertext,
      });
      const sealed = sealDocument(keys, binding, bytes);
      const updated = await db
        .updateTable("verification_documents")
        .set({
          key_id: sealed.keyId,
          iv: sealed.iv,
          auth_tag: sealed.authTag,
          ciphertext: sealed.ciphertext,
        })
        .where("id", "=", row.id)
        .where("key_id", "=", row.key_id)
        .executeTakeFirst();
      resealed += Number(updated.numUpdatedRows);
    }
  }
}
