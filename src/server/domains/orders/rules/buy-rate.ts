import { sql } from "kysely";
import { plainDecimal } from "../../../../shared/money";
import { AppError } from "../../../platform/http/errors";
import { refusalRule } from "./order-rule";
import type { SaleDraft } from "./sale-draft";

/**
 * A sale's rupees were computed at the buy rate the page showed, so it must be the
 * rate in force; if it changed, the customer is told the new figure and nothing is stored.
 */
export const buyRateRule = refusalRule<"buy_rate", SaleDraft>({
  name: "buy_rate",
  settings: ["buy_rate"],
  passes: sql<boolean>`settings.buy_rate = input.quoted_rate`,
  refusal: ({ settings }) =>
    new AppError(
      409,
      "BUY_RATE_CHANGED",
      `The buy rate has changed to ₹${plainDecimal(settings.buy_rate)} per USDT. Check the new amount and sell again.`,
      { buyRate: plainDecimal(settings.buy_rate) },
    ),
});
