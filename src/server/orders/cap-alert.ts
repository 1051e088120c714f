import { sql } from "kysely";
import type { Database } from "../db/database";
import { type NotificationTargets, operatorMessages } from "../notifications/order-messages";
import { enqueue } from "../notifications/outbox";
import { plainDecimal } from "../site/site-settings.service";
import { INDIA_DAY_START } from "./india-day";

/** The share of a daily cap at which the operators are told, once per account and India's day. */
export const CAP_ALERT_SHARE = "0.8";

/**
 * After an order into a capped account: when the day's orders reach 80 % of its
 * cap, the operators hear of it once that day. The day's row in
 * receiving_account_cap_alerts and the messages commit together, so a second
 * order (or process) finds the row and stays quiet.
 */
export async function tellOperatorsNearCap(
  db: Database,
  accountId: string,
  targets: NotificationTargets,
) {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ label: string; received: string; cap: string }>`
      WITH account AS (
        SELECT id, label, daily_cap_inr FROM receiving_accounts
        WHERE id = ${accountId} AND daily_cap_inr IS NOT NULL
      ),
      received AS (
        SELECT coalesce(sum(send_amount), 0) AS total FROM orders
        WHERE receiving_account_id = ${accountId} AND status <> 'cancelled'
          AND created_at >= ${INDIA_DAY_START}
      ),
      alert AS (
        INSERT INTO receiving_account_cap_alerts (receiving_account_id, day)
        SELECT account.id, (now() AT TIME ZONE 'Asia/Kolkata')::date FROM account, received
        WHERE received.total >= account.daily_cap_inr * ${CAP_ALERT_SHARE}::numeric
        ON CONFLICT DO NOTHING
        RETURNING receiving_account_id
      )
      SELECT account.label, received.total::text AS received, account.daily_cap_inr::text AS cap
      FROM alert, account, received`.execute(trx);
    const reached = rows[0];
    if (!reached) return;
    const text = `Receiving account "${reached.label}" has taken ₹${plainDecimal(reached.received)} of its ₹${plainDecimal(reached.cap)} daily cap today. Add room or another account before it fills: ${targets.publicUrl}/admin/accounts`;
    await enqueue(
      trx,
      operatorMessages(targets, {
        topic: "receiving_account.near_cap",
        subject: `Receiving account "${reached.label}" is at 80 % of its daily cap`,
        text,
        link: `${targets.publicUrl}/admin/accounts`,
      }),
    );
  });
}
