import { type Kysely, sql } from "kysely";

/*
 * USDT the desk bought (issue 26): what the books cost sold coins at, by weighted
 * average (docs/decisions/032). A purchase is dated by the India day it was made
 * and paid in rupees, or in dollars at a USD/INR rate; cost_inr is what it cost in
 * rupees, computed exactly by the database. Quantities and amounts are positive,
 * so a mistyped minus sign is refused here too, not only by the form.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE usdt_purchases (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      bought_on date NOT NULL,
      network text NOT NULL,
      quantity_usdt numeric NOT NULL CHECK (quantity_usdt > 0),
      paid_currency text NOT NULL CHECK (paid_currency IN ('INR', 'USD')),
      paid_amount numeric NOT NULL CHECK (paid_amount > 0),
      usd_inr_rate numeric CHECK (usd_inr_rate > 0),
      cost_inr numeric GENERATED ALWAYS AS (
        CASE WHEN paid_currency = 'USD' THEN paid_amount * usd_inr_rate ELSE paid_amount END
      ) STORED,
      source text NOT NULL CHECK (length(source) BETWEEN 1 AND 100),
      note text CHECK (length(note) <= 500),
      created_by text REFERENCES "user" (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((paid_currency = 'USD') = (usd_inr_rate IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX usdt_purchases_by_day ON usdt_purchases (bought_on, created_at)`.execute(
    db,
  );
}
