import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reencryptDocuments } from "../../domains/verification/reencrypt-documents";
import { signedInCustomer } from "../../testing/actors";
import { validDocuments, verificationForm } from "../../testing/identity-documents";
import { createTestApp, type TestApp } from "../../testing/test-app";
import {
  DocumentKeyMissing,
  documentKeysFrom,
  loadOrCreateDevDocumentKey,
  openDocument,
  sealDocument,
} from "./document-key";

const oldKey = randomBytes(32).toString("hex");
const newKey = randomBytes(32).toString("hex");
const binding = { documentId: "d1", userId: "u1", kind: "panCard" };
const bytes = Buffer.from("the PAN card's photo");

describe("sealing a document (AES-256-GCM)", () => {
  it("opens with its key and binding, and with nothing else", () => {
    const keys = documentKeysFrom(oldKey);
    const sealed = sealDocument(keys, binding, bytes);
    expect(sealed.keyId).toBe(keys.currentId);
    expect(sealed.ciphertext.equals(bytes)).toBe(false);
    expect(openDocument(keys, binding, sealed).equals(bytes)).toBe(true);
    // Moved onto another row (another customer's), it does not open.
    expect(() => openDocument(keys, { ...binding, userId: "u2" }, sealed)).toThrow();
    const flipped = Buffer.from(sealed.ciphertext);
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => openDocument(keys, binding, { ...sealed, ciphertext: flipped })).toThrow();
    // Under another key, with the old one forgotten, it names the missing key.
    expect(() => openDocument(documentKeysFrom(newKey), binding, sealed)).toThrow(
      DocumentKeyMissing,
    );
    expect(openDocument(documentKeysFrom(newKey, oldKey), binding, sealed).equals(bytes)).toBe(
      true,
    );
  });

  it("keeps a development key in the data folder, readable by its owner only", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "rupeedesk-key-"));
    try {
      const key = loadOrCreateDevDocumentKey(dataDir);
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      expect(loadOrCreateDevDocumentKey(dataDir)).toBe(key);
      expect(readFileSync(join(dataDir, "document-key"), "utf8").trim()).toBe(key);
      expect(statSync(join(dataDir, "document-key")).mode & 0o077).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("rotating DOCUMENT_KEY", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ DOCUMENT_KEY: oldKey });
  });
  afterAll(() => testApp.close());

  it("re-seals every document under the new key; the old key is then not needed", async () => {
    const customer = await signedInCustomer(testApp);
    const documents = await validDocuments();
    const submitted = await customer.post("/api/verification", verificationForm(documents));
    expect(submitted.status, submitted.text).toBe(201);
    const rotated = documentKeysFrom(newKey, oldKey);
    expect(await reencryptDocuments(testApp.db, rotated)).toEqual({ resealed: 3 });
    expect(await reencryptDocuments(testApp.db, rotated)).toEqual({ resealed: 0 });

    const rows = await testApp.db
      .selectFrom("verification_documents as d")
      .innerJoin("verification_submissions as s", "s.id", "d.submission_id")
      .select(["d.id", "d.kind", "d.key_id", "d.iv", "d.auth_tag", "d.ciphertext", "s.user_id"])
      .where("s.user_id", "=", customer.userId)
      .execute();
    const newOnly = documentKeysFrom(newKey);
    for (const row of rows) {
      expect(row.key_id).toBe(newOnly.currentId);
      const opened = openDocument(
        newOnly,
        { documentId: row.id, userId: row.user_id, kind: row.kind },
        { keyId: row.key_id, iv: row.iv, authTag: row.auth_tag, ciphertext: row.ciphertext },
      );
      if (row.kind === "addressDocument") {
        expect(opened.equals(Buffer.from(documents.addressDocument.bytes))).toBe(true);
      }
    }
  });
});
