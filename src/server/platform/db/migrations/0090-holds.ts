import { type Kysely, sql } from "kysely";
import { blocklistKey, payerNameKey, walletKeyOf } from "../../../../shared/blocklist-keys";

/*
 * Holds (issue 25, item 2). A customer an operator put on hold has a row in
 * `customer_holds` (one in force at most); a held order has a row in
 * `order_holds` naming the rules that held it, until it is released. The order
 * statement decides holds with one index probe per rule and order:
 * `customer_payer_names` are the payer-name keys each customer has used and
 * `wallet_users` each wallet's first customer and whether another used it (keys
 * as src/shared/blocklist-keys.ts normalises them); `orders_completed_by_customer` finds a completed order.
 * The four automatic rules are settings, off until an operator turns them on.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE customer_holds (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
      note text NOT NULL CHECK (length(note) BETWEEN 1 AND 500),
      created_by text REFERENCES "user" (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      released_by text REFERENCES "user" (id) ON DELETE SET NULL,
      released_at timestamptz
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX customer_holds_in_force ON customer_holds (user_id)
      WHERE released_at IS NULL`.execute(db);
  await sql`
    CREATE TABLE order_holds (
      order_id uuid PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
      rules text[] NOT NULL CHECK (cardinality(rules) > 0 AND rules <@ ARRAY['customer',
        'first_order', 'new_payer_name', 'shared_wallet', 'order_rate']),
      customer_hold_id uuid REFERENCES customer_holds (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      released_by text REFERENCES "user" (id) ON DELETE SET NULL,
      released_at timestamptz
    )`.execute(db);
  await sql`
    CREATE TABLE customer_payer_names (
      user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
      name_key text NOT NULL,
      PRIMARY KEY (user_id, name_key)
    )`.execute(db);
  await sql`
    CREATE TABLE wallet_users (
      wallet_key text PRIMARY KEY,
      first_user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
      shared boolean NOT NULL DEFAULT false
    )`.execute(db);
  await sql`CREATE INDEX orders_completed_by_customer ON orders (user_id) WHERE status = 'completed'`.execute(
    db,
  );
  await sql`
    ALTER TABLE site_settings
      ADD COLUMN hold_first_order boolean NOT NULL DEFAULT false,
      ADD COLUMN hold_first_order_above_inr numeric(14, 2) NOT NULL DEFAULT 50000
        CHECK (hold_first_order_above_inr >= 0),
      ADD COLUMN hold_new_payer_name boolean NOT NULL DEFAULT false,
      ADD COLUMN hold_shared_wallet boolean NOT NULL DEFAULT false,
      ADD COLUMN hold_order_rate boolean NOT NULL DEFAULT false,
      ADD COLUMN hold_orders_per_hour integer NOT NULL DEFAULT 5
        CHECK (hold_orders_per_hour BETWEEN 1 AND 100)`.execute(db);

  // What customers used before: their orders' payer names and wallets, keyed as the statement keys them.
  const used = await sql<{ user_id: string; payer_name: string | null; wallet_address: string }>`
    SELECT DISTINCT user_id, payer_name, wallet_address FROM orders`.execute(db);
  const names = new Set<string>();
  const wallets = new Map<string, Set<string>>();
  for (const row of used.rows) {
    const nameKey = payerNameKey(row.payer_name);
    if (nameKey) names.add(JSON.stringify([row.user_id, nameKey]));
    const walletKey = blocklistKey("wallet", walletKeyOf(row.wallet_address));
    wallets.set(walletKey, (wallets.get(walletKey) ?? new Set()).add(row.user_id));
  }
  const nameRows = [...names].map((pair) => JSON.parse(pair) as [string, string]);
  const walletRows = [...wallets].map(([key, users]) => [
    key,
    [...users].sort()[0],
    users.size > 1,
  ]);
  for (let start = 0; start < Math.max(nameRows.length, walletRows.length); start += 5000) {
    await sql`
      INSERT INTO customer_payer_names (user_id, name_key)
      SELECT pair ->> 0, pair ->> 1
      FROM jsonb_array_elements(${JSON.stringify(nameRows.slice(start, start + 5000))}::jsonb) AS pair
      ON CONFLICT DO NOTHING`.execute(db);
    await sql`
      INSERT INTO wallet_users (wallet_key, first_user_id, shared)
      SELECT row ->> 0, row ->> 1, (row ->> 2)::boolean
      FROM jsonb_array_elements(${JSON.stringify(walletRows.slice(start, start + 5000))}::jsonb) AS row`.execute(
      db,
    );
  }
}
