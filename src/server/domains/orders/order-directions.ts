import type { OrderStatus, SaleStatus } from "../../platform/db/schema";

/**
 * The desk's order book runs two ways. It sells USDT for rupees (a buy order, named
 * from the customer's side: table `orders`) and buys USDT for rupees (a sale:
 * `sell_orders`). What code that reads both needs of each, so it reads them in one
 * loop instead of a block per direction.
 */
export interface OrderDirection {
  /** The direction's own table of orders. */
  table: "orders" | "sell_orders";
  /** Its holds: one row per held order, keyed by the order's id. */
  holds:
    | { table: "order_holds"; orderKey: "order_id" }
    | { table: "sell_order_holds"; orderKey: "sell_order_id" };
  /** Its events (the order's timeline), keyed by the order's id. */
  events:
    | { table: "order_events"; orderKey: "order_id" }
    | { table: "sell_order_events"; orderKey: "sell_order_id" };
  /** What audit rows about one of its orders name as their target. */
  auditTarget: "order" | "sell_order";
  /** Statuses in which the customer or the desk still owes something. */
  openStatuses: readonly (OrderStatus | SaleStatus)[];
  /** One of its orders in the operators' words (the customer's file, refusals). */
  noun: string;
}

export const BUY_DIRECTION = {
  table: "orders",
  holds: { table: "order_holds", orderKey: "order_id" },
  events: { table: "order_events", orderKey: "order_id" },
  auditTarget: "order",
  openStatuses: ["pending", "processing"] satisfies OrderStatus[],
  noun: "order",
} as const satisfies OrderDirection;

export const SELL_DIRECTION = {
  table: "sell_orders",
  holds: { table: "sell_order_holds", orderKey: "sell_order_id" },
  events: { table: "sell_order_events", orderKey: "sell_order_id" },
  auditTarget: "sell_order",
  openStatuses: ["awaiting_deposit", "received"] satisfies SaleStatus[],
  noun: "sell order",
} as const satisfies OrderDirection;

/** Both directions, the buy side first (the order every list of both keeps). */
export const ORDER_DIRECTIONS: readonly OrderDirection[] = [BUY_DIRECTION, SELL_DIRECTION];
