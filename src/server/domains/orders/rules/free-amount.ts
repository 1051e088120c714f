import { sql } from "kysely";
import { AppError } from "../../../platform/http/errors";
import { refusalRule } from "./order-rule";
import type { SaleDraft } from "./sale-draft";

/**
 * Cents added to make a deposit amount unique: none, then 0.01 … 0.99 (decision 049),
 * but never to a whole amount (decision 052): a whole amount asked gets 99.
 */
export const UNIQUE_CENTS = 100;

/**
 * The deposit amount the query picked (`input.deposit_usdt`): the request plus the
 * fewest cents no sale on the network holds, never a whole amount, a sale holding its amount to its window's
 * end and the quarantine after it (decision 052), which the query reads to hold the
 * new one. Every one taken: the customer is asked for another amount.
 */
export const freeAmountRule = refusalRule<"sell_amount_quarantine_hours", SaleDraft>({
  name: "free_amount",
  settings: ["sell_amount_quarantine_hours"],
  passes: sql<boolean>`input.deposit_usdt IS NOT NULL`,
  refusal: ({ order }) => amountBusy(order.requested_usdt),
});

export function amountBusy(requested: string) {
  return new AppError(
    409,
    "SALE_AMOUNT_BUSY",
    `Many recent sales of about ${requested} USDT on this network hold their amounts. Try another amount, or try again later.`,
    { field: "usdtAmount" },
  );
}
