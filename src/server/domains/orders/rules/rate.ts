import { sql } from "kysely";
import { plainDecimal } from "../../../../shared/money";
import { AppError } from "../../../platform/http/errors";
import { refusalRule } from "./order-rule";

/**
 * The page's rate must be the rate in force: the amounts were computed at it. If
 * it changed, the customer is told the new figure and nothing is stored.
 */
export const rateRule = refusalRule({
  name: "rate",
  settings: ["exchange_rate"],
  passes: sql<boolean>`settings.exchange_rate = input.quoted_rate`,
  refusal: ({ settings }) =>
    new AppError(
      409,
      "RATE_CHANGED",
      `The rate has changed to ₹${plainDecimal(settings.exchange_rate)} per USDT. Check the new amount and place the order again.`,
      { exchangeRate: plainDecimal(settings.exchange_rate) },
    ),
});
