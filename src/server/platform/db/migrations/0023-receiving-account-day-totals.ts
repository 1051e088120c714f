import { type Kysely, sql } from "kysely";
import { TOTALS_INR_SENDS, TOTALS_USDT_RECEIVES } from "./0011-order-totals";

/*
 * Rupees each receiving account took per India day (orders not cancelled), kept
 * the way 0011 keeps the dashboard's totals: the change rows its trigger appends
 * now name the order's account, and the fold adds them up per account and day.
 * The 80 % cap notice reads these totals instead of summing the day's orders
 * after every order (docs/decisions/026).
 */
const inrList = sql.raw(TOTALS_INR_SENDS.map((id) => `'${id}'`).join(", "));
const usdtList = sql.raw(TOTALS_USDT_RECEIVES.map((id) => `'${id}'`).join(", "));

export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE receiving_account_day_totals (
      receiving_account_id uuid NOT NULL REFERENCES receiving_accounts (id),
      day date NOT NULL,
      inr numeric NOT NULL,
      PRIMARY KEY (receiving_account_id, day)
    )`.execute(db);
  // No foreign key: a check per order placed, for a column the trigger copies from the order.
  await sql`ALTER TABLE order_total_changes ADD COLUMN receiving_account_id uuid`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION record_order_total_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        INSERT INTO order_total_changes (day, status, orders, inr, usdt, receiving_account_id) VALUES (
          (OLD.created_at AT TIME ZONE 'Asia/Kolkata')::date, OLD.status, -1,
          CASE WHEN OLD.send_currency IN (${inrList}) THEN -OLD.send_amount ELSE 0 END,
          CASE WHEN OLD.receive_currency IN (${usdtList}) THEN -OLD.receive_amount ELSE 0 END,
          OLD.receiving_account_id);
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO order_total_changes (day, status, orders, inr, usdt, receiving_account_id) VALUES (
          (NEW.created_at AT TIME ZONE 'Asia/Kolkata')::date, NEW.status, 1,
          CASE WHEN NEW.send_currency IN (${inrList}) THEN NEW.send_amount ELSE 0 END,
          CASE WHEN NEW.receive_currency IN (${usdtList}) THEN NEW.receive_amount ELSE 0 END,
          NEW.receiving_account_id);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  // An order moved to another account moves its rupees too (the day's status totals net to nothing).
  await sql`DROP TRIGGER orders_totals_on_status ON orders`.execute(db);
  await sql`
    CREATE TRIGGER orders_totals_on_status AFTER UPDATE OF status, receiving_account_id ON orders
      FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status
        OR OLD.receiving_account_id IS DISTINCT FROM NEW.receiving_account_id)
      EXECUTE FUNCTION record_order_total_change()`.execute(db);
  // Change rows written before this migration name no account; the orders themselves are counted here.
  await sql`
    INSERT INTO receiving_account_day_totals (receiving_account_id, day, inr)
    SELECT receiving_account_id, (created_at AT TIME ZONE 'Asia/Kolkata')::date,
      sum(CASE WHEN send_currency IN (${inrList}) THEN send_amount ELSE 0 END)
    FROM orders
    WHERE receiving_account_id IS NOT NULL AND status <> 'cancelled'
    GROUP BY 1, 2`.execute(db);
}
