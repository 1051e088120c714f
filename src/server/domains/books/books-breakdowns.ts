import { Decimal } from "../../../shared/money";
import {
  type BankStatementTotal,
  type CompletedOrderGroup,
  type PaidSales,
  type ReceivedDeposits,
  USDT_RECEIVES,
} from "./books-reads";

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

/*
 * The daily books' breakdowns by receiving account and by network, one row a day and
 * account (or network), summed from the groups books-reads.ts reads; and the figures
 * of each day the same groups give on the way.
 */

export const inr = (value: Decimal) => value.toFixed(2);
export const usdt = (value: Decimal) => value.toFixed(4);

type AccountRow = BooksAccountDay & { sum: Decimal; paidOut: Decimal };
type NetworkRow = BooksNetworkDay & { sum: Decimal; fees: Decimal; usdtInSum: Decimal };
/** A day's USDT bought from customers: how many sales, their USDT and the rupees paid. */
export interface DayBought {
  orders: number;
  usdt: Decimal;
  inr: Decimal;
}

/** The rows of both breakdowns, each made when its day and account (or network) first has a figure. */
export class BooksBreakdowns {
  private readonly accounts = new Map<string, AccountRow>();
  private readonly networks = new Map<string, NetworkRow>();

  private accountRow(date: string, accountId: string | null, label: string | null): AccountRow {
    const key = `${date} ${accountId}`;
    const row = this.accounts.get(key) ?? {
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
    this.accounts.set(key, row);
    return row;
  }

  private networkRow(date: string, network: string): NetworkRow {
    const key = `${date} ${network}`;
    const row = this.networks.get(key) ?? {
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
    this.networks.set(key, row);
    return row;
  }

  /**
   * Adds the completed orders to their account and, paid out in USDT, their network;
   * returns each day's rupees of the orders paid out in USDT (what the USDT sold for).
   */
  addCompletedOrders(groups: CompletedOrderGroup[]): Map<string, Decimal> {
    const usdtInrByDay = new Map<string, Decimal>();
    for (const group of groups) {
      const paidOutInUsdt = USDT_RECEIVES.includes(group.receive_currency as never);
      if (paidOutInUsdt) {
        const day = usdtInrByDay.get(group.date) ?? new Decimal(0);
        usdtInrByDay.set(group.date, day.plus(group.inr));
        const row = this.networkRow(group.date, group.network ?? group.receive_currency);
        row.orders += group.orders;
        row.sum = row.sum.plus(group.usdt);
        row.feeCoin ??= group.fee_coin;
        row.fees = row.fees.plus(group.fees);
        row.payoutsWithoutFee += group.orders - group.with_fee;
      }
      const row = this.accountRow(group.date, group.account_id, group.account_label);
      row.orders += group.orders;
      row.sum = row.sum.plus(group.inr);
    }
    return usdtInrByDay;
  }

  /** Puts each account's imported statement credits and debits beside its day. */
  addBankStatements(lines: BankStatementTotal[]): void {
    for (const line of lines) {
      const row = this.accountRow(line.date, line.account_id, line.label);
      if (line.is_debit) row.statementDebitInr = inr(new Decimal(line.inr));
      else row.statementInr = inr(new Decimal(line.inr));
    }
  }

  /**
   * Adds the sales paid from `from` on to the accounts they were paid from; returns
   * each day's USDT bought. (Those before `from` only count towards the stock.)
   */
  addPaidSales(sales: PaidSales[], from: string): Map<string, DayBought> {
    const boughtByDay = new Map<string, DayBought>();
    for (const sale of sales) {
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
      const row = this.accountRow(sale.date, sale.account_id, sale.account_label);
      row.payouts += sale.orders;
      row.paidOut = row.paidOut.plus(sale.paid_inr);
    }
    return boughtByDay;
  }

  /** Adds the sales' deposits to their network; returns each day's USDT received. */
  addDeposits(deposits: ReceivedDeposits[]): Map<string, Decimal> {
    const receivedByDay = new Map<string, Decimal>();
    for (const deposit of deposits) {
      receivedByDay.set(
        deposit.date,
        (receivedByDay.get(deposit.date) ?? new Decimal(0)).plus(deposit.usdt),
      );
      const row = this.networkRow(deposit.date, deposit.network);
      row.deposits += deposit.orders;
      row.usdtInSum = row.usdtInSum.plus(deposit.usdt);
    }
    return receivedByDay;
  }

  /** The account rows as the books show them, by day, then label. */
  accountDays(): BooksAccountDay[] {
    return [...this.accounts.values()]
      .map(({ sum: total, paidOut, ...row }) => ({
        ...row,
        ordersInr: inr(total),
        paidOutInr: inr(paidOut),
      }))
      .sort(byDateThen((row) => row.accountLabel));
  }

  /** The network rows as the books show them, by day, then network. */
  networkDays(): BooksNetworkDay[] {
    return [...this.networks.values()]
      .map(({ sum: total, fees, usdtInSum, ...row }) => ({
        ...row,
        usdt: usdt(total),
        feesPaid: fees.toFixed(),
        usdtIn: usdt(usdtInSum),
      }))
      .sort(byDateThen((row) => row.network));
  }
}

const byDateThen =
  <Row extends { date: string }>(name: (row: Row) => string) =>
  (a: Row, b: Row) =>
    a.date.localeCompare(b.date) || name(a).localeCompare(name(b));
