import { type Kysely, sql } from "kysely";

/*
 * A receiving account the bank froze (docs/decisions/042): marked with the day and the
 * operator's note, it is never offered again, not even to a customer who was shown it,
 * and the orders paid into it wait on a hold ('account_frozen') until an operator has
 * looked at them.
 */
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE receiving_accounts
    ADD COLUMN frozen_at timestamptz,
    ADD COLUMN frozen_note text CHECK (char_length(frozen_note) <= 500)`.execute(db);
  await sql`ALTER TABLE order_holds
    DROP CONSTRAINT order_holds_rules_check,
    ADD CONSTRAINT order_holds_rules_check CHECK (cardinality(rules) > 0 AND rules <@ ARRAY[
      'customer', 'first_order', 'new_payer_name', 'shared_wallet', 'order_rate',
      'account_frozen'])`.execute(db);
}
