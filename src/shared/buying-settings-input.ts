import { z } from "zod";
import { networkIdSchema } from "./catalog-schemas";
import { holdAmountInr, onOff } from "./hold-rules-input";
import { inrLimit, limitsWidening, readDecimal, rupeeRate } from "./site-settings-input";

/*
 * Buying USDT from customers (issue 44, item 1), as Settings → Buying USDT saves it
 * (PUT /api/admin/settings/buying): the rate the desk pays, the networks it buys on
 * (none: buying is off), the smallest sale, and the sale limits by verification level.
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
} as const;
export type BuyingField = keyof typeof BUYING_FIELD_LABELS;

/** USDT in cents: what exchanges let a customer send (docs/decisions/049). */
export const SELL_USDT_DECIMALS = 2;
const SELL_USDT_LIMIT = "1000000000";
const SELL_MIN_ERROR = `${BUYING_FIELD_LABELS.sellMinUsdt} must be a USDT amount greater than 0, with at most ${SELL_USDT_DECIMALS} decimals, below ${Number(SELL_USDT_LIMIT).toLocaleString("en-US")}.`;

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
    sellMinUsdt: z
      .string({ error: SELL_MIN_ERROR })
      .trim()
      .refine(
        (text) => {
          const value = readDecimal(text);
          return (
            value?.gt(0) && value.decimalPlaces() <= SELL_USDT_DECIMALS && value.lt(SELL_USDT_LIMIT)
          );
        },
        { error: SELL_MIN_ERROR },
      ),
    sellLimitOrderInr: inrLimit(BUYING_FIELD_LABELS.sellLimitOrderInr, false),
    sellLimitDayInr: inrLimit(BUYING_FIELD_LABELS.sellLimitDayInr, false),
    verifiedSellLimitOrderInr: inrLimit(BUYING_FIELD_LABELS.verifiedSellLimitOrderInr, false),
    verifiedSellLimitDayInr: inrLimit(BUYING_FIELD_LABELS.verifiedSellLimitDayInr, false),
    sellHoldOtherNames: onOff(BUYING_FIELD_LABELS.sellHoldOtherNames),
    sellHoldFirstSale: onOff(BUYING_FIELD_LABELS.sellHoldFirstSale),
    sellHoldFirstSaleAboveInr: holdAmountInr(BUYING_FIELD_LABELS.sellHoldFirstSaleAboveInr),
    sellHoldNewDestination: onOff(BUYING_FIELD_LABELS.sellHoldNewDestination),
    sellHoldSharedWallet: onOff(BUYING_FIELD_LABELS.sellHoldSharedWallet),
  })
  .superRefine(limitsWidening(saleLimitsWidening, BUYING_FIELD_LABELS));

export type BuyingSettingsInput = z.infer<typeof buyingSettingsInputSchema>;
