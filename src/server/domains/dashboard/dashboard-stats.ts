import { type Kysely, sql } from "kysely";
import { INDIA_TODAY } from "../../platform/db/india-day";
import type { DB } from "../../platform/db/schema";
import { currentTotals } from "../orders/buy/order-totals";

/** The desk works on India time: "today" and the chart's days are India days. */
export const DASHBOARD_TIME_ZONE = "Asia/Kolkata";
/** Days in the volume chart, today included. */
export const SERIES_DAYS = 14;
/** Days in the "last 7 days" totals, today included. */
export const WEEK_DAYS = 7;

const zone = sql.lit(DASHBOARD_TIME_ZONE);

export interface DashboardDay {
  /** YYYY-MM-DD, India time. */
  date: string;
  /** INR received on completed orders placed that day. */
  inr: string;
  /** USDT paid out on completed orders placed that day. */
  usdt: string;
  /** Completed orders placed that day. */
  orders: number;
}

export interface DashboardStats {
  totalUsers: number;
  pendingOrders: number;
  completedOrders: number;
  today: { inrReceived: string; usdtPaidOut: string };
  last7Days: { inrReceived: string; usdtPaidOut: string };
  series: DashboardDay[];
  oldestPendingAt: string | null;
  /** Identity verifications waiting for review (a partial index keeps it small). */
  verificationsWaiting: number;
  /** Suspicious transaction reports not yet filed, and how many of them are past due. */
  suspicionReports: { unfiled: number; overdue: number };
}

/**
 * The admin dashboard's figures. Volumes count completed orders by the India day
 * they were placed; every sum is computed by PostgreSQL and returned as exact
 * decimal text (INR to 2 places, USDT to 4). Counts and volumes come from the
 * per-day totals (order-totals.ts), so the cost does not grow with the orders table.
 */
export async function getDashboardStats(
  db: Kysely<DB>,
  { now = new Date() }: { now?: Date } = {},
): Promise<DashboardStats> {
  const at = now.toISOString();
  const today = sql`(${at}::timestamptz AT TIME ZONE ${zone})::date`;

  const counts = await sql<{
    total_users: number;
    pending_orders: number;
    completed_orders: number;
    oldest_pending_at: Date | string | null;
    verifications_waiting: number;
    reports_unfiled: number;
    reports_overdue: number;
  }>`
    SELECT
      (SELECT count(*) FROM "user")::int AS total_users,
      (SELECT coalesce(sum(orders), 0) FROM ${currentTotals} AS t WHERE status = 'pending')::int
        AS pending_orders,
      (SELECT coalesce(sum(orders), 0) FROM ${currentTotals} AS t WHERE status = 'completed')::int
        AS completed_orders,
      (SELECT min(created_at) FROM orders WHERE status = 'pending') AS oldest_pending_at,
      (SELECT count(*) FROM customer_verifications WHERE status = 'submitted')::int
        AS verifications_waiting,
      (SELECT count(*) FROM suspicion_reports WHERE filed_on IS NULL)::int AS reports_unfiled,
      (SELECT count(*) FROM suspicion_reports WHERE filed_on IS NULL AND due_on < ${INDIA_TODAY})::int
        AS reports_overdue
  `.execute(db);

  const days = await sql<DashboardDay>`
    WITH days AS (
      SELECT day::date AS day
      FROM generate_series(${today} - ${sql.lit(SERIES_DAYS - 1)}, ${today}, interval '1 day') AS day
    ),
    completed AS (
      SELECT day, orders, inr, usdt FROM ${currentTotals} AS t
      WHERE status = 'completed' AND day >= ${today} - ${sql.lit(SERIES_DAYS - 1)} AND day <= ${today}
    )
    SELECT
      days.day::text AS date,
      coalesce(sum(completed.inr), 0)::numeric(20, 2)::text AS inr,
      coalesce(sum(completed.usdt), 0)::numeric(24, 4)::text AS usdt,
      coalesce(sum(completed.orders), 0)::int AS orders
    FROM days
    LEFT JOIN completed ON completed.day = days.day
    GROUP BY days.day
    ORDER BY days.day
  `.execute(db);

  const totals = await sql<{
    today_inr: string;
    today_usdt: string;
    week_inr: string;
    week_usdt: string;
  }>`
    SELECT
      coalesce(sum(inr) FILTER (WHERE day = ${today}), 0)::numeric(20, 2)::text AS today_inr,
      coalesce(sum(usdt) FILTER (WHERE day = ${today}), 0)::numeric(24, 4)::text AS today_usdt,
      coalesce(sum(inr), 0)::numeric(20, 2)::text AS week_inr,
      coalesce(sum(usdt), 0)::numeric(24, 4)::text AS week_usdt
    FROM ${currentTotals} AS t
    WHERE status = 'completed' AND day >= ${today} - ${sql.lit(WEEK_DAYS - 1)} AND day <= ${today}
  `.execute(db);

  const row = counts.rows[0];
  const sums = totals.rows[0];
  if (!row || !sums) throw new Error("The dashboard queries returned no row");
  return {
    totalUsers: row.total_users,
    pendingOrders: row.pending_orders,
    completedOrders: row.completed_orders,
    today: { inrReceived: sums.today_inr, usdtPaidOut: sums.today_usdt },
    last7Days: { inrReceived: sums.week_inr, usdtPaidOut: sums.week_usdt },
    series: days.rows.map(({ date, inr, usdt, orders }) => ({ date, inr, usdt, orders })),
    oldestPendingAt:
      row.oldest_pending_at === null ? null : new Date(row.oldest_pending_at).toISOString(),
    verificationsWaiting: row.verifications_waiting,
    suspicionReports: { unfiled: row.reports_unfiled, overdue: row.reports_overdue },
  };
}
