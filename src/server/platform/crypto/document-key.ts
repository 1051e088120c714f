import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/*
 * Identity documents are encrypted at rest with AES-256-GCM (docs/decisions/034).
 * Each stored document names the key that sealed it by the key's id (a hash of
 * the key, never the key); the document's id, owner and kind are bound in as
 * associated data, so a ciphertext copied onto another row does not open.
 */

const KEY_BYTES = 32;
const IV_BYTES = 12;
export const DOCUMENT_KEY_PATTERN = /^[0-9a-fA-F]{64}$/;

export interface DocumentKeys {
  /** The id new documents are sealed under. */
  currentId: string;
  /** Every key that may open a stored document, by id (the current and, while rotating, the previous). */
  byId: ReadonlyMap<string, Buffer>;
}

export interface SealedDocument {
  keyId: string;
  iv: Buffer;
  authTag: Buffer;
  ciphertext: Buffer;
}

/** What a ciphertext is bound to: it opens only on the row it was written for. */
export interface DocumentBinding {
  documentId: string;
  userId: string;
  kind: string;
}

/** A key's public name: the first 16 hex digits of its SHA-256. */
export function documentKeyId(key: Buffer): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 16);
}

/** The keys from DOCUMENT_KEY (and DOCUMENT_KEY_PREVIOUS while rotating), each 64 hex digits. */
export function documentKeysFrom(currentHex: string, previousHex?: string): DocumentKeys {
  const current = Buffer.from(currentHex, "hex");
  const byId = new Map([[documentKeyId(current), current]]);
  if (previousHex) {
    const previous = Buffer.from(previousHex, "hex");
    byId.set(documentKeyId(previous), previous);
  }
  return { currentId: documentKeyId(current), byId };
}

/** Development only: a key generated once and kept beside the data, like the auth secret. */
export function loadOrCreateDevDocumentKey(dataDir: string): string {
  const file = join(dataDir, "document-key");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const key = randomBytes(KEY_BYTES).toString("hex");
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

function associatedData({ documentId, userId, kind }: DocumentBinding): Buffer {
  return Buffer.from(JSON.stringify([documentId, userId, kind]));
}

export function sealDocument(
  keys: DocumentKeys,
  binding: DocumentBinding,
  plaintext: Uint8Array,
): SealedDocument {
  const key = keys.byId.get(keys.currentId) as Buffer;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(associatedData(binding));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { keyId: keys.currentId, iv, authTag: cipher.getAuthTag(), ciphertext };
}

export class DocumentKeyMissing extends Error {}

/** The document's bytes; throws when its key is not configured or the bytes were altered. */
export function openDocument(
  keys: DocumentKeys,
  binding: DocumentBinding,
  sealed: SealedDocument,
): Buffer {
  const key = keys.byId.get(sealed.keyId);
  if (!key) {
    throw new DocumentKeyMissing(
      `Document key ${sealed.keyId} is not configured: set it as DOCUMENT_KEY_PREVIOUS to read documents sealed before the rotation.`,
    );
  }
  const decipher = createDecipheriv("aes-256-gcm", key, sealed.iv);
  decipher.setAAD(associatedData(binding));
  decipher.setAuthTag(sealed.authTag);
  return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
}
