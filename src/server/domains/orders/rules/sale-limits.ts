import { sql } from "kysely";
import { plainDecimal } from "../../../../shared/money";
import { AppError } from "../../../platform/http/errors";
import { refusalRule } from "./order-rule";
import type { SaleDraft } from "./sale-draft";

/*
 * A customer's sale limits by verification level (Settings → Buying USDT): per sale, and
 * for their sales of the last 24 hours that are not expired or cancelled (the sale's
 * statement, sale-statement.ts, expires their overdue ones first, as `expired`). The
 * placement writes a sale only if no other sale of the customer was placed since its
 * statement's snapshot, so parallel sales are counted one by one.
 */

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
  lookup: sql`LEFT JOIN LATERAL (
      SELECT coalesce(sum(sale.inr_amount), 0) AS inr FROM sell_orders AS sale
      WHERE sale.user_id = input.user_id AND sale.created_at > now() - interval '24 hours'
        AND sale.status NOT IN ('expired', 'cancelled')
        -- Expired by this statement: its snapshot still reads them awaiting their deposit.
        AND sale.id NOT IN (SELECT id FROM expired)
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
