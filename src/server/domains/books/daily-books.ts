import { sql } from "kysely";
import { RECEIVE_OPTIONS, SEND_OPTIONS } from "../../../shared/catalog";
import { Decimal } from "../../../shared/money";
import { EXCHANGE_RATE_DECIMALS } from "../../../shared/site-settings-input";
import type { Database } from "../../platform/db/database";
import { currentTotals } from "../orders/order-totals";
import { costSalesByWeightedAverage } from "./weighted-average-cost";

/*
 * The desk's daily books (issue 26), by India day as the dashboard counts them: the
 * completed orders placed that day. Days, orders, rupees and USDT come from the same
 * per-day totals as the dashboard (order-totals.ts), so the two always agree; the
 * breakdowns by receiving account and by network come from the orders themselves.
 */

const ZONE = sql.lit("Asia/Kolkata");
const INR_SENDS = SEND_OPTIONS.filter((option) => option.symbol === "INR").map(({ id }) => id);
const USDT_RECEIVES = RECEIVE_OPTIONS.filter((option) => option.symbol === "USDT").map(
  ({ id }) => id,
);

export interface BooksDay {
  /** YYYY-MM-DD, India day. */
  date: string;
  orders: number;
  /** Rupees received on the day's completed orders (the dashboard's figure). */
  inr: string;
  /** USDT paid out on them (the dashboard's figure). */
  usdt: string;
  /** Rupees of the orders paid out in USDT: what the USDT sold for. */
  usdtInr: string;
  /** Rupees per USDT the customers paid, on average; null on a day that sold none. */
  averageRate: string | null;
  /** What the USDT sold cost, by weighted average. */
  costInr: string;
  /** USDT sold beyond the purchases recorded: their cost is unknown. */
  uncostedUsdt: string;
  /** usdtInr − costInr. */
  marginInr: string;
}

export interface BooksAccountDay {
  date: string;
  /** Null for orders placed without an account (admin-placed and older orders). */
  accountId: string | null;
  accountLabel: string;
  orders: number;
  /** Rupees of the completed orders paid into it. */
  ordersInr: string;
  /** Credits of its imported statements valued that day; null where none was imported. */
  statementInr: string | null;
}

export interface BooksNetworkDay {
  date: string;
  /** The network, or the e-wallet paid out (binance_pay_usdt) when there is none. */
  network: string;
  orders: number;
  usdt: string;
  /** The coin the network's fees are paid in, once a payout's fee is known. */
  feeCoin: string | null;
  /** Fees of the payouts whose fee the chain check recorded. */
  feesPaid: string;
  /** Payouts whose fee is not known: not checked on chain, or overridden. */
  payoutsWithoutFee: number;
}

export interface Books {
  from: string;
  to: string;
  days: BooksDay[];
  accounts: BooksAccountDay[];
  networks: BooksNetworkDay[];
  totals: Omit<BooksDay, "date"> & {
    /** Rupees per USDT the coins sold cost, on average; null when none had a purchase. */
    averageCost: string | null;
    /** averageRate − averageCost: what the desk earned on each USDT. */
    spreadPerUsdt: string | null;
  };
  /** USDT in stock at the end of `to`, by the purchases recorded, and what it cost. */
  stock: { usdt: string; costInr: string };
}

const inr = (value: Decimal) => value.toFixed(2);
const usdt = (value: Decimal) => value.toFixed(4);
const rate = (rupees: Decimal, coins: Decimal) =>
  coins.isZero() ? null : rupees.dividedBy(coins).toFixed(EXCHANGE_RATE_DECIMALS);

/** The books of the India days `from` to `to` (YYYY-MM-DD, both included). */
export async function getBooks(db: Database, { from, to }: { from: string; to: string }) {
  const totals = await sql<{ date: string; orders: number; inr: string; usdt: string }>`
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

  // Every sale up to `to` and every purchase: the stock on `from` depends on all before it.
  const sales = await sql<{ day: string; usdt: string }>`
    SELECT day::text AS day, sum(usdt)::text AS usdt FROM ${currentTotals} AS t
    WHERE status = 'completed' AND day <= ${to}::date
    GROUP BY day`.execute(db);
  const purchases = await db
    .selectFrom("usdt_purchases")
    .select([
      sql<string>`bought_on::text`.as("day"),
      sql<string>`sum(quantity_usdt)::text`.as("usdt"),
      sql<string>`sum(cost_inr)::text`.as("costInr"),
    ])
    .where("bought_on", "<=", to)
    .groupBy("bought_on")
    .execute();
  const costs = costSalesByWeightedAverage(purchases, sales.rows);
  const costByDay = new Map(costs.map((cost) => [cost.day, cost]));

  const start = sql`(${from}::date::timestamp AT TIME ZONE ${ZONE})`;
  const end = sql`((${to}::date + 1)::timestamp AT TIME ZONE ${ZONE})`;
  const orderGroups = await sql<{
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
  const statements = await sql<{ date: string; account_id: string; label: string; inr: string }>`
    SELECT line.value_date::text AS date, line.receiving_account_id AS account_id,
      account.label, sum(line.amount)::text AS inr
    FROM statement_lines AS line
    JOIN receiving_accounts AS account ON account.id = line.receiving_account_id
    WHERE line.value_date BETWEEN ${from}::date AND ${to}::date
    GROUP BY 1, 2, 3`.execute(db);

  const usdtInrByDay = new Map<string, Decimal>();
  const accounts = new Map<string, BooksAccountDay & { sum: Decimal }>();
  const networks = new Map<string, BooksNetworkDay & { sum: Decimal; fees: Decimal }>();
  for (const group of orderGroups.rows) {
    const paidOutInUsdt = USDT_RECEIVES.includes(group.receive_currency as never);
    if (paidOutInUsdt) {
      const day = usdtInrByDay.get(group.date) ?? new Decimal(0);
      usdtInrByDay.set(group.date, day.plus(group.inr));
      const network = group.network ?? group.receive_currency;
      const key = `${group.date} ${network}`;
      const row = networks.get(key) ?? {
        date: group.date,
        network,
        orders: 0,
        usdt: "",
        sum: new Decimal(0),
        feeCoin: null,
        feesPaid: "",
        fees: new Decimal(0),
        payoutsWithoutFee: 0,
      };
      row.orders += group.orders;
      row.sum = row.sum.plus(group.usdt);
      row.feeCoin ??= group.fee_coin;
      row.fees = row.fees.plus(group.fees);
      row.payoutsWithoutFee += group.orders - group.with_fee;
      networks.set(key, row);
    }
    const key = `${group.date} ${group.account_id}`;
    const row = accounts.get(key) ?? {
      date: group.date,
      accountId: group.account_id,
      accountLabel: group.account_label ?? "No receiving account",
      orders: 0,
      ordersInr: "",
      statementInr: null,
      sum: new Decimal(0),
    };
    row.orders += group.orders;
    row.sum = row.sum.plus(group.inr);
    accounts.set(key, row);
  }
  for (const line of statements.rows) {
    const key = `${line.date} ${line.account_id}`;
    const row = accounts.get(key) ?? {
      date: line.date,
      accountId: line.account_id,
      accountLabel: line.label,
      orders: 0,
      ordersInr: "",
      statementInr: null,
      sum: new Decimal(0),
    };
    row.statementInr = inr(new Decimal(line.inr));
    accounts.set(key, row);
  }

  const sum = { orders: 0, inr: new Decimal(0), usdt: new Decimal(0), usdtInr: new Decimal(0) };
  const costSum = { inr: new Decimal(0), uncosted: new Decimal(0) };
  const days: BooksDay[] = totals.rows.map((day) => {
    const usdtInr = usdtInrByDay.get(day.date) ?? new Decimal(0);
    const cost = costByDay.get(day.date);
    const costInr = new Decimal(cost?.costInr ?? 0);
    const uncosted = new Decimal(cost?.uncostedUsdt ?? 0);
    sum.orders += day.orders;
    sum.inr = sum.inr.plus(day.inr);
    sum.usdt = sum.usdt.plus(day.usdt);
    sum.usdtInr = sum.usdtInr.plus(usdtInr);
    costSum.inr = costSum.inr.plus(costInr);
    costSum.uncosted = costSum.uncosted.plus(uncosted);
    return {
      date: day.date,
      orders: day.orders,
      inr: inr(new Decimal(day.inr)),
      usdt: usdt(new Decimal(day.usdt)),
      usdtInr: inr(usdtInr),
      averageRate: rate(usdtInr, new Decimal(day.usdt)),
      costInr: inr(costInr),
      uncostedUsdt: usdt(uncosted),
      marginInr: inr(usdtInr.minus(costInr)),
    };
  });

  const costed = sum.usdt.minus(costSum.uncosted);
  const averageRate = rate(sum.usdtInr, sum.usdt);
  const averageCost = rate(costSum.inr, costed);
  const stockDay = costs.filter((cost) => cost.day <= to).at(-1);
  const byDateThen =
    <Row extends { date: string }>(name: (row: Row) => string) =>
    (a: Row, b: Row) =>
      a.date.localeCompare(b.date) || name(a).localeCompare(name(b));
  return {
    from,
    to,
    days,
    accounts: [...accounts.values()]
      .map(({ sum: total, ...row }) => ({ ...row, ordersInr: inr(total) }))
      .sort(byDateThen((row) => row.accountLabel)),
    networks: [...networks.values()]
      .map(({ sum: total, fees, ...row }) => ({
        ...row,
        usdt: usdt(total),
        feesPaid: fees.toFixed(),
      }))
      .sort(byDateThen((row) => row.network)),
    totals: {
      orders: sum.orders,
      inr: inr(sum.inr),
      usdt: usdt(sum.usdt),
      usdtInr: inr(sum.usdtInr),
      averageRate,
      costInr: inr(costSum.inr),
      uncostedUsdt: usdt(costSum.uncosted),
      marginInr: inr(sum.usdtInr.minus(costSum.inr)),
      averageCost,
      spreadPerUsdt:
        averageRate === null || averageCost === null
          ? null
          : new Decimal(averageRate).minus(averageCost).toFixed(EXCHANGE_RATE_DECIMALS),
    },
    stock: {
      usdt: usdt(new Decimal(stockDay?.stockUsdt ?? 0)),
      costInr: inr(new Decimal(stockDay?.stockCostInr ?? 0)),
    },
  } satisfies Books;
}
