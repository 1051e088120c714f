// npm run documents:reencrypt: seals every identity document under DOCUMENT_KEY, opening
// the older ones with DOCUMENT_KEY_PREVIOUS (a key rotation; see the README).
import { resolve } from "node:path";
import { reencryptDocuments } from "../../domains/verification/reencrypt-documents";
import { ConfigError, parseEnv } from "../../platform/config/env";
import { DocumentKeyMissing, documentKeysFrom } from "../../platform/crypto/document-key";
import { openDatabase } from "../../platform/db/database";

async function main() {
  const env = parseEnv(process.env);
  if (!env.DOCUMENT_KEY) {
    throw new ConfigError("Set DOCUMENT_KEY (the new key) and DOCUMENT_KEY_PREVIOUS (the old).");
  }
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: resolve(env.DATA_DIR),
  });
  try {
    const keys = documentKeysFrom(env.DOCUMENT_KEY, env.DOCUMENT_KEY_PREVIOUS);
    const { resealed } = await reencryptDocuments(database.db, keys);
    console.log(
      `Documents sealed again under key ${keys.currentId}: ${resealed}. DOCUMENT_KEY_PREVIOUS may now be removed.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const isExplained = error instanceof ConfigError || error instanceof DocumentKeyMissing;
  console.error(isExplained ? error.message : error);
  process.exit(1);
});
