import { sql } from "kysely";
import { AppError } from "../../../platform/http/errors";
import { refusalRule } from "./order-rule";
import type { SaleDraft } from "./sale-draft";

/** Cents added to make a deposit amount unique: none, then 0.01 … 0.99 (decision 049). */
export const UNIQUE_CENTS = 100;

/**
 * The deposit amount the statement picked (`input.deposit_usdt`): the request plus the
 * fewest cents no sale awaiting its deposit on the network asks. Every one taken: the
 * customer is asked for another amount.
 */
export const freeAmountRule = refusalRule<never, SaleDraft>({
  name: "free_amount",
  settings: [],
  passes: sql<boolean>`input.deposit_usdt IS NOT NULL`,
  refusal: ({ order }) => amountBusy(order.requested_usdt),
});

export function amountBusy(requested: string) {
  return new AppError(
    409,
    "SALE_AMOUNT_BUSY",
    `Many sales of about ${requested} USDT are waiting for their deposits on this network. Try another amount, or try again in a few minutes.`,
    { field: "usdtAmount" },
  );
}
