import { Decimal } from "../../../shared/money";
import { EXCHANGE_RATE_DECIMALS } from "../../../shared/site-settings-input";
import type { Database } from "../../platform/db/database";
import { type BooksTds, readBooksTds } from "../tax/tds-figures";
import {
  type BooksAccountDay,
  BooksBreakdowns,
  type BooksNetworkDay,
  type DayBought,
  inr,
  usdt,
} from "./books-breakdowns";

import {
  type BooksSpan,
  type CompletedDay,
  readBankStatementTotals,
  readCompletedOrderGroups,
  readCompletedTotals,
  readPaidSales,
  readPurchases,
  readReceivedDeposits,
  readUsdtSold,
} from "./books-reads";
import { costSalesByWeightedAverage, type DayCost } from "./weighted-average-cost";

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
  /**
   * TDS under section 194S on the sales: kept back from those paid in the span (the
   * desk owes it), deposited by challan in the span, and still payable at its end.
   */
  tds: BooksTds;
}

const rate = (rupees: Decimal, coins: Decimal) =>
  coins.isZero() ? null : rupees.dividedBy(coins).toFixed(EXCHANGE_RATE_DECIMALS);

const difference = (a: string | null, b: string | null) =>
  a === null || b === null ? null : new Decimal(a).minus(b).toFixed(EXCHANGE_RATE_DECIMALS);

/**
 * A day's (or the span's) USDT bought from customers: how much, for what, the rate
 * paid, and the buy side's spread: the coins valued at the selling rate of the same
 * days, minus the rupees paid for them.
 */
function boughtFigures(bought: DayBought | undefined, sellingRate: string | null) {
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
export async function getBooks(db: Database, span: BooksSpan) {
  const { from, to } = span;
  const totals = await readCompletedTotals(db, span);
  // Every sale up to `to` and every purchase: the stock on `from` depends on all before it.
  const sales = await readUsdtSold(db, to);
  const purchases = await readPurchases(db, to);
  // Every paid sale up to `to`: each is a purchase for the weighted average, and the
  // days from `from` are the books' rupees out.
  const bought = await readPaidSales(db, span);
  const received = await readReceivedDeposits(db, span);
  const costs = costSalesByWeightedAverage(
    [...purchases, ...bought.map((row) => ({ day: row.date, usdt: row.usdt, costInr: row.inr }))],
    sales,
  );
  const orderGroups = await readCompletedOrderGroups(db, span);
  const statements = await readBankStatementTotals(db, span);

  const breakdowns = new BooksBreakdowns();
  const usdtInrByDay = breakdowns.addCompletedOrders(orderGroups);
  breakdowns.addBankStatements(statements);
  const boughtByDay = breakdowns.addPaidSales(bought, from);
  const receivedByDay = breakdowns.addDeposits(received);
  const costByDay = new Map(costs.map((cost) => [cost.day, cost]));
  const figures = dayFigures(totals, { usdtInrByDay, costByDay, boughtByDay, receivedByDay });
  const stockDay = costs.filter((cost) => cost.day <= to).at(-1);
  return {
    from,
    to,
    days: figures.map(bookDay),
    accounts: breakdowns.accountDays(),
    networks: breakdowns.networkDays(),
    totals: spanTotals(sumDays(figures)),
    stock: {
      usdt: usdt(new Decimal(stockDay?.stockUsdt ?? 0)),
      costInr: inr(new Decimal(stockDay?.stockCostInr ?? 0)),
    },
    tds: await readBooksTds(db, span),
  } satisfies Books;
}

/** What one day's figures are read from, each by India day. */
interface DayLookups {
  usdtInrByDay: Map<string, Decimal>;
  costByDay: Map<string, DayCost>;
  boughtByDay: Map<string, DayBought>;
  receivedByDay: Map<string, Decimal>;
}

/** A day of the books as numbers, before they are written as the answer's strings. */
interface DayFigures {
  date: string;
  orders: number;
  inr: Decimal;
  usdt: Decimal;
  usdtInr: Decimal;
  costInr: Decimal;
  uncosted: Decimal;
  bought: DayBought | undefined;
  received: Decimal;
}

function dayFigures(totals: CompletedDay[], lookups: DayLookups): DayFigures[] {
  return totals.map((day) => {
    const cost = lookups.costByDay.get(day.date);
    return {
      date: day.date,
      orders: day.orders,
      inr: new Decimal(day.inr),
      usdt: new Decimal(day.usdt),
      usdtInr: lookups.usdtInrByDay.get(day.date) ?? new Decimal(0),
      costInr: new Decimal(cost?.costInr ?? 0),
      uncosted: new Decimal(cost?.uncostedUsdt ?? 0),
      bought: lookups.boughtByDay.get(day.date),
      received: lookups.receivedByDay.get(day.date) ?? new Decimal(0),
    };
  });
}

function bookDay(day: DayFigures): BooksDay {
  const averageRate = rate(day.usdtInr, day.usdt);
  return {
    date: day.date,
    orders: day.orders,
    inr: inr(day.inr),
    usdt: usdt(day.usdt),
    usdtInr: inr(day.usdtInr),
    averageRate,
    costInr: inr(day.costInr),
    uncostedUsdt: usdt(day.uncosted),
    marginInr: inr(day.usdtInr.minus(day.costInr)),
    ...boughtFigures(day.bought, averageRate),
    usdtReceived: usdt(day.received),
  };
}

/** The span's figures: its days' added up. */
function sumDays(days: DayFigures[]) {
  const sum = { orders: 0, inr: new Decimal(0), usdt: new Decimal(0), usdtInr: new Decimal(0) };
  const cost = { inr: new Decimal(0), uncosted: new Decimal(0) };
  const bought = { orders: 0, usdt: new Decimal(0), inr: new Decimal(0), received: new Decimal(0) };
  for (const day of days) {
    sum.orders += day.orders;
    sum.inr = sum.inr.plus(day.inr);
    sum.usdt = sum.usdt.plus(day.usdt);
    sum.usdtInr = sum.usdtInr.plus(day.usdtInr);
    cost.inr = cost.inr.plus(day.costInr);
    cost.uncosted = cost.uncosted.plus(day.uncosted);
    bought.orders += day.bought?.orders ?? 0;
    bought.usdt = bought.usdt.plus(day.bought?.usdt ?? 0);
    bought.inr = bought.inr.plus(day.bought?.inr ?? 0);
    bought.received = bought.received.plus(day.received);
  }
  return { sum, cost, bought };
}

function spanTotals({ sum, cost, bought }: ReturnType<typeof sumDays>): Books["totals"] {
  const costed = sum.usdt.minus(cost.uncosted);
  const averageRate = rate(sum.usdtInr, sum.usdt);
  const totalBought = boughtFigures(bought, averageRate);
  const averageCost = rate(cost.inr, costed);
  return {
    orders: sum.orders,
    inr: inr(sum.inr),
    usdt: usdt(sum.usdt),
    usdtInr: inr(sum.usdtInr),
    averageRate,
    costInr: inr(cost.inr),
    uncostedUsdt: usdt(cost.uncosted),
    marginInr: inr(sum.usdtInr.minus(cost.inr)),
    averageCost,
    spreadPerUsdt: difference(averageRate, averageCost),
    ...totalBought,
    buySpreadPerUsdt: difference(averageRate, totalBought.averageBuyRate),
    usdtReceived: usdt(bought.received),
  };
}
