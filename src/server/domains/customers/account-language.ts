import type { Language } from "../../../shared/languages";
import type { Database } from "../../platform/db/database";

/** Saves the language the customer reads the site and their mails in. */
export async function saveAccountLanguage(db: Database, userId: string, language: Language) {
  await db
    .updateTable("user")
    .set({ language, updatedAt: new Date() })
    .where("id", "=", userId)
    .execute();
}
