import { type Kysely, sql } from "kysely";

/*
 * Buying USDT from customers (issue 44): the rate the desk pays, the networks it buys
 * on (empty: buying is off, as it starts), the smallest sale in USDT, and the sale
 * limits by verification level in rupees, and whether a payout destination in another
 * name than the customer's is refused (as it starts) or held for an operator. The buy rate starts 3% under the rate the
 * desk sells at, so a desk that turns buying on keeps a spread until it sets its own.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE site_settings
      ADD COLUMN buy_rate numeric(12, 4) CHECK (buy_rate > 0),
      ADD COLUMN buy_networks text[] NOT NULL DEFAULT '{}',
      ADD COLUMN sell_min_usdt numeric(12, 2) NOT NULL DEFAULT 10 CHECK (sell_min_usdt > 0),
      ADD COLUMN sell_limit_order_inr numeric(14, 2) NOT NULL DEFAULT 50000
        CHECK (sell_limit_order_inr > 0),
      ADD COLUMN sell_limit_day_inr numeric(14, 2) NOT NULL DEFAULT 100000
        CHECK (sell_limit_day_inr > 0),
      ADD COLUMN verified_sell_limit_order_inr numeric(14, 2) NOT NULL DEFAULT 1000000
        CHECK (verified_sell_limit_order_inr > 0),
      ADD COLUMN verified_sell_limit_day_inr numeric(14, 2) NOT NULL DEFAULT 2500000
        CHECK (verified_sell_limit_day_inr > 0),
      ADD COLUMN sell_hold_other_names boolean NOT NULL DEFAULT false`.execute(db);
  await sql`UPDATE site_settings SET buy_rate = round(exchange_rate * 0.97, 2)`.execute(db);
  await sql`ALTER TABLE site_settings ALTER COLUMN buy_rate SET NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE site_settings
      DROP COLUMN buy_rate,
      DROP COLUMN buy_networks,
      DROP COLUMN sell_min_usdt,
      DROP COLUMN sell_limit_order_inr,
      DROP COLUMN sell_limit_day_inr,
      DROP COLUMN verified_sell_limit_order_inr,
      DROP COLUMN verified_sell_limit_day_inr,
      DROP COLUMN sell_hold_other_names`.execute(db);
}
