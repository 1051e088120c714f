import { type Kysely, sql } from "kysely";

/*
 * Reconciliation of debits (issue 44): the rupees the desk sends to customers who sold
 * it USDT leave a receiving account, and its statements show them as debits. They are
 * kept in a table of their own beside the credits (statement_lines), as sell orders are
 * beside orders (decision 050): every query of the credits reads money in, and none
 * needs a direction filter to stay right. A debit is matched, when read, to the paid
 * sell order with its UTR (paid_utr), its amount and its account.
 *
 * Also: the suspicion register may name sell orders; a sell order's deposit received asks for the network's wallet to be read at the
 * treasury worker's next pass (the deposit refills the payout wallet, decision 049, and
 * the treasury counts what a read of the wallet says); and the indexes the books and
 * the debits' reconciliation read paid and received sell orders by.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE statement_debits (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      receiving_account_id uuid NOT NULL,
      import_id uuid NOT NULL,
      line_number integer NOT NULL,
      value_date date NOT NULL,
      amount numeric(14, 2) NOT NULL CHECK (amount > 0),
      narration text NOT NULL,
      -- The bank's reference (UTR/RRN) when there is one, else a fingerprint of the line.
      line_key text NOT NULL,
      reference text CHECK (reference IS NULL OR reference = line_key),
      -- Whom it was paid to, as the bank printed it.
      payee_name text,
      -- not_a_sale: no customer was paid (a fee, a transfer between the desk's accounts);
      -- accepted: a sale's payment whose amount or account differs, taken as it is.
      decision text CHECK (decision IN ('not_a_sale', 'accepted')),
      decision_note text,
      decided_by text REFERENCES "user" (id),
      decided_at timestamptz,
      CONSTRAINT statement_debits_import_account FOREIGN KEY (import_id, receiving_account_id)
        REFERENCES statement_imports (id, receiving_account_id),
      CONSTRAINT statement_debits_key_account UNIQUE (line_key, receiving_account_id),
      CHECK ((decision IS NULL) = (decided_at IS NULL)),
      CHECK (decision IS NULL OR decision_note IS NOT NULL)
    )`.execute(db);
  await sql`
    CREATE INDEX statement_debits_by_account ON statement_debits (receiving_account_id, value_date)`.execute(
    db,
  );
  await sql`
    ALTER TABLE statement_imports ADD COLUMN debits_added integer NOT NULL DEFAULT 0`.execute(db);

  // A desk account's paid sales by day (its debits' reconciliation), and every paid or
  // received sale by day (the books).
  await sql`
    CREATE INDEX sell_orders_paid_from ON sell_orders (paid_from_account_id, paid_at)
      WHERE status = 'paid'`.execute(db);
  await sql`CREATE INDEX sell_orders_received ON sell_orders (received_at)
      WHERE received_at IS NOT NULL`.execute(db);

  // The suspicion register names sell orders too (issue 44).
  await sql`
    ALTER TABLE suspicion_reports
      ADD COLUMN sell_order_ids uuid[] NOT NULL DEFAULT '{}'
        CHECK (cardinality(sell_order_ids) <= 50)`.execute(db);

  await sql`
    CREATE FUNCTION read_wallet_after_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE treasury_networks SET next_read_at = NULL WHERE network = NEW.network;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER sell_orders_deposit_received
      AFTER UPDATE OF status ON sell_orders
      FOR EACH ROW WHEN (NEW.status = 'received' AND OLD.status IS DISTINCT FROM 'received')
      EXECUTE FUNCTION read_wallet_after_deposit()`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP TRIGGER sell_orders_deposit_received ON sell_orders`.execute(db);
  await sql`DROP FUNCTION read_wallet_after_deposit()`.execute(db);
  await sql`ALTER TABLE suspicion_reports DROP COLUMN sell_order_ids`.execute(db);
  await sql`DROP INDEX sell_orders_received`.execute(db);
  await sql`DROP INDEX sell_orders_paid_from`.execute(db);
  await sql`ALTER TABLE statement_imports DROP COLUMN debits_added`.execute(db);
  await sql`DROP TABLE statement_debits`.execute(db);
}
