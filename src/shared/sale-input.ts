import { z } from "zod";
import { SELL_USDT_DECIMALS } from "./buying-settings-input";
import { networkIdSchema } from "./catalog-schemas";
import { Decimal, decimalPlaces, parseAmount } from "./money";

/*
 * The Sell tab's order (issue 44, item 2), as the page submits it and the server
 * accepts it (POST /api/sell-orders): how much USDT, on which network, at the buy rate
 * the page showed, paid to which of the customer's payout accounts. The server decides
 * the deposit amount and the rupees.
 */

/** A sale's USDT, below the largest figure a sell order stores. */
const SALE_USDT_LIMIT = "1000000000";

export const saleInputSchema = z.object({
  network: networkIdSchema,
  usdtAmount: z
    .string({ error: "Enter how much USDT you are selling, like 100 or 100.50." })
    .trim()
    .refine(
      (text) => {
        const value = parseAmount(text);
        return (
          value !== null && decimalPlaces(value) <= SELL_USDT_DECIMALS && value.lt(SALE_USDT_LIMIT)
        );
      },
      {
        error: `Enter how much USDT you are selling, like 100 or 100.50 (at most ${SELL_USDT_DECIMALS} decimals).`,
      },
    )
    // As the database prints numeric(14, 2), so a retried submission compares equal.
    .transform((text) => new Decimal(text).toFixed(SELL_USDT_DECIMALS)),
  quotedBuyRate: z
    .string({ error: "The buy rate is missing. Reload the page and try again." })
    .refine((text) => parseAmount(text)?.gt(0) ?? false, {
      error: "The buy rate is missing. Reload the page and try again.",
    }),
  destinationId: z.uuid({ error: "Choose the account the rupees go to." }),
});

export type SaleInput = z.infer<typeof saleInputSchema>;
