import { sql } from "kysely";

/** The start of today in India (Asia/Kolkata) as a timestamp: daily caps and the dashboard count from it. */
export const INDIA_DAY_START = sql<Date>`(date_trunc('day', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata')`;
