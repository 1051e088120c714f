import { type Kysely, sql } from "kysely";

/*
 * Payment offers reserve only what the customer has earned (docs/decisions/030):
 * each offer records the rupees it holds under its account's cap, which may be
 * less than the amount shown, or nothing. Offers made before held their whole
 * amount. The rules' figures are settings; the offer requests are counted per
 * customer and per address in windows like the orders' (0014), and the notice
 * that open offers ask for far more than an account takes goes out once per
 * account and India day, like the cap notice (0020).
 */
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE receiving_account_offers ADD COLUMN held_inr numeric(14, 2)`.execute(db);
  await sql`UPDATE receiving_account_offers SET held_inr = send_amount`.execute(db);
  await sql`
    ALTER TABLE receiving_account_offers
      ALTER COLUMN held_inr SET NOT NULL,
      ALTER COLUMN held_inr SET DEFAULT 0,
      ADD CHECK (held_inr >= 0 AND held_inr <= send_amount)`.execute(db);

  await sql`
    ALTER TABLE site_settings
      ADD COLUMN offer_hold_new_customer_inr numeric(14, 2) NOT NULL DEFAULT 10000
        CHECK (offer_hold_new_customer_inr >= 0),
      ADD COLUMN offer_hold_cap_percent integer NOT NULL DEFAULT 50
        CHECK (offer_hold_cap_percent BETWEEN 0 AND 100),
      ADD COLUMN offer_alert_multiple integer NOT NULL DEFAULT 3
        CHECK (offer_alert_multiple >= 1),
      ADD COLUMN offers_per_customer_per_hour integer NOT NULL DEFAULT 60
        CHECK (offers_per_customer_per_hour >= 1),
      ADD COLUMN offers_per_address_per_hour integer NOT NULL DEFAULT 200
        CHECK (offers_per_address_per_hour >= 1)`.execute(db);

  // Keyed "customer:<id>" or "address:<ip>"; a window starts at its first request.
  await sql`
    CREATE TABLE payment_offer_windows (
      key text PRIMARY KEY,
      window_started_at timestamptz NOT NULL,
      requests integer NOT NULL CHECK (requests > 0)
    )`.execute(db);

  await sql`
    CREATE TABLE receiving_account_offer_alerts (
      receiving_account_id uuid NOT NULL REFERENCES receiving_accounts (id) ON DELETE CASCADE,
      day date NOT NULL,
      PRIMARY KEY (receiving_account_id, day)
    )`.execute(db);
}
