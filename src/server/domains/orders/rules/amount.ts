import Decimal from "decimal.js";
import { sql } from "kysely";
import { groupIndian } from "../../../../shared/indian-grouping";
import { plainDecimal } from "../../../../shared/money";
import { AppError } from "../../../platform/http/errors";
import { refusalRule, type SiteSettings } from "./order-rule";

/*
 * The amount rules: within the site's minimum and maximum in rupees, and enough to
 * deliver something at the rate (a receive amount that rounds down to nothing).
 */

function amountTooLow(settings: Pick<SiteSettings, "min_inr_amount">) {
  return new AppError(
    400,
    "AMOUNT_TOO_LOW",
    `Amount Too Low: The minimum amount is ₹${groupIndian(plainDecimal(settings.min_inr_amount))}.`,
    { minInrAmount: plainDecimal(settings.min_inr_amount) },
  );
}

function amountTooHigh(settings: Pick<SiteSettings, "max_inr_amount">) {
  return new AppError(
    400,
    "AMOUNT_TOO_HIGH",
    `Amount Too High: The maximum amount is ₹${groupIndian(plainDecimal(settings.max_inr_amount))}.`,
    { maxInrAmount: plainDecimal(settings.max_inr_amount) },
  );
}

export const minimumAmountRule = refusalRule({
  name: "minimum_amount",
  settings: ["min_inr_amount"],
  passes: sql<boolean>`input.send_amount >= settings.min_inr_amount`,
  refusal: ({ settings }) => amountTooLow(settings),
});

export const maximumAmountRule = refusalRule({
  name: "maximum_amount",
  settings: ["max_inr_amount"],
  passes: sql<boolean>`input.send_amount <= settings.max_inr_amount`,
  refusal: ({ settings }) => amountTooHigh(settings),
});

export const deliverableAmountRule = refusalRule({
  name: "deliverable_amount",
  settings: [],
  passes: sql<boolean>`input.is_deliverable`,
  refusal: () =>
    new AppError(400, "AMOUNT_TOO_SMALL", "This amount is too small to deliver anything."),
});

/** The payment step's look before an order: the same minimum and maximum. */
export function checkAmountLimits(
  amountText: string,
  settings: Pick<SiteSettings, "min_inr_amount" | "max_inr_amount">,
) {
  const amount = new Decimal(amountText);
  if (amount.lt(settings.min_inr_amount)) throw amountTooLow(settings);
  if (amount.gt(settings.max_inr_amount)) throw amountTooHigh(settings);
}
