import type { HoldRule } from "../../../platform/db/schema";

/*
 * The rules that hold an order for an operator's look (issue 25, item 2). The
 * order statement decides them (src/server/domains/orders/order-batch.ts); the
 * operators' Telegram alert of a held order starts with a line that says so,
 * written by the statement in place of this placeholder.
 */

export const HOLD_RULES = [
  "customer",
  "first_order",
  "new_payer_name",
  "shared_wallet",
  "order_rate",
  "account_frozen",
] as const satisfies readonly HoldRule[];

/** Where a new order's operator alert says it is on hold (or nothing, when it is not). */
export const ORDER_HOLD_LINE = "{{the order's hold}}";
