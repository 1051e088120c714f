import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema";
import type { OrderChange } from "../../platform/events/order-changes";

/** The `pending` event: how many orders are pending now. */
export async function pendingEvent(db: Kysely<DB>) {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return { event: "pending", data: JSON.stringify({ pendingOrders: Number(row.count) }) };
}

/** The `order` event: an order created or changed. */
export function orderEvent(change: OrderChange) {
  const { orderId, status, kind } = change;
  return { event: "order", data: JSON.stringify({ orderId, status, kind }) };
}
