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
 *
 * The other direction (issue 44): USDT the desk bought from customers who sold it.
 * A sell order counts its rupees on the day it was paid (they left the account it
 * was paid from then; its statement's debit has that day) and its USDT as received on
 * the day its deposit was received. Paid, it is a purchase at the rupees paid: it
 * joins the stock the weighted-average cost is taken from, as a recorded purchase
 * does (docs/operations/treasury-and-books.md says what each spread means).
 */

const ZONE = sql.lit("Asia/Kolkata");
/**
 * A sale's USDT: what its deposit moved once received (an operator may credit another
 * amount than it asked), else the amount it asked.
 */
const SALE_USDT = sql`coalesce(received_usdt, deposit_usdt)`;
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
  /** Sell orders paid that day: the desk bought their USDT. */
  sellOrders: number;
  /** USDT of the sell orders paid that day. */
  usdtBought: string;
  /** Rupees paid for it. */
  inrPaid: string;
  /** Rupees per USDT paid to customers, on average; null on a day that bought none. */
  averageBuyRate: string | null;
  /**
   * usdtBought at the day's average selling rate, minus inrPaid: what the coins bought
   * would fetch sold at that day's rate. Null on a day that bought none or sold none.
   */
  buySpreadInr: string | null;
  /** USDT customers' deposits brought into the payout wallets that day (received). */
  usdtReceived: string;
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
  /** Sell orders paid from it that day. */
  payouts: number;
  /** Rupees paid from it to customers who sold USDT. */
  paidOutInr: string;
  /** Debits of its imported statements valued that day; null where none was imported. */
  statementDebitInr: string | null;
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
  /** Customers' deposits received on it that day. */
  deposits: number;
  /** Their USDT: into the network's payout wallet. */
  usdtIn: string;
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
    /** averageRate − averageBuyRate: what each USDT bought from customers would earn sold. */
    buySpreadPerUsdt: string | null;
  };
  /**
   * USDT in stock at the end of `to`, by the purchases recorded and the USDT bought
   * from customers, and what it cost.
   */
  stock: { usdt: string; costInr: string };
}

const inr = (value: Decimal) => value.toFixed(2);
const usdt = (value: Decimal) => value.toFixed(4);
const rate = (rupees: Decimal, coins: Decimal) =>
  coins.isZero() ? null : rupees.dividedBy(coins).toFixed(EXCHANGE_RATE_DECIMALS);

const difference = (a: string | null, b: string | null) =>
  a === null || b === null ? null : new Decimal(a).minus(b).toFixed(EXCHANGE_RATE_DECIMALS);

/**
 * A day's (or the span's) USDT bought from customers: how much, for what, the rate
 * paid, and the buy side's spread: the coins valued at the selling rate of the same
 * days, minus the rupees paid for them.
 */
function boughtFigures(
  bought: { orders: number; usdt: Decimal; inr: Decimal } | undefined,
  sellingRate: string | null,
) {
  const coins = bought?.usdt ?? new Decimal(0);
  const paid = bought?.inr ?? new Decimal(0);
  return {
    sellOrders: bought?.orders ?? 0,
    usdtBought: usdt(coins),
    inrPaid: inr(paid),
    averageBuyRate: rate(paid, coins),
    buySpreadInr:
      sellingRate === null || coins.isZero()
        ? null
        : inr(coins.times(sellingRate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).minus(paid)),
  };
}

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
  const start = sql`(${from}::date::timestamp AT TIME ZONE ${ZONE})`;
  const end = sql`((${to}::date + 1)::timestamp AT TIME ZONE ${ZONE})`;
  // Every paid sale up to `to`: each is a purchase for the weighted average, and the
  // days from `from` are the books' rupees out.
  const bought = await sql<{
    date: string;
    account_id: string | null;
    account_label: string | null;
    orders: number;
    usdt: string;
    inr: string;
  }>`
    SELECT g.*, account.label AS account_label FROM (
      SELECT (paid_at AT TIME ZONE ${ZONE})::date::text AS date, paid_from_account_id AS account_id,
        count(*)::int AS orders, sum(${SALE_USDT})::text AS usdt,
        sum(inr_amount)::text AS inr
      FROM sell_orders WHERE status = 'paid' AND paid_at < ${end}
      GROUP BY 1, 2
    ) AS g LEFT JOIN receiving_accounts AS account ON account.id = g.account_id`.execute(db);
  const received = await sql<{ date: string; network: string; orders: number; usdt: string }>`
    SELECT (received_at AT TIME ZONE ${ZONE})::date::text AS date, network, count(*)::int AS orders,
      sum(${SALE_USDT})::text AS usdt
    FROM sell_orders
    WHERE received_at >= ${start} AND received_at < ${end} AND status IN ('received', 'paid')
    GROUP BY 1, 2`.execute(db);
  const costs = costSalesByWeightedAverage(
    [
      ...purchases,
      ...bought.rows.map((row) => ({ day: row.date, usdt: row.usdt, costInr: row.inr })),
    ],
    sales.rows,
  );
  const costByDay = new Map(costs.map((cost) => [cost.day, cost]));

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
  const statements = await sql<{
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
  const usdtInrByDay = new Map<string, Decimal>();
  type AccountRow = BooksAccountDay & { sum: Decimal; paidOut: Decimal };
  const accounts = new Map<string, AccountRow>();
  const accountRow = (date: string, accountId: string | null, label: string | null) => {
    const key = `${date} ${accountId}`;
    const row = accounts.get(key) ?? {
      date,
      accountId,
      accountLabel: label ?? "No receiving account",
      orders: 0,
      ordersInr: "",
      statementInr: null,
      payouts: 0,
      paidOutInr: "",
      statementDebitInr: null,
      sum: new Decimal(0),
      paidOut: new Decimal(0),
    };
    accounts.set(key, row);
    return row;
  };
  type NetworkRow = BooksNetworkDay & { sum: Decimal; fees: Decimal; usdtInSum: Decimal };
  const networks = new Map<string, NetworkRow>();
  const networkRow = (date: string, network: string) => {
    const key = `${date} ${network}`;
    const row = networks.get(key) ?? {
      date,
      network,
      orders: 0,
      usdt: "",
      sum: new Decimal(0),
      feeCoin: null,
      feesPaid: "",
      fees: new Decimal(0),
      payoutsWithoutFee: 0,
      deposits: 0,
      usdtIn: "",
      usdtInSum: new Decimal(0),
    };
    networks.set(key, row);
    return row;
  };
  for (const group of orderGroups.rows) {
    const paidOutInUsdt = USDT_RECEIVES.includes(group.receive_currency as never);
    if (paidOutInUsdt) {
      const day = usdtInrByDay.get(group.date) ?? new Decimal(0);
      usdtInrByDay.set(group.date, day.plus(group.inr));
      const row = networkRow(group.date, group.network ?? group.receive_currency);
      row.orders += group.orders;
      row.sum = row.sum.plus(group.usdt);
      row.feeCoin ??= group.fee_coin;
      row.fees = row.fees.plus(group.fees);
      row.payoutsWithoutFee += group.orders - group.with_fee;
    }
    const row = accountRow(group.date, group.account_id, group.account_label);
    row.orders += group.orders;
    row.sum = row.sum.plus(group.inr);
  }
  for (const line of statements.rows) {
    const row = accountRow(line.date, line.account_id, line.label);
    if (line.is_debit) row.statementDebitInr = inr(new Decimal(line.inr));
    else row.statementInr = inr(new Decimal(line.inr));
  }
  const boughtByDay = new Map<string, { orders: number; usdt: Decimal; inr: Decimal }>();
  for (const sale of bought.rows) {
    if (sale.date < from) continue;
    const day = boughtByDay.get(sale.date) ?? {
      orders: 0,
      usdt: new Decimal(0),
      inr: new Decimal(0),
    };
    day.orders += sale.orders;
    day.usdt = day.usdt.plus(sale.usdt);
    day.inr = day.inr.plus(sale.inr);
    boughtByDay.set(sale.date, day);
    const row = accountRow(sale.date, sale.account_id, sale.account_label);
    row.payouts += sale.orders;
    row.paidOut = row.paidOut.plus(sale.inr);
  }
  const receivedByDay = new Map<string, Decimal>();
  for (const deposit of received.rows) {
    receivedByDay.set(
      deposit.date,
      (receivedByDay.get(deposit.date) ?? new Decimal(0)).plus(deposit.usdt),
    );
    const row = networkRow(deposit.date, deposit.network);
    row.deposits += deposit.orders;
    row.usdtInSum = row.usdtInSum.plus(deposit.usdt);
  }

  const sum = { orders: 0, inr: new Decimal(0), usdt: new Decimal(0), usdtInr: new Decimal(0) };
  const boughtSum = {
    orders: 0,
    usdt: new Decimal(0),
    inr: new Decimal(0),
    received: new Decimal(0),
  };
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
    const dayBought = boughtByDay.get(day.date);
    const dayReceived = receivedByDay.get(day.date) ?? new Decimal(0);
    boughtSum.orders += dayBought?.orders ?? 0;
    boughtSum.usdt = boughtSum.usdt.plus(dayBought?.usdt ?? 0);
    boughtSum.inr = boughtSum.inr.plus(dayBought?.inr ?? 0);
    boughtSum.received = boughtSum.received.plus(dayReceived);
    const averageRate = rate(usdtInr, new Decimal(day.usdt));
    return {
      date: day.date,
      orders: day.orders,
      inr: inr(new Decimal(day.inr)),
      usdt: usdt(new Decimal(day.usdt)),
      usdtInr: inr(usdtInr),
      averageRate,
      costInr: inr(costInr),
      uncostedUsdt: usdt(uncosted),
      marginInr: inr(usdtInr.minus(costInr)),
      ...boughtFigures(dayBought, averageRate),
      usdtReceived: usdt(dayReceived),
    };
  });

  const costed = sum.usdt.minus(costSum.uncosted);
  const averageRate = rate(sum.usdtInr, sum.usdt);
  const totalBought = boughtFigures(boughtSum, averageRate);
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
      .map(({ sum: total, paidOut, ...row }) => ({
        ...row,
        ordersInr: inr(total),
        paidOutInr: inr(paidOut),
      }))
      .sort(byDateThen((row) => row.accountLabel)),
    networks: [...networks.values()]
      .map(({ sum: total, fees, usdtInSum, ...row }) => ({
        ...row,
        usdt: usdt(total),
        feesPaid: fees.toFixed(),
        usdtIn: usdt(usdtInSum),
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
      spreadPerUsdt: difference(averageRate, averageCost),
      ...totalBought,
      buySpreadPerUsdt: difference(averageRate, totalBought.averageBuyRate),
      usdtReceived: usdt(boughtSum.received),
    },
    stock: {
      usdt: usdt(new Decimal(stockDay?.stockUsdt ?? 0)),
      costInr: inr(new Decimal(stockDay?.stockCostInr ?? 0)),
    },
  } satisfies Books;
}
