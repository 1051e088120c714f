import { type Kysely, sql } from "kysely";

/*
 * The risk blocklist (issue 25): payer names, UPI IDs, bank accounts, phones,
 * e-mail domains and wallets, each with a reason. `match_key` is the kind and
 * the value as src/shared/blocklist-keys.ts normalises it; orders and
 * sign-ups are checked by that key, one index probe. A removed entry is kept,
 * with who removed it, for the customer's file.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE blocklist_entries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL CHECK (kind IN ('payer_name', 'upi_id', 'bank_account', 'phone',
        'email_domain', 'wallet')),
      value text NOT NULL CHECK (length(value) BETWEEN 1 AND 200),
      match_key text NOT NULL,
      reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
      created_by text REFERENCES "user" (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      removed_by text REFERENCES "user" (id) ON DELETE SET NULL,
      removed_at timestamptz
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX blocklist_entries_in_force ON blocklist_entries (match_key)
      WHERE removed_at IS NULL`.execute(db);
}
