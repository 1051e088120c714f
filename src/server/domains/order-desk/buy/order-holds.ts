import { sql, type Transaction } from "kysely";
import type { Actor } from "../../../platform/api/admin-actor";
import { recordAudit } from "../../../platform/audit-trail/audit";
import { refuseOwnRecord } from "../../../platform/audit-trail/own-records";
import type { Database } from "../../../platform/db/database";
import type { DB } from "../../../platform/db/schema";
import { AppError } from "../../../platform/http/errors";
import { lockOrder } from "../../orders/buy/apply-status-change";
import type { HoldRule } from "../../orders/rules/hold-rules";

/* A buy order's holds as the desk sees and releases them (the sale's: ../sell/). */

/** Releases a held order (audited): it can then be verified like any other, in bulk too. */
export async function releaseOrderHold(
  db: Database,
  actor: Actor,
  orderId: string,
  ipAddress?: string,
) {
  await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    refuseOwnRecord(actor, order.user_id, "hold");
    const released = await trx
      .updateTable("order_holds")
      .set({ released_at: sql<Date>`now()`, released_by: actor.id })
      .where("order_id", "=", orderId)
      .where("released_at", "is", null)
      .returning("rules")
      .executeTakeFirst();
    if (!released) throw new AppError(404, "NOT_ON_HOLD", "This order is not on hold.");
    await recordAudit(trx, {
      actor,
      action: "order.hold_released",
      target: { type: "order", id: orderId },
      details: { rules: released.rules },
      ipAddress,
    });
  });
}

export interface OrderHoldView {
  rules: HoldRule[];
  since: string;
  /** The operator's note, when the customer was on hold. */
  customerNote: string | null;
}

/** The holds in force on these orders (a page of a list, one order, or a bulk action's), by order id. */
export async function holdsOfOrders(
  db: Database | Transaction<DB>,
  orderIds: readonly string[],
): Promise<Map<string, OrderHoldView>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("order_holds as hold")
    .leftJoin("customer_holds as customer_hold", "customer_hold.id", "hold.customer_hold_id")
    .select(["hold.order_id", "hold.rules", "hold.created_at", "customer_hold.note"])
    // One array parameter, however many orders (a whole statement's matched lines).
    .where(sql<boolean>`hold.order_id = ANY(${[...orderIds]}::uuid[])`)
    .where("hold.released_at", "is", null)
    .execute();
  return new Map(
    rows.map((row) => [
      row.order_id,
      {
        // Written only from the rule modules' names.
        rules: row.rules as HoldRule[],
        since: row.created_at.toISOString(),
        customerNote: row.note,
      },
    ]),
  );
}
