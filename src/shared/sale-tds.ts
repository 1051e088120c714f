import { Decimal } from "./money";

/*
 * The tax of a sale under section 194S (decision 060), as the Sell tab shows it before
 * the customer sells. The server decides the tax in the sale's own query
 * (domains/tax/sale-tds-sql.ts) by the same rules; its tests hold the two together.
 */

/** What the desk deducts, and where the seller stands this financial year. */
export interface SellerTaxTerms {
  deducts: boolean;
  ratePercent: string;
  noPanRatePercent: string;
  thresholdInr: string;
  buysWithoutPan: boolean;
  /** The seller's sales this financial year not expired or cancelled; null for a visitor. */
  yearInr: string | null;
  /** Their identity is verified with a PAN; null for a visitor. */
  hasPan: boolean | null;
}

export type SaleTdsQuote =
  | { kind: "untaxed"; payoutInr: string }
  | { kind: "taxed"; ratePercent: string; tdsInr: string; payoutInr: string; withoutPan: boolean }
  /** Taxed, and the seller has no PAN the desk may buy without: the sale is refused. */
  | { kind: "needsPan" };

/** The TDS of a sale of `inr` rupees: the rate's share rounded to the rupee, half up. */
export function tdsOf(inr: string, ratePercent: string): Decimal {
  return new Decimal(inr).mul(ratePercent).div(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
}

/**
 * A sale of `inr` rupees: untaxed while the year's sales, this one included, stay at or
 * below the threshold; past it, the whole sale is taxed at the rate (the no-PAN rate
 * where the desk buys without one).
 */
export function quoteSaleTds(inr: string, terms: SellerTaxTerms): SaleTdsQuote {
  const isTaxed = terms.deducts && new Decimal(terms.yearInr ?? 0).plus(inr).gt(terms.thresholdInr);
  if (!isTaxed) return { kind: "untaxed", payoutInr: new Decimal(inr).toFixed(2) };
  // A visitor (hasPan null) is shown the rate of a seller with a PAN.
  const withoutPan = terms.hasPan === false;
  if (withoutPan && !terms.buysWithoutPan) return { kind: "needsPan" };
  const ratePercent = withoutPan ? terms.noPanRatePercent : terms.ratePercent;
  const tds = tdsOf(inr, ratePercent);
  return {
    kind: "taxed",
    ratePercent,
    tdsInr: tds.toFixed(2),
    payoutInr: new Decimal(inr).minus(tds).toFixed(2),
    withoutPan,
  };
}
