import { sql } from "kysely";
import { recordAudit } from "../../../platform/audit-trail/audit";
import { refuseOwnRecord } from "../../../platform/audit-trail/own-records";
import type { SaleStatus } from "../../../platform/db/schema";
import { AppError } from "../../../platform/http/errors";
import { lockSale } from "../../orders/sell/receive-sale";
import { type SaleDeskContext, shortId, tellCustomer, writeEvent } from "./sale-desk";
import { saleCancelledMail } from "./sale-mails";

/** What an operator may cancel: an order not yet paid and still open. */
const CANCELLABLE: readonly SaleStatus[] = ["awaiting_deposit", "received"];

/**
 * Cancels an open sell order with the operator's reason (audited). A received
 * order's USDT is then the desk's to return: the reason says how. The customer is
 * e-mailed with the change, in their language, without the reason.
 */
export async function cancelSale(
  { db, admin, announcer, notify }: SaleDeskContext,
  id: string,
  reason: string,
) {
  const cancelled = await db.transaction().execute(async (trx) => {
    const order = await lockSale(trx, id);
    // Cancelling ends the customer's claim to the rupees (or their USDT back): four eyes.
    refuseOwnRecord(admin, order.user_id, "order");
    if (!CANCELLABLE.includes(order.status)) {
      throw new AppError(
        409,
        "SELL_ORDER_CLOSED",
        `Sell order ${shortId(order)} is ${order.status}: ${order.status === "paid" ? "its rupees were paid, it cannot be cancelled" : "it is closed already"}.`,
      );
    }
    const updated = await trx
      .updateTable("sell_orders")
      .set({ status: "cancelled", updated_at: sql<Date>`now()` })
      .where("id", "=", order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeEvent(trx, order, admin, { to: "cancelled", note: reason });
    await recordAudit(trx, {
      actor: admin,
      action: "sell_order.cancelled",
      target: { type: "sell_order", id: order.id },
      details: { from: order.status, reason, depositTxHash: order.deposit_tx_hash },
      ipAddress: admin.ipAddress,
    });
    await tellCustomer(trx, updated, (language) =>
      saleCancelledMail(updated, order.status === "received", {
        language,
        publicUrl: notify.publicUrl,
      }),
    );
    return updated;
  });
  await announcer.announceSale(cancelled);
  return cancelled;
}
