import { sql } from "kysely";
import type { Database } from "../db/database";
import { pendingMigrations } from "../db/migrator";

/** A message due this long ago and still unsent means no worker is delivering. */
export const OUTBOX_STUCK_AFTER_MS = 10 * 60 * 1000;

export type ReadinessProblem = "database" | "migrations" | "outbox";

/**
 * What keeps this process from taking traffic, if anything: the database does not
 * answer, it lacks one of this build's migrations, or notifications stopped going out.
 */
export async function checkReadiness(db: Database, now = new Date()): Promise<ReadinessProblem[]> {
  try {
    await sql`select 1`.execute(db);
  } catch {
    return ["database"];
  }
  const problems: ReadinessProblem[] = [];
  if ((await pendingMigrations(db)).length > 0) problems.push("migrations");
  const stuck = await db
    .selectFrom("notification_outbox")
    .select("id")
    .where("sent_at", "is", null)
    .where("failed_at", "is", null)
    .where("next_attempt_at", "<", new Date(now.getTime() - OUTBOX_STUCK_AFTER_MS))
    .limit(1)
    .executeTakeFirst();
  if (stuck) problems.push("outbox");
  return problems;
}
