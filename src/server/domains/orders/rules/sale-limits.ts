import { type RawBuilder, sql } from "kysely";
import { plainDecimal } from "../../../../shared/money";
import { AppError } from "../../../platform/http/errors";
import { refusalRule } from "./order-rule";
import type { SaleDraft } from "./sale-draft";

/*
 * A customer's sale limits by verification level (Settings → Buying USDT): per sale, and
 * for their sales of the last 24 hours that are not expired or cancelled, kept by the
 * hour in `sale_totals` (migration 0122; the sale's query, sale-placement-sql.ts,
 * expires their overdue ones first, as `expired`). The
 * placement writes a sale only if no other sale of the customer was placed since its
 * query's snapshot, so parallel sales are counted one by one.
 */

/** The hour since the epoch a time falls in, as sale_totals (migration 0122) keys it. */
const hourOf = (time: RawBuilder<unknown>) =>
  sql<number>`floor(extract(epoch FROM ${time}) / 3600)::bigint`;
/** The first hour of the last 24 any part of which is inside them. */
const FIRST_HOUR = hourOf(sql`now() - interval '24 hours'`);

const verificationHint = (order: SaleDraft) =>
  order.isVerified ? "" : " Verify your identity to sell more.";

export const saleOrderLimitRule = refusalRule<
  "sell_limit_order_inr" | "verified_sell_limit_order_inr",
  SaleDraft
>({
  name: "sale_order_limit",
  settings: ["sell_limit_order_inr", "verified_sell_limit_order_inr"],
  passes: sql<boolean>`input.inr_amount <= CASE WHEN input.is_verified
    THEN settings.verified_sell_limit_order_inr ELSE settings.sell_limit_order_inr END`,
  refusal: ({ settings, order }) => {
    const limit = order.isVerified
      ? settings.verified_sell_limit_order_inr
      : settings.sell_limit_order_inr;
    return new AppError(
      422,
      "SALE_LIMIT_PER_SALE",
      `One sale can be at most ₹${plainDecimal(limit)}.${verificationHint(order)}`,
      { field: "usdtAmount", limitInr: plainDecimal(limit) },
    );
  },
});

export const saleDayLimitRule = refusalRule<
  "sell_limit_day_inr" | "verified_sell_limit_day_inr",
  SaleDraft
>({
  name: "sale_day_limit",
  settings: ["sell_limit_day_inr", "verified_sell_limit_day_inr"],
  // The customer's hours of the last 24 (decision 035's hours: one partly inside counts),
  // less the sales this query expired, which its snapshot still counts.
  lookup: sql`LEFT JOIN LATERAL (
      SELECT coalesce(sum(entry.value::numeric), 0) - coalesce((
          SELECT sum(expired.inr_amount) FROM expired
          WHERE expired.user_id = input.user_id AND ${hourOf(sql`expired.created_at`)} >= ${FIRST_HOUR}
        ), 0) AS inr
      FROM sale_totals AS totals CROSS JOIN LATERAL jsonb_each_text(totals.inr_by_hour) AS entry
      WHERE totals.user_id = input.user_id AND entry.key::bigint >= ${FIRST_HOUR}
    ) AS sold_today ON true`,
  passes: sql<boolean>`sold_today.inr + input.inr_amount <= CASE WHEN input.is_verified
    THEN settings.verified_sell_limit_day_inr ELSE settings.sell_limit_day_inr END`,
  refusal: ({ settings, order }) => {
    const limit = order.isVerified
      ? settings.verified_sell_limit_day_inr
      : settings.sell_limit_day_inr;
    return new AppError(
      422,
      "SALE_LIMIT_PER_DAY",
      `Your sales in 24 hours can be at most ₹${plainDecimal(limit)}, and this sale would pass it.${verificationHint(order)}`,
      { field: "usdtAmount", limitInr: plainDecimal(limit) },
    );
  },
});
