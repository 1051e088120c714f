import { type Kysely, sql } from "kysely";
import type { DB } from "../../platform/db/schema";
import type { NotificationTargets } from "../../platform/notifications/operator-messages";
import { requestVerification } from "./request-verification";

/*
 * Large customers are identified (PMLA; docs/decisions/041). The order limits bound
 * what an unverified customer buys in 24 hours and in 30 days, not in a year: month
 * after month, a customer could buy lakhs without anyone knowing who they are. Once a
 * day the desk asks every unverified customer whose orders (not cancelled) of the last
 * 12 months reach the set amount to verify, as an operator asks: their next order
 * waits for it. Between two runs, the 24-hour limit bounds what can pass the amount.
 * One person with several accounts is one customer: accounts that share a WhatsApp
 * number count together, and each of them not yet verified is asked.
 */

/** The most customers one run asks (each in its own transaction); the next run goes on. */
const MOST_PER_RUN = 500;

export async function askLargeCustomersToVerify(db: Kysely<DB>, notify: NotificationTargets) {
  const { rows } = await sql<{
    user_id: string;
    inr: string;
    threshold_inr: string;
    shared_phone_accounts: number | null;
  }>`
    WITH year_totals AS (
      SELECT user_id, sum(send_amount) AS inr FROM orders
      WHERE created_at > now() - interval '365 days' AND status <> 'cancelled'
      GROUP BY user_id
    ),
    -- The accounts of one WhatsApp number (stored one way: +91 and ten digits).
    phone_totals AS (
      SELECT customer."whatsappNumber" AS phone, sum(coalesce(totals.inr, 0)) AS inr,
        count(*)::int AS accounts
      FROM "user" AS customer LEFT JOIN year_totals AS totals ON totals.user_id = customer.id
      WHERE customer."whatsappNumber" IN (
        SELECT "whatsappNumber" FROM "user" AS linked
        JOIN year_totals AS linked_totals ON linked_totals.user_id = linked.id)
      GROUP BY customer."whatsappNumber"
      HAVING count(*) > 1
    ),
    candidates AS (
      SELECT customer.id AS user_id, coalesce(totals.inr, 0) AS own_inr,
        phones.inr AS phone_inr, phones.accounts
      FROM "user" AS customer
      LEFT JOIN year_totals AS totals ON totals.user_id = customer.id
      LEFT JOIN phone_totals AS phones ON phones.phone = customer."whatsappNumber"
      WHERE totals.user_id IS NOT NULL OR phones.phone IS NOT NULL
    )
    SELECT candidates.user_id,
      -- The customer's own year when it reaches the amount alone, else their number's.
      (CASE WHEN candidates.own_inr >= settings.verify_above_year_inr
        THEN candidates.own_inr ELSE candidates.phone_inr END)::text AS inr,
      settings.verify_above_year_inr::text AS threshold_inr,
      CASE WHEN candidates.own_inr >= settings.verify_above_year_inr
        THEN NULL ELSE candidates.accounts END AS shared_phone_accounts
    FROM candidates CROSS JOIN site_settings AS settings
    WHERE settings.id = 1
      AND greatest(candidates.own_inr, coalesce(candidates.phone_inr, 0))
        >= settings.verify_above_year_inr
      -- Verified, or asked already (by an operator or an earlier run): nothing to ask.
      -- Once per customer over the amount, not once per order.
      AND NOT EXISTS (
        SELECT 1 FROM customer_verifications AS verification
        WHERE verification.user_id = candidates.user_id
          AND (verification.status = 'verified' OR verification.requested_at IS NOT NULL))
    ORDER BY candidates.user_id
    LIMIT ${MOST_PER_RUN}`.execute(db);
  for (const row of rows) {
    await requestVerification({
      db,
      notify,
      actor: null,
      userId: row.user_id,
      note: "",
      yearTotal: {
        inr: row.inr,
        thresholdInr: row.threshold_inr,
        ...(row.shared_phone_accounts !== null && {
          sharedPhoneAccounts: row.shared_phone_accounts,
        }),
      },
    });
  }
  return { asked: rows.length };
}
