import { type Kysely, sql } from "kysely";

/*
 * One link per chain transfer (decision 053). A transfer, known by (network, transaction
 * hash, log index) as the payout watcher records it, is linked to at most one thing: an
 * order's payout, a sale's deposit, a purchase (the desk's top-up), or an operator's
 * dismissal or refund of it. The primary key refuses a second link, whichever path writes
 * it; a sale has one deposit and a purchase one transfer. A link needs no recorded
 * transfer: a payout check may confirm a transaction the watcher never reads.
 *
 * The links of the rows already written are made here, in this order, the first taking
 * a transfer: the sales' deposits, the watcher's payouts, the confirmed and overridden
 * payout checks (their transfer read from the watcher's record where it has one), the
 * purchases, the dismissals and the refunds. A second link to a transfer that one took
 * is kept in chain_transfer_double_links for the operators (the dashboard counts them;
 * docs/operations/orders-and-payouts.md says what to do), never dropped unseen.
 *
 * A payout check's transfer_index is now the transfer's log index as the watcher numbers
 * it (it was its place among the transaction's transfers): moved to the recorded
 * transfer's where there is one. payout_checks_one_order_per_transfer gives way to the
 * links' key.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE chain_transfer_links (
      network text NOT NULL,
      tx_hash text NOT NULL,
      log_index integer NOT NULL CHECK (log_index >= 0),
      kind text NOT NULL CHECK (kind IN ('payout', 'deposit', 'purchase', 'dismissal', 'refund')),
      order_id uuid REFERENCES orders (id),
      sell_order_id uuid UNIQUE REFERENCES sell_orders (id),
      purchase_id uuid UNIQUE REFERENCES usdt_purchases (id),
      chain_transfer_id uuid REFERENCES chain_transfers (id),
      linked_by text REFERENCES "user" (id),
      linked_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (network, tx_hash, log_index),
      CONSTRAINT chain_transfer_links_one_target CHECK (
        (order_id IS NOT NULL) = (kind = 'payout')
        AND (sell_order_id IS NOT NULL) = (kind = 'deposit')
        AND (purchase_id IS NOT NULL) = (kind = 'purchase')
        AND (chain_transfer_id IS NOT NULL) = (kind IN ('dismissal', 'refund')))
    )`.execute(db);
  await sql`CREATE INDEX chain_transfer_links_by_order ON chain_transfer_links (order_id)
      WHERE order_id IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE chain_transfer_double_links (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      network text NOT NULL,
      tx_hash text NOT NULL,
      log_index integer NOT NULL,
      kind text NOT NULL,
      order_id uuid,
      sell_order_id uuid,
      purchase_id uuid,
      chain_transfer_id uuid,
      found_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`DROP INDEX payout_checks_one_order_per_transfer`.execute(db);
  // A check's transfer as the watcher recorded it: to the order's wallet (EVM hex in
  // lower case, as the watcher writes it), its amount first.
  await sql`
    UPDATE payout_checks AS c SET transfer_index = coalesce((
      SELECT t.log_index FROM orders AS o JOIN chain_transfers AS t
        ON t.network = o.network AND t.tx_hash = c.payout_tx_hash AND t.direction = 'out'
          AND t.to_address = CASE WHEN o.wallet_address ~* '^0x[0-9a-f]{40}$'
            THEN lower(o.wallet_address) ELSE o.wallet_address END
      WHERE o.id = c.order_id
      ORDER BY (t.amount = o.receive_amount) DESC, t.log_index
      LIMIT 1
    ), c.transfer_index)
    WHERE c.state IN ('confirmed', 'overridden', 'failed')`.execute(db);

  const candidates = sql`(
      SELECT 1 AS rank, network, tx_hash, log_index, 'deposit' AS kind, NULL::uuid AS order_id,
        sell_order_id, NULL::uuid AS purchase_id, NULL::uuid AS chain_transfer_id, seen_at AS at
      FROM chain_transfers
      WHERE direction = 'in' AND match_state = 'matched' AND sell_order_id IS NOT NULL
      UNION ALL
      SELECT 2, network, tx_hash, log_index, 'payout', order_id, NULL, NULL, NULL, seen_at
      FROM chain_transfers
      WHERE direction = 'out' AND match_state = 'matched' AND order_id IS NOT NULL
      UNION ALL
      SELECT 3, o.network, c.payout_tx_hash, c.transfer_index, 'payout', c.order_id, NULL, NULL,
        NULL, c.updated_at
      FROM payout_checks AS c JOIN orders AS o ON o.id = c.order_id
      WHERE c.state IN ('confirmed', 'overridden') AND c.transfer_index IS NOT NULL
        AND o.network IS NOT NULL
      UNION ALL
      SELECT 4, t.network, t.tx_hash, t.log_index, 'purchase', NULL, NULL, p.id, NULL, p.created_at
      FROM usdt_purchases AS p JOIN chain_transfers AS t ON t.id = p.chain_transfer_id
      UNION ALL
      SELECT 5, network, tx_hash, log_index,
        CASE match_state WHEN 'dismissed' THEN 'dismissal' ELSE 'refund' END,
        NULL, NULL, NULL, id, updated_at
      FROM chain_transfers WHERE match_state IN ('dismissed', 'to_refund')
    )`;
  await sql`
    INSERT INTO chain_transfer_links
      (network, tx_hash, log_index, kind, order_id, sell_order_id, purchase_id, chain_transfer_id,
       linked_at)
    SELECT DISTINCT ON (network, tx_hash, log_index)
      network, tx_hash, log_index, kind, order_id, sell_order_id, purchase_id, chain_transfer_id, at
    FROM ${candidates} AS candidate
    ORDER BY network, tx_hash, log_index, rank, at`.execute(db);
  // What another link took first: the same transfer linked a second time, to another thing.
  await sql`
    INSERT INTO chain_transfer_double_links
      (network, tx_hash, log_index, kind, order_id, sell_order_id, purchase_id, chain_transfer_id)
    SELECT DISTINCT c.network, c.tx_hash, c.log_index, c.kind, c.order_id, c.sell_order_id,
      c.purchase_id, c.chain_transfer_id
    FROM ${candidates} AS c
    JOIN chain_transfer_links AS l USING (network, tx_hash, log_index)
    WHERE (c.kind, c.order_id, c.sell_order_id, c.purchase_id, c.chain_transfer_id)
      IS DISTINCT FROM (l.kind, l.order_id, l.sell_order_id, l.purchase_id, l.chain_transfer_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP TABLE chain_transfer_double_links`.execute(db);
  await sql`DROP TABLE chain_transfer_links`.execute(db);
  await sql`
    CREATE UNIQUE INDEX payout_checks_one_order_per_transfer
      ON payout_checks (payout_tx_hash, transfer_index)
      WHERE transfer_index IS NOT NULL AND state = 'confirmed'`.execute(db);
}
