import { sql } from "kysely";
import { recordAudit } from "../../../platform/audit-trail/audit";
import { refuseOwnRecord } from "../../../platform/audit-trail/own-records";
import { AppError } from "../../../platform/http/errors";
import { lockSale } from "../../orders/sell/receive-sale";
import { type SaleDeskContext, writeEvent } from "./sale-desk";

/** Releases a held sell order (audited): it can then be paid. */
export async function releaseSaleHold({ db, admin, announcer }: SaleDeskContext, id: string) {
  const order = await db.transaction().execute(async (trx) => {
    const order = await lockSale(trx, id);
    refuseOwnRecord(admin, order.user_id, "hold");
    const released = await trx
      .updateTable("sell_order_holds")
      .set({ released_at: sql<Date>`now()`, released_by: admin.id })
      .where("sell_order_id", "=", order.id)
      .where("released_at", "is", null)
      .returning("rules")
      .executeTakeFirst();
    if (!released) throw new AppError(404, "NOT_ON_HOLD", "This sell order is not on hold.");
    await writeEvent(trx, order, admin, {
      to: order.status,
      note: `Hold released (${released.rules.join(", ")})`,
    });
    await recordAudit(trx, {
      actor: admin,
      action: "sell_order.hold_released",
      target: { type: "sell_order", id: order.id },
      details: { rules: released.rules, status: order.status },
      ipAddress: admin.ipAddress,
    });
    return order;
  });
  await announcer.announceSale(order);
  return order;
}
