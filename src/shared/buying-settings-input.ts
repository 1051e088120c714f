import { z } from "zod";
import { networkIdSchema } from "./catalog-schemas";
import { holdAmountInr, onOff } from "./hold-rules-input";
import { inrLimit, limitsWidening, readDecimal, rupeeRate } from "./site-settings-input";

/*
 * Buying USDT from customers (issue 44, item 1), as Settings → Buying USDT saves it
 * (PUT /api/admin/settings/buying): the rate the desk pays, the networks it buys on
 * (none: buying is off), the smallest sale, the sale limits by verification level, the
 * holds on sales, and how long a sale's deposit amount is kept from other sales.
 */

export const BUYING_FIELD_LABELS = {
  buyRate: "Buy Rate",
  buyNetworks: "Networks Bought On",
  sellMinUsdt: "Smallest Sale (USDT)",
  sellLimitOrderInr: "Unverified: per Sale",
  sellLimitDayInr: "Unverified: Sales per 24 Hours",
  verifiedSellLimitOrderInr: "Verified: per Sale",
  verifiedSellLimitDayInr: "Verified: Sales per 24 Hours",
  sellHoldOtherNames: "Hold a Payout to Another Name",
  sellHoldFirstSale: "Hold a First Sale Above the Amount",
  sellHoldFirstSaleAboveInr: "First Sale Hold Amount",
  sellHoldNewDestination: "Hold a Payout to a New Account",
  sellHoldSharedWallet: "Hold a Deposit from a Wallet Another Customer Used",
  sellAmountQuarantineHours: "Amount Quarantine (Hours)",
} as const;
export type BuyingField = keyof typeof BUYING_FIELD_LABELS;

/** USDT in cents: what exchanges let a customer send (docs/decisions/049). */
export const SELL_USDT_DECIMALS = 2;
const SELL_USDT_LIMIT = "1000000000";
const SELL_MIN_ERROR = `${BUYING_FIELD_LABELS.sellMinUsdt} must be a USDT amount greater than 0, with at most ${SELL_USDT_DECIMALS} decimals, below ${Number(SELL_USDT_LIMIT).toLocaleString("en-US")}.`;

/**
 * How long after a sale's window its deposit amount is given to no other sale, for a
 * deposit that comes late (docs/decisions/052): a day at least, a month at most.
 */
export const QUARANTINE_MIN_HOURS = 24;
export const QUARANTINE_MAX_HOURS = 720;
const QUARANTINE_ERROR = `${BUYING_FIELD_LABELS.sellAmountQuarantineHours} must be a whole number of hours from ${QUARANTINE_MIN_HOURS} to ${QUARANTINE_MAX_HOURS}.`;

/** A USDT amount in cents below a billion, as a setting is written; 0 too if allowed. */
export const usdtInCents = (error: string, isZeroAllowed: boolean) =>
  z
    .string({ error })
    .trim()
    .refine(
      (text) => {
        const value = readDecimal(text);
        return (
          value !== null &&
          (isZeroAllowed ? value.gte(0) : value.gt(0)) &&
          value.decimalPlaces() <= SELL_USDT_DECIMALS &&
          value.lt(SELL_USDT_LIMIT)
        );
      },
      { error },
    );

const saleLimitsWidening = [
  ["sellLimitOrderInr", "sellLimitDayInr"],
  ["verifiedSellLimitOrderInr", "verifiedSellLimitDayInr"],
] as const;

export const buyingSettingsInputSchema = z
  .object({
    buyRate: rupeeRate(BUYING_FIELD_LABELS.buyRate),
    buyNetworks: z
      .array(networkIdSchema, { error: "Networks Bought On must be a list of networks." })
      .max(10)
      .refine((networks) => new Set(networks).size === networks.length, {
        error: "Networks Bought On names a network twice.",
      }),
    sellMinUsdt: usdtInCents(SELL_MIN_ERROR, false),
    sellLimitOrderInr: inrLimit(BUYING_FIELD_LABELS.sellLimitOrderInr, false),
    sellLimitDayInr: inrLimit(BUYING_FIELD_LABELS.sellLimitDayInr, false),
    verifiedSellLimitOrderInr: inrLimit(BUYING_FIELD_LABELS.verifiedSellLimitOrderInr, false),
    verifiedSellLimitDayInr: inrLimit(BUYING_FIELD_LABELS.verifiedSellLimitDayInr, false),
    sellHoldOtherNames: onOff(BUYING_FIELD_LABELS.sellHoldOtherNames),
    sellHoldFirstSale: onOff(BUYING_FIELD_LABELS.sellHoldFirstSale),
    sellHoldFirstSaleAboveInr: holdAmountInr(BUYING_FIELD_LABELS.sellHoldFirstSaleAboveInr),
    sellHoldNewDestination: onOff(BUYING_FIELD_LABELS.sellHoldNewDestination),
    sellHoldSharedWallet: onOff(BUYING_FIELD_LABELS.sellHoldSharedWallet),
    sellAmountQuarantineHours: z
      .string({ error: QUARANTINE_ERROR })
      .trim()
      .refine(
        (text) =>
          /^\d{1,4}$/.test(text) &&
          Number(text) >= QUARANTINE_MIN_HOURS &&
          Number(text) <= QUARANTINE_MAX_HOURS,
        { error: QUARANTINE_ERROR },
      ),
  })
  .superRefine(limitsWidening(saleLimitsWidening, BUYING_FIELD_LABELS));

export type BuyingSettingsInput = z.infer<typeof buyingSettingsInputSchema>;
