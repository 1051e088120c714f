import { type Kysely, sql } from "kysely";

/** The admin user list pages newest first; this index serves it without sorting the table. */
export async function up(db: Kysely<unknown>) {
  await sql`CREATE INDEX user_recent ON "user" ("createdAt" DESC, id DESC)`.execute(db);
}
