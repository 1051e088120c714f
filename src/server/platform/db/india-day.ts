import { sql } from "kysely";

/** Today's date in India, as the running totals (order_total_changes, receiving_account_day_totals) key their days. */
export const INDIA_TODAY = sql<string>`(now() AT TIME ZONE 'Asia/Kolkata')::date`;
