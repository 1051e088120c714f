import { type Kysely, sql } from "kysely";
import { TOTALS_INR_SENDS, TOTALS_USDT_RECEIVES } from "./0011-order-totals";

/*
 * Treasury (issue 26, docs/decisions/037): one row per USDT network with the desk's
 * payout wallet (a public address), its last good balances and why a later read was
 * refused, the operator's settings, and the USDT owed on that network (orders
 * pending or processing). Owed is kept like the dashboard's totals (decision 008):
 * the trigger's change rows now name the order's network, and the fold adds up the
 * open statuses' rows here once a second, so no order waits on a network's row. The order statement reads the row
 * by its key. An offer records the network it was shown for: an order paid after
 * that offer is never refused for the network's treasury.
 */
const OPEN = sql.raw("'pending', 'processing'");
const inrList = sql.raw(TOTALS_INR_SENDS.map((id) => `'${id}'`).join(", "));
const usdtList = sql.raw(TOTALS_USDT_RECEIVES.map((id) => `'${id}'`).join(", "));
/** The networks as the catalog had them when this migration was written. */
const NETWORKS = ["trc20", "bep20", "erc20", "polygon", "solana"];

export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE treasury_networks (
      network text PRIMARY KEY,
      wallet_address text,
      fee_per_payout numeric CHECK (fee_per_payout >= 0),
      alert_owed_share numeric CHECK (alert_owed_share > 0 AND alert_owed_share <= 10),
      pause_when_short boolean NOT NULL DEFAULT false,
      usdt_balance numeric CHECK (usdt_balance >= 0),
      fee_balance numeric CHECK (fee_balance >= 0),
      balance_read_at timestamptz,
      balance_error text,
      balance_error_at timestamptz,
      next_read_at timestamptz,
      owed_usdt numeric NOT NULL DEFAULT 0,
      owed_orders bigint NOT NULL DEFAULT 0,
      owed_alert_sent boolean NOT NULL DEFAULT false,
      fee_alert_sent boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // No foreign key: a check per order placed, for a column the trigger copies from the order.
  await sql`ALTER TABLE order_total_changes ADD COLUMN network text`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION record_order_total_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        INSERT INTO order_total_changes (day, status, orders, inr, usdt, receiving_account_id,
          network) VALUES (
          (OLD.created_at AT TIME ZONE 'Asia/Kolkata')::date, OLD.status, -1,
          CASE WHEN OLD.send_currency IN (${inrList}) THEN -OLD.send_amount ELSE 0 END,
          CASE WHEN OLD.receive_currency IN (${usdtList}) THEN -OLD.receive_amount ELSE 0 END,
          OLD.receiving_account_id, OLD.network);
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO order_total_changes (day, status, orders, inr, usdt, receiving_account_id,
          network) VALUES (
          (NEW.created_at AT TIME ZONE 'Asia/Kolkata')::date, NEW.status, 1,
          CASE WHEN NEW.send_currency IN (${inrList}) THEN NEW.send_amount ELSE 0 END,
          CASE WHEN NEW.receive_currency IN (${usdtList}) THEN NEW.receive_amount ELSE 0 END,
          NEW.receiving_account_id, NEW.network);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  // Change rows written before this migration name no network; the orders themselves are counted here.
  const networks = sql.join(NETWORKS.map((id) => sql`(${id})`));
  await sql`
    INSERT INTO treasury_networks (network, owed_usdt, owed_orders)
    SELECT network.id, coalesce(sum(orders.receive_amount), 0), count(orders.id)
    FROM (VALUES ${networks}) AS network (id)
      LEFT JOIN orders ON orders.network = network.id AND orders.status IN (${OPEN})
    GROUP BY network.id`.execute(db);
  await sql`ALTER TABLE receiving_account_offers ADD COLUMN network text`.execute(db);
}
