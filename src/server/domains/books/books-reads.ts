import { sql } from "kysely";
import { RECEIVE_OPTIONS, SEND_OPTIONS } from "../../../shared/catalog";
import type { Database } from "../../platform/db/database";
import { currentTotals } from "../orders/buy/order-totals";

/* The queries the daily books (daily-books.ts) are folded from, one a figure. */

/** India days `from` to `to` (YYYY-MM-DD, both included). */
export interface BooksSpan {
  from: string;
  to: string;
}

const ZONE = sql.lit("Asia/Kolkata");
/**
 * A sale's USDT: what its deposit moved once received (an operator may credit another
 * amount than it asked), else the amount it asked.
 */
const SALE_USDT = sql`coalesce(received_usdt, deposit_usdt)`;
const INR_SENDS = SEND_OPTIONS.filter((option) => option.symbol === "INR").map(({ id }) => id);
export const USDT_RECEIVES = RECEIVE_OPTIONS.filter((option) => option.symbol === "USDT").map(
  ({ id }) => id,
);

/** The span's first instant and the instant after its last day, India time. */
function spanBounds({ from, to }: BooksSpan) {
  return {
    start: sql`(${from}::date::timestamp AT TIME ZONE ${ZONE})`,
    end: sql`((${to}::date + 1)::timestamp AT TIME ZONE ${ZONE})`,
  };
}

/** Each day of the span with its completed orders' totals, from the dashboard's figures. */
export async function readCompletedTotals(db: Database, { from, to }: BooksSpan) {
  const { rows } = await sql<{ date: string; orders: number; inr: string; usdt: string }>`
    WITH days AS (
      SELECT day::date AS day
      FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS day
    ), completed AS (
      SELECT day, orders, inr, usdt FROM ${currentTotals} AS t
      WHERE status = 'completed' AND day BETWEEN ${from}::date AND ${to}::date
    )
    SELECT days.day::text AS date, coalesce(sum(completed.orders), 0)::int AS orders,
      coalesce(sum(completed.inr), 0)::text AS inr, coalesce(sum(completed.usdt), 0)::text AS usdt
    FROM days LEFT JOIN completed ON completed.day = days.day
    GROUP BY days.day ORDER BY days.day`.execute(db);
  return rows;
}

/** The USDT of the completed orders of each day up to `to`: every one the stock paid for. */
export async function readUsdtSold(db: Database, to: string) {
  const { rows } = await sql<{ day: string; usdt: string }>`
    SELECT day::text AS day, sum(usdt)::text AS usdt FROM ${currentTotals} AS t
    WHERE status = 'completed' AND day <= ${to}::date
    GROUP BY day`.execute(db);
  return rows;
}

/** The USDT purchases recorded up to `to`, by day. */
export function readPurchases(db: Database, to: string) {
  return db
    .selectFrom("usdt_purchases")
    .select([
      sql<string>`bought_on::text`.as("day"),
      sql<string>`sum(quantity_usdt)::text`.as("usdt"),
      sql<string>`sum(cost_inr)::text`.as("costInr"),
    ])
    .where("bought_on", "<=", to)
    .groupBy("bought_on")
    .execute();
}

/** The sales paid up to `to`, by day and the account they were paid from. */
export async function readPaidSales(db: Database, span: BooksSpan) {
  const { rows } = await sql<{
    date: string;
    account_id: string | null;
    account_label: string | null;
    orders: number;
    usdt: string;
    /** The USDT's cost: the rupees before TDS. */
    inr: string;
    /** What left the account: the rupees less the TDS kept for the government. */
    paid_inr: string;
  }>`
    SELECT g.*, account.label AS account_label FROM (
      SELECT (paid_at AT TIME ZONE ${ZONE})::date::text AS date, paid_from_account_id AS account_id,
        count(*)::int AS orders, sum(${SALE_USDT})::text AS usdt,
        sum(inr_amount)::text AS inr, sum(payout_inr)::text AS paid_inr
      FROM sell_orders WHERE status = 'paid' AND paid_at < ${spanBounds(span).end}
      GROUP BY 1, 2
    ) AS g LEFT JOIN receiving_accounts AS account ON account.id = g.account_id`.execute(db);
  return rows;
}

/** The sales' deposits received in the span, by day and network. */
export async function readReceivedDeposits(db: Database, span: BooksSpan) {
  const { start, end } = spanBounds(span);
  const { rows } = await sql<{ date: string; network: string; orders: number; usdt: string }>`
    SELECT (received_at AT TIME ZONE ${ZONE})::date::text AS date, network, count(*)::int AS orders,
      sum(${SALE_USDT})::text AS usdt
    FROM sell_orders
    WHERE received_at >= ${start} AND received_at < ${end} AND status IN ('received', 'paid')
    GROUP BY 1, 2`.execute(db);
  return rows;
}

/**
 * The orders placed in the span and completed, by day, what they paid out, network and
 * receiving account, with the fees of their payouts checked on chain.
 */
export async function readCompletedOrderGroups(db: Database, span: BooksSpan) {
  const { start, end } = spanBounds(span);
  const { rows } = await sql<{
    date: string;
    receive_currency: string;
    network: string | null;
    account_id: string | null;
    account_label: string | null;
    orders: number;
    inr: string;
    usdt: string;
    fee_coin: string | null;
    fees: string;
    with_fee: number;
  }>`
    SELECT g.*, account.label AS account_label FROM (
      SELECT (orders.created_at AT TIME ZONE ${ZONE})::date::text AS date, receive_currency, network,
        receiving_account_id AS account_id, count(*)::int AS orders,
        coalesce(sum(send_amount) FILTER (WHERE send_currency IN (${sql.join(INR_SENDS)})), 0)::text AS inr,
        coalesce(sum(receive_amount) FILTER (WHERE receive_currency IN (${sql.join(USDT_RECEIVES)})), 0)::text AS usdt,
        max(payout.fee_coin) AS fee_coin, coalesce(sum(payout.fee_paid), 0)::text AS fees,
        count(payout.fee_paid)::int AS with_fee
      FROM orders
      LEFT JOIN payout_checks AS payout ON payout.order_id = orders.id AND payout.state = 'confirmed'
      WHERE orders.status = 'completed'
        AND orders.created_at >= ${start} AND orders.created_at < ${end}
      GROUP BY 1, 2, 3, 4
    ) AS g LEFT JOIN receiving_accounts AS account ON account.id = g.account_id`.execute(db);
  return rows;
}

/** The imported bank statements' credits and debits valued in the span, by day and account. */
export async function readBankStatementTotals(db: Database, { from, to }: BooksSpan) {
  const { rows } = await sql<{
    date: string;
    account_id: string;
    label: string;
    is_debit: boolean;
    inr: string;
  }>`
    SELECT line.date, line.account_id, account.label, line.is_debit, line.inr FROM (
      SELECT value_date::text AS date, receiving_account_id AS account_id, false AS is_debit,
        sum(amount)::text AS inr
      FROM statement_lines WHERE value_date BETWEEN ${from}::date AND ${to}::date GROUP BY 1, 2
      UNION ALL
      SELECT value_date::text, receiving_account_id, true, sum(amount)::text
      FROM statement_debits WHERE value_date BETWEEN ${from}::date AND ${to}::date GROUP BY 1, 2
    ) AS line JOIN receiving_accounts AS account ON account.id = line.account_id`.execute(db);
  return rows;
}

export type CompletedOrderGroup = Awaited<ReturnType<typeof readCompletedOrderGroups>>[number];
export type BankStatementTotal = Awaited<ReturnType<typeof readBankStatementTotals>>[number];
export type PaidSales = Awaited<ReturnType<typeof readPaidSales>>[number];
export type ReceivedDeposits = Awaited<ReturnType<typeof readReceivedDeposits>>[number];
export type CompletedDay = Awaited<ReturnType<typeof readCompletedTotals>>[number];
