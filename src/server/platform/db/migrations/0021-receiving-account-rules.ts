import { type Kysely, sql } from "kysely";

/*
 * What the Receiving Accounts page manages beyond 0020 (docs/decisions/019):
 * the send methods an account serves, a per-order maximum, retiring (an account
 * with orders is never deleted), and the link between the Settings page's UPI ID
 * and bank details and the account made from them. An order names the offer it
 * was placed under, once; orders from before are attributed to the accounts made
 * from the settings they were placed under.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE receiving_accounts
      ADD COLUMN send_methods text[] NOT NULL DEFAULT '{}',
      ADD COLUMN per_order_max_inr numeric(14, 2) CHECK (per_order_max_inr > 0),
      ADD COLUMN retired_at timestamptz,
      -- 'upi' or 'bank': the account the Settings page's payment details edit.
      ADD COLUMN settings_field text UNIQUE CHECK (settings_field IN ('upi', 'bank'))`.execute(db);
  await sql`
    UPDATE receiving_accounts
       SET send_methods = CASE kind WHEN 'upi' THEN '{upi}'::text[] ELSE '{bank,cash,erupee}'::text[] END`.execute(
    db,
  );
  await sql`
    ALTER TABLE receiving_accounts ADD CONSTRAINT receiving_accounts_send_methods CHECK (
      cardinality(send_methods) > 0 AND (
        (kind = 'upi' AND send_methods <@ '{upi,erupee}'::text[])
        OR (kind = 'bank' AND send_methods <@ '{bank,cash,erupee}'::text[])))`.execute(db);
  await sql`
    ALTER TABLE receiving_accounts ADD CONSTRAINT receiving_accounts_settings_field_kind
      CHECK (settings_field IS NULL OR settings_field = kind)`.execute(db);

  // 0020 made at most one account of each kind from the settings: link it.
  await sql`
    UPDATE receiving_accounts AS account SET settings_field = account.kind
      FROM site_settings AS settings
     WHERE (account.kind = 'upi' AND account.upi_id = settings.payment_upi_id)
        OR (account.kind = 'bank' AND account.bank_account_number = settings.bank_account_number
            AND account.bank_ifsc_code = settings.bank_ifsc_code)`.execute(db);

  await sql`
    ALTER TABLE orders ADD COLUMN receiving_offer_id uuid UNIQUE
      REFERENCES receiving_account_offers (id)`.execute(db);

  // Orders from before were shown the settings' details: UPI for UPI, the bank
  // details for the other methods.
  await sql`
    UPDATE orders SET receiving_account_id = account.id
      FROM receiving_accounts AS account
     WHERE orders.receiving_account_id IS NULL
       AND account.settings_field = CASE orders.send_currency WHEN 'upi_inr' THEN 'upi' ELSE 'bank' END`.execute(
    db,
  );
}
