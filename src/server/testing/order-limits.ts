import type { Kysely } from "kysely";
import type { DB } from "../platform/db/schema";

/** The order limits a fresh database has (migrations 0075 and 0100), as the Settings form sends them. */
export const SHIPPED_ORDER_LIMITS_INPUT = {
  limitOrderInr: "50000",
  limitDayInr: "100000",
  limitMonthInr: "500000",
  verifiedLimitOrderInr: "1000000",
  verifiedLimitDayInr: "2500000",
  verifiedLimitMonthInr: "10000000",
  newCustomerDays: "7",
  newCustomerOrderInr: "25000",
  newCustomerDayInr: "50000",
  verifyAboveYearInr: "1000000",
};

/** Rupees no order of a test reaches: numeric(14, 2)'s largest value. */
export const UNREACHED_LIMIT_INR = "999999999999.99";

/** Every order limit beyond reach, as the Settings form sends them. */
export const UNREACHED_ORDER_LIMITS_INPUT = Object.fromEntries(
  Object.keys(SHIPPED_ORDER_LIMITS_INPUT).map((field) => [
    field,
    field === "newCustomerDays" ? SHIPPED_ORDER_LIMITS_INPUT.newCustomerDays : UNREACHED_LIMIT_INR,
  ]),
);

/**
 * Raises every order limit beyond reach (docs/decisions/035): tests of other
 * features and the load benchmark place many orders for one customer. The
 * checks still run in every placement; order-limits.test.ts uses the shipped limits.
 */
export async function raiseOrderLimits(db: Kysely<DB>) {
  await db
    .updateTable("site_settings")
    .set({
      limit_order_inr: UNREACHED_LIMIT_INR,
      limit_day_inr: UNREACHED_LIMIT_INR,
      limit_month_inr: UNREACHED_LIMIT_INR,
      verified_limit_order_inr: UNREACHED_LIMIT_INR,
      verified_limit_day_inr: UNREACHED_LIMIT_INR,
      verified_limit_month_inr: UNREACHED_LIMIT_INR,
      new_customer_order_inr: UNREACHED_LIMIT_INR,
      new_customer_day_inr: UNREACHED_LIMIT_INR,
      verify_above_year_inr: UNREACHED_LIMIT_INR,
    })
    .where("id", "=", 1)
    .execute();
}
