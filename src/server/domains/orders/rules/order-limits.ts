import { type Kysely, sql } from "kysely";
import type { DB } from "../../../platform/db/schema";
import {
  addHours,
  hourEntry,
  isNewPayerName,
  readCustomerLimits,
  refusalAfterPlacement,
  usedTotals,
  withOrderPlacedNow,
  withPayerName,
} from "../../limits/order-limits";
import type { SettingName } from "./order-rule";

/*
 * The customer's order limits (docs/decisions/035), a step of the order query
 * after the per-minute slot: an order is written only if its rupees fit its
 * customer's limits for the order, the day and the month.
 */

export const ORDER_LIMIT_SETTINGS = [
  "limit_order_inr",
  "limit_day_inr",
  "limit_month_inr",
  "verified_limit_order_inr",
  "verified_limit_day_inr",
  "verified_limit_month_inr",
  "new_customer_days",
  "new_customer_order_inr",
  "new_customer_day_inr",
] as const satisfies readonly SettingName[];

/**
 * `limit_asks` and `limit_claim`, on `allowed` and `slot`. The customer's level is
 * read by primary key in the snapshot: verified, else new (signed up less than the
 * set days ago or no completed order: the lower of both limits), else the base
 * limits; an operator's request for verification stops every order.
 *
 * The amounts are checked on the totals row's latest version: the upsert waits for
 * a concurrent claim on it and then sees its orders (a sum over orders would be read
 * in this query's snapshot). Claimed after the slot, in the same customer
 * order, so two queries cannot wait on each other. The row's latest version also
 * gives the hold rules their per-customer figures (`claim`, decision 036).
 */
export const orderLimitCtes = sql`limit_asks AS (
      SELECT allowed.id, allowed.user_id, allowed.send_amount AS amount, allowed.payer_name_key,
        CASE WHEN level.is_verified THEN limits.verified_limit_order_inr
          WHEN level.is_new THEN least(limits.limit_order_inr, limits.new_customer_order_inr)
          ELSE limits.limit_order_inr END AS order_limit,
        CASE WHEN level.is_verified THEN limits.verified_limit_day_inr
          WHEN level.is_new THEN least(limits.limit_day_inr, limits.new_customer_day_inr)
          ELSE limits.limit_day_inr END AS day_limit,
        CASE WHEN level.is_verified THEN limits.verified_limit_month_inr
          ELSE limits.limit_month_inr END AS month_limit
      FROM allowed CROSS JOIN settings AS limits
        LEFT JOIN customer_verifications AS verification
          ON verification.user_id = allowed.user_id
        LEFT JOIN customer_order_totals AS totals ON totals.user_id = allowed.user_id
        CROSS JOIN LATERAL (
          SELECT coalesce(verification.status = 'verified', false) AS is_verified,
            coalesce(verification.status <> 'verified', true) AND (
              allowed.signed_up_at > now() - make_interval(days => limits.new_customer_days)
              OR coalesce(totals.completed_orders, 0) = 0) AS is_new
        ) AS level
      WHERE verification.requested_at IS NULL OR verification.status = 'verified'
    ),
    limit_claim AS (
      INSERT INTO customer_order_totals AS totals (user_id, recent, recent_order_times,
        payer_name_keys)
      SELECT ask.user_id, ${hourEntry(sql`now()`, sql`ask.amount`)}, ARRAY[now()],
        ${withPayerName(sql`'{}'::text[]`, sql`ask.payer_name_key`)}
      FROM limit_asks AS ask JOIN slot ON slot.user_id = ask.user_id
      WHERE ask.amount <= least(ask.order_limit, ask.day_limit, ask.month_limit)
      ORDER BY ask.user_id
      ON CONFLICT (user_id) DO UPDATE SET
        recent = ${addHours(sql`totals.recent`, sql`excluded.recent`)},
        recent_order_times = ${withOrderPlacedNow(sql`totals.recent_order_times`)},
        payer_name_keys = ${withPayerName(sql`totals.payer_name_keys`, sql`excluded.payer_name_keys[1]`)},
        last_payer_name_was_new = ${isNewPayerName(sql`totals.payer_name_keys`, sql`excluded.payer_name_keys[1]`)}
      WHERE EXISTS (
        SELECT 1 FROM limit_asks AS ask CROSS JOIN LATERAL ${usedTotals(sql`totals.recent`)} AS used
        WHERE ask.user_id = totals.user_id
          AND used.day_used + ask.amount <= ask.day_limit
          AND used.month_used + ask.amount <= ask.month_limit)
      RETURNING user_id, cardinality(recent_order_times) - 1 AS earlier_orders_in_hour,
        last_payer_name_was_new
    ),`;

/** An order that got a slot but no room: named from the customer's totals as they are now. */
export async function orderLimitsRefusal(db: Kysely<DB>, userId: string, amount: string) {
  return refusalAfterPlacement(await readCustomerLimits(db, userId), amount);
}
