import { type RawBuilder, sql } from "kysely";
import { INDIA_TODAY } from "../../platform/db/india-day";

/**
 * The rupees an account's orders took today (India's day, orders not cancelled),
 * from the running totals (decision 026): the folded day plus the changes of the
 * last second not folded yet. Exact at any moment, and its cost does not grow
 * with the day's orders, as a sum over them would.
 */
export function rupeesTakenToday(accountId: RawBuilder<unknown>) {
  return sql<string>`(
    coalesce((SELECT inr FROM receiving_account_day_totals
               WHERE receiving_account_id = ${accountId} AND day = ${INDIA_TODAY}), 0)
    + coalesce((SELECT sum(inr) FROM order_total_changes
                 WHERE receiving_account_id = ${accountId} AND day = ${INDIA_TODAY}
                   AND status <> 'cancelled'), 0))`;
}
