import {
  findReceiveOption,
  findSendOption,
  RECEIVE_OPTIONS,
  type ReceiveCurrencyId,
  type SendCurrencyId,
} from "./catalog";
import { Decimal, formatAmount, parseAmount } from "./money";

/*
 * The one quote, used by the exchange page to show the amount and by the server
 * to compute what it stores and pays out (product-spec §5, DESIGN "Quote").
 * Every step is decimal and rounds down, so the figure shown is the figure stored.
 */

/** A USD send amount is converted to rupees at this fixed factor first. */
export const USD_TO_INR = "83";
/** USD e-wallet payouts are the USDT figure times this factor. */
export const EWALLET_FACTOR = "0.99";

type QuoteRule = {
  decimals: number;
  /** value is the send amount in rupees; rate is rupees per unit received. */
  compute: (value: Decimal, rate: Decimal) => Decimal;
  /** The other way round: the rate at which value gives what was received. */
  rateOf: (value: Decimal, received: Decimal) => Decimal;
};

const USDT_RULE: QuoteRule = {
  decimals: 4,
  compute: (value, rate) => value.div(rate),
  rateOf: (value, received) => value.div(received),
};
/** Any other non-INR receive (the USD e-wallets). The product runs first so the division is the only truncation. */
const EWALLET_RULE: QuoteRule = {
  decimals: 4,
  compute: (value, rate) => value.mul(EWALLET_FACTOR).div(rate),
  rateOf: (value, received) => value.mul(EWALLET_FACTOR).div(received),
};
const INR_RULE: QuoteRule = {
  decimals: 2,
  compute: (value, rate) => rate.mul(value),
  rateOf: (value, received) => received.div(value),
};

const RULE_BY_RECEIVE_SYMBOL: Readonly<Record<string, QuoteRule>> = {
  USDT: USDT_RULE,
  INR: INR_RULE,
};
const TO_INR_BY_SEND_SYMBOL: Readonly<Record<string, string>> = { INR: "1", USD: USD_TO_INR };

function ruleFor(receiveSymbol: string): QuoteRule {
  return RULE_BY_RECEIVE_SYMBOL[receiveSymbol] ?? EWALLET_RULE;
}

/**
 * The quote by currency symbols. quoteReceiveAmount is the entry point; this one
 * exists for symbols the catalog does not (yet) offer, such as an INR receive.
 */
export function quoteForSymbols(input: {
  amount: string;
  rate: string;
  sendSymbol: string;
  receiveSymbol: string;
}): string {
  const rule = ruleFor(input.receiveSymbol);
  const amount = parseAmount(input.amount);
  const rate = parseAmount(input.rate);
  const toInr = TO_INR_BY_SEND_SYMBOL[input.sendSymbol];
  if (!amount || !rate || toInr === undefined) return formatAmount(new Decimal(0), rule.decimals);
  return formatAmount(rule.compute(amount.mul(toInr), rate), rule.decimals);
}

/**
 * What the customer receives for `amount` at `rate` (rupees per USDT), as a
 * fixed-decimal string rounded down. An empty or invalid amount or rate gives zero
 * ("0.0000").
 */
export function quoteReceiveAmount(input: {
  amount: string;
  rate: string;
  sendCurrency: SendCurrencyId;
  receiveCurrency: ReceiveCurrencyId;
}): string {
  return quoteForSymbols({
    amount: input.amount,
    rate: input.rate,
    sendSymbol: findSendOption(input.sendCurrency)?.symbol ?? "",
    receiveSymbol: findReceiveOption(input.receiveCurrency)?.symbol ?? "",
  });
}

/**
 * The rupees a customer selling `usdt` is paid at `rate` (the buy rate, rupees per
 * USDT), rounded down to the paisa. An empty or invalid figure gives zero ("0.00").
 */
export function quoteSaleRupees(input: { usdt: string; rate: string }): string {
  const usdt = parseAmount(input.usdt);
  const rate = parseAmount(input.rate);
  if (!usdt || !rate) return formatAmount(new Decimal(0), INR_RULE.decimals);
  return formatAmount(INR_RULE.compute(usdt, rate), INR_RULE.decimals);
}

/** Decimals of a stored rate (`exchange_rate numeric(12, 4)`). */
const RATE_DECIMALS = 4;

/**
 * The rate (rupees per unit received) at which `amount` gives `receiveAmount`: what
 * an order whose receive amount an operator set was sold at. To the stored rate's 4
 * decimals, rounded half up: it says what the amounts are, it computes no amount.
 */
export function impliedRate(input: {
  amount: string;
  receiveAmount: string;
  sendCurrency: SendCurrencyId;
  receiveCurrency: ReceiveCurrencyId;
}): string {
  const amount = parseAmount(input.amount);
  const received = parseAmount(input.receiveAmount);
  const toInr = TO_INR_BY_SEND_SYMBOL[findSendOption(input.sendCurrency)?.symbol ?? ""];
  if (!amount || !received || received.lte(0) || toInr === undefined) {
    throw new RangeError("An implied rate needs a send amount and a receive amount above zero");
  }
  const rule = ruleFor(findReceiveOption(input.receiveCurrency)?.symbol ?? "");
  return rule
    .rateOf(amount.mul(toInr), received)
    .toDecimalPlaces(RATE_DECIMALS, Decimal.ROUND_HALF_UP)
    .toString();
}

/** Decimals of each receive currency's amount. */
export const RECEIVE_DECIMALS = Object.fromEntries(
  RECEIVE_OPTIONS.map((option) => [option.id, ruleFor(option.symbol).decimals]),
) as Readonly<Record<ReceiveCurrencyId, number>>;

export function receiveDecimals(receiveCurrency: ReceiveCurrencyId): number {
  return RECEIVE_DECIMALS[receiveCurrency];
}

/** How far an admin-placed order's rate may stray from the rate in force before the form warns. */
export const ADMIN_RATE_WARNING_MARGIN = "0.02";

/**
 * When an admin's INR → USDT amounts imply a rate more than the margin away from the
 * rate in force (a typo of a digit, a stale rate), that rate and how far it is off, in
 * percent; otherwise null.
 */
export function rateOutsideMargin(input: {
  sendAmount: string;
  receiveAmount: string;
  rate: string;
}): { impliedRate: string; offByPercent: string } | null {
  const send = parseAmount(input.sendAmount);
  const receive = parseAmount(input.receiveAmount);
  const rate = parseAmount(input.rate);
  if (!send || !receive || !rate || receive.lte(0) || rate.lte(0)) return null;
  const implied = send.div(receive);
  const offBy = implied.minus(rate).abs().div(rate);
  if (offBy.lte(ADMIN_RATE_WARNING_MARGIN)) return null;
  return {
    impliedRate: implied.toFixed(2, Decimal.ROUND_HALF_UP),
    offByPercent: offBy.times(100).toFixed(1, Decimal.ROUND_HALF_UP),
  };
}
