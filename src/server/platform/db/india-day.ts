import { type Kysely, sql } from "kysely";
import type { DB } from "./schema";

/** Today's date in India, as the running totals (order_total_changes, receiving_account_day_totals) key their days. */
export const INDIA_TODAY = sql<string>`(now() AT TIME ZONE 'Asia/Kolkata')::date`;

/** Today's date in India (YYYY-MM-DD), by the database's clock, which dates the rows. */
export async function readIndiaToday(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ today: string }>`SELECT ${INDIA_TODAY}::text AS today`.execute(db);
  const today = rows[0]?.today;
  if (!today) throw new Error("The database answered no date");
  return today;
}
