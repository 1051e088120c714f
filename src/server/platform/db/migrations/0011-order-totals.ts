import { type Kysely, sql } from "kysely";

/*
 * Per-day, per-status totals of orders, so the dashboard reads a few hundred rows
 * whatever the size of the orders table. A trigger appends a change row for every
 * insert, status change or delete (append-only: no hot row for concurrent orders to
 * wait on); the worker folds the changes into order_totals (see order-totals.ts).
 * The day is the India day the order was placed; INR counts the rupee send options,
 * USDT the USDT receive options, as the catalog had them when this migration was
 * written (a test checks they still match src/shared/catalog.ts).
 */
export const TOTALS_INR_SENDS = ["upi_inr", "bank_inr", "cash_inr", "erupee_inr"];
export const TOTALS_USDT_RECEIVES = ["usdt", "binance_pay_usdt"];
const inrList = sql.raw(TOTALS_INR_SENDS.map((id) => `'${id}'`).join(", "));
const usdtList = sql.raw(TOTALS_USDT_RECEIVES.map((id) => `'${id}'`).join(", "));

export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE order_totals (
      day date NOT NULL,
      status text NOT NULL,
      orders bigint NOT NULL,
      inr numeric NOT NULL,
      usdt numeric NOT NULL,
      PRIMARY KEY (day, status)
    )`.execute(db);
  await sql`
    CREATE TABLE order_total_changes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      day date NOT NULL,
      status text NOT NULL,
      orders integer NOT NULL,
      inr numeric NOT NULL,
      usdt numeric NOT NULL
    )`.execute(db);
  await sql`
    CREATE FUNCTION record_order_total_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        INSERT INTO order_total_changes (day, status, orders, inr, usdt) VALUES (
          (OLD.created_at AT TIME ZONE 'Asia/Kolkata')::date, OLD.status, -1,
          CASE WHEN OLD.send_currency IN (${inrList}) THEN -OLD.send_amount ELSE 0 END,
          CASE WHEN OLD.receive_currency IN (${usdtList}) THEN -OLD.receive_amount ELSE 0 END);
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO order_total_changes (day, status, orders, inr, usdt) VALUES (
          (NEW.created_at AT TIME ZONE 'Asia/Kolkata')::date, NEW.status, 1,
          CASE WHEN NEW.send_currency IN (${inrList}) THEN NEW.send_amount ELSE 0 END,
          CASE WHEN NEW.receive_currency IN (${usdtList}) THEN NEW.receive_amount ELSE 0 END);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER orders_totals_on_insert_or_delete AFTER INSERT OR DELETE ON orders
      FOR EACH ROW EXECUTE FUNCTION record_order_total_change()`.execute(db);
  await sql`
    CREATE TRIGGER orders_totals_on_status AFTER UPDATE OF status ON orders
      FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
      EXECUTE FUNCTION record_order_total_change()`.execute(db);
  await sql`
    INSERT INTO order_totals (day, status, orders, inr, usdt)
    SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date, status, count(*),
      coalesce(sum(send_amount) FILTER (WHERE send_currency IN (${inrList})), 0),
      coalesce(sum(receive_amount) FILTER (WHERE receive_currency IN (${usdtList})), 0)
    FROM orders GROUP BY 1, 2`.execute(db);
}
