import { Decimal } from "../../../shared/money";

/*
 * The cost of the USDT the desk sold, by moving weighted average (docs/decisions/032):
 * every purchase joins the stock at its price, and every sale takes coins out at the
 * stock's average cost at that moment. Days run in order; on one day the purchases
 * come before the sales (the desk buys to sell). Exact decimals throughout: each
 * day's cost is rounded to the paisa once, and what is left in stock keeps the rest,
 * so the costs of all sales plus the stock's cost always equal what was paid.
 */

export interface DayPurchases {
  /** YYYY-MM-DD, India day. */
  day: string;
  usdt: string;
  costInr: string;
}

export interface DaySales {
  day: string;
  usdt: string;
}

export interface DayCost {
  day: string;
  /** Rupees the coins sold that day cost, to the paisa; of the coins with a recorded purchase. */
  costInr: string;
  /** USDT sold that day beyond the stock recorded: no purchase says what they cost. */
  uncostedUsdt: string;
  /** The stock after the day's sales. */
  stockUsdt: string;
  stockCostInr: string;
}

const PAISA = 2;

/** Walks purchases and sales day by day; answers the cost of each day that sold or bought. */
export function costSalesByWeightedAverage(
  purchases: DayPurchases[],
  sales: DaySales[],
): DayCost[] {
  const bought = new Map<string, DayPurchases[]>();
  for (const purchase of purchases) {
    bought.set(purchase.day, [...(bought.get(purchase.day) ?? []), purchase]);
  }
  const sold = new Map<string, Decimal>();
  for (const sale of sales) {
    sold.set(sale.day, (sold.get(sale.day) ?? new Decimal(0)).plus(sale.usdt));
  }
  const days = [...new Set([...bought.keys(), ...sold.keys()])].sort();

  let stock = new Decimal(0);
  let stockCost = new Decimal(0);
  return days.map((day) => {
    for (const purchase of bought.get(day) ?? []) {
      stock = stock.plus(purchase.usdt);
      stockCost = stockCost.plus(purchase.costInr);
    }
    const usdt = sold.get(day) ?? new Decimal(0);
    const costed = Decimal.min(usdt, stock);
    const cost = stock.isZero()
      ? new Decimal(0)
      : costed.times(stockCost).dividedBy(stock).toDecimalPlaces(PAISA, Decimal.ROUND_HALF_UP);
    stock = stock.minus(costed);
    stockCost = stockCost.minus(cost);
    return {
      day,
      costInr: cost.toFixed(PAISA),
      uncostedUsdt: usdt.minus(costed).toFixed(),
      stockUsdt: stock.toFixed(),
      stockCostInr: stockCost.toFixed(),
    };
  });
}
