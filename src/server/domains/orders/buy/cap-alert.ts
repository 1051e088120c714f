import { sql, type Transaction } from "kysely";
import { plainDecimal } from "../../../../shared/money";
import type { Database } from "../../../platform/db/database";
import { INDIA_TODAY } from "../../../platform/db/india-day";
import type { DB } from "../../../platform/db/schema";
import {
  type NotificationTargets,
  operatorMessages,
} from "../../../platform/notifications/operator-messages";
import { enqueue } from "../../../platform/notifications/outbox";
import { tellOperatorsOfTreasury } from "../../treasury/tell-operators-of-treasury";
import { type AccountDayTotal, foldOrderTotals, vacuumFoldedChanges } from "./order-totals";

/** The share of a daily cap at which the operators are told, once per account and India's day. */
export const CAP_ALERT_SHARE = "0.8";

/**
 * Folds the orders placed since the last fold into the running totals, and tells
 * the operators of each account whose day has now reached 80 % of its cap. This
 * runs beside the orders, not after each one (docs/decisions/026): an order's
 * answer waits for nothing of it, and its work is the orders since the last fold,
 * however many the day holds. One transaction, so the day's row in
 * receiving_account_cap_alerts, the messages and the fold commit together: a
 * second fold (or process) finds the row and stays quiet. When what a network owes
 * changed, its treasury alerts are judged after (docs/decisions/037).
 */
export async function foldTotalsAndTellOperatorsNearCap(
  db: Database,
  targets: NotificationTargets,
) {
  const fold = await db.transaction().execute(async (trx) => {
    const fold = await foldOrderTotals(trx);
    await tellOperatorsNearCap(trx, fold.accountDays, targets);
    return fold;
  });
  // What a network owes changed: its alert may have crossed (docs/decisions/037).
  if (fold.owedChanged) await tellOperatorsOfTreasury(db, targets);
  await vacuumFoldedChanges(db, fold.moved);
}

/** Today's notice for each account whose total reached the share of its cap, unless it had one. */
async function tellOperatorsNearCap(
  trx: Transaction<DB>,
  changed: AccountDayTotal[],
  targets: NotificationTargets,
) {
  if (changed.length === 0) return;
  const { rows } = await sql<{ label: string; received: string; cap: string }>`
    WITH changed AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(changed)}::jsonb)
        AS changed (receiving_account_id uuid, day date, inr numeric)
    ),
    reached AS (
      SELECT account.id, account.label, account.daily_cap_inr, changed.day, changed.inr
      FROM changed JOIN receiving_accounts AS account ON account.id = changed.receiving_account_id
      WHERE changed.day = ${INDIA_TODAY}
        AND changed.inr >= account.daily_cap_inr * ${CAP_ALERT_SHARE}::numeric
    ),
    alert AS (
      INSERT INTO receiving_account_cap_alerts (receiving_account_id, day)
      SELECT id, day FROM reached
      ON CONFLICT DO NOTHING
      RETURNING receiving_account_id
    )
    SELECT reached.label, reached.inr::text AS received, reached.daily_cap_inr::text AS cap
    FROM alert JOIN reached ON reached.id = alert.receiving_account_id`.execute(trx);
  for (const reached of rows) {
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
  }
}
