import { sql } from "kysely";
import { NETWORKS } from "../../shared/catalog";
import type { Database } from "../platform/db/database";

/*
 * Orders made up in one statement, for the books' tests and benchmark: `perDay` a
 * day over `days` India days from `from`, every field a fixed function of the
 * order's number, so a run is repeatable. Each day holds an order at its first
 * and at its last second (the India day's edges), every rupee send option, USDT on
 * every network, Binance Pay and a USD e-wallet, every status, and orders without
 * a receiving account. Written straight to the table: the totals' trigger sees
 * them as it sees placed orders.
 */
export async function insertGeneratedOrders(
  db: Database,
  options: {
    from: string;
    days: number;
    perDay: number;
    userId: string;
    accountIds: string[];
    /** Prefix of the payment references, unique per call. */
    tag: string;
  },
) {
  const { from, days, perDay, userId, accountIds, tag } = options;
  const networks = sql.join(NETWORKS.map((network) => sql.lit(network.id)));
  const accounts = sql.join(accountIds.map((id) => sql`${id}::uuid`));
  await sql`
    INSERT INTO orders (user_id, user_email, send_currency, send_amount, receive_currency,
      receive_amount, exchange_rate, network, wallet_address, payment_reference, status,
      receiving_account_id, created_at)
    SELECT ${userId}, 'generated@example.com', sends[1 + i % 4], send_amount, receive,
      CASE WHEN receive = 'payeer_usd' THEN round(send_amount / 88, 2)
        ELSE round(send_amount / rate, 4) END,
      rate, CASE WHEN receive = 'usdt' THEN nets[1 + (i / 3) % ${sql.lit(NETWORKS.length)}] END,
      'generated-wallet', ${tag} || i,
      (ARRAY['completed', 'completed', 'completed', 'completed', 'completed', 'completed',
        'completed', 'completed', 'completed', 'completed', 'completed', 'completed',
        'completed', 'completed', 'completed', 'cancelled', 'cancelled', 'pending', 'processing',
        'completed'])[1 + i % 20],
      CASE WHEN i % 13 = 0 THEN NULL ELSE accounts[1 + i % ${sql.lit(accountIds.length)}] END,
      (${from}::date::timestamp AT TIME ZONE 'Asia/Kolkata')
        + make_interval(days => (i / ${sql.lit(perDay)})::int)
        + make_interval(secs => CASE i % ${sql.lit(perDay)} WHEN 0 THEN 0 WHEN 1 THEN 86399
            ELSE (i * 7919) % 86400 END)
    FROM (
      SELECT i, ARRAY['upi_inr', 'bank_inr', 'cash_inr', 'erupee_inr'] AS sends,
        ARRAY[${networks}] AS nets, ARRAY[${accounts}] AS accounts,
        CASE i % 10 WHEN 7 THEN 'binance_pay_usdt' WHEN 9 THEN 'payeer_usd' ELSE 'usdt' END AS receive,
        (500 + (i * 104729) % 99500 + ((i * 13) % 100) / 100.0)::numeric(14, 2) AS send_amount,
        (85 + (i % 300) / 100.0)::numeric(10, 4) AS rate
      FROM generate_series(0::bigint, ${sql.lit(days * perDay - 1)}) AS i
    ) AS g`.execute(db);
}
