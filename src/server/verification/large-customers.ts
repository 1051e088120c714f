import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema";
import type { NotificationTargets } from "../notifications/order-messages";
import { requestVerification } from "./verification.service";

/*
 * Large customers are identified (PMLA; docs/decisions/041). The order limits bound
 * what an unverified customer buys in 24 hours and in 30 days, not in a year: month
 * after month, a customer could buy lakhs without anyone knowing who they are. Once a
 * day the desk asks every unverified customer whose orders (not cancelled) of the last
 * 12 months reach the set amount to verify, as an operator asks: their next order
 * waits for it. Between two runs, the 24-hour limit bounds what can pass the amount.
 */

/** The most customers one run asks (each in its own transaction); the next run goes on. */
const MOST_PER_RUN = 500;

export async function askLargeCustomersToVerify(db: Kysely<DB>, notify: NotificationTargets) {
  const { rows } = await sql<{ user_id: string; inr: string; threshold_inr: string }>`
    WITH year_totals AS (
      SELECT user_id, sum(send_amount) AS inr FROM orders
      WHERE created_at > now() - interval '365 days' AND status <> 'cancelled'
      GROUP BY user_id
    )
    SELECT totals.user_id, totals.inr::text AS inr,
      settings.verify_above_year_inr::text AS threshold_inr
    FROM year_totals AS totals CROSS JOIN site_settings AS settings
    WHERE settings.id = 1 AND totals.inr >= settings.verify_above_year_inr
      -- Verified, or asked already (by an operator or an earlier run): nothing to ask.
      -- Once per customer over the amount, not once per order.
      AND NOT EXISTS (
        SELECT 1 FROM customer_verifications AS verification
        WHERE verification.user_id = totals.user_id
          AND (verification.status = 'verified' OR verification.requested_at IS NOT NULL))
    ORDER BY totals.user_id
    LIMIT ${MOST_PER_RUN}`.execute(db);
  for (const row of rows) {
    await requestVerification({
      db,
      notify,
      actor: null,
      userId: row.user_id,
      note: "",
      yearTotal: { inr: row.inr, thresholdInr: row.threshold_inr },
    });
  }
  return { asked: rows.length };
}
