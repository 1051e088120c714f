import { sql, type Transaction } from "kysely";
import { languageOr } from "../../../../shared/languages";
import type { SessionUser } from "../../../platform/api/session";
import { recordAudit } from "../../../platform/audit-trail/audit";
import type { DB } from "../../../platform/db/schema";
import { AppError } from "../../../platform/http/errors";
import type { NotificationTargets } from "../../../platform/notifications/operator-messages";
import { enqueue } from "../../../platform/notifications/outbox";
import { followStatusChange } from "../../limits/order-limits";
import { type OrderNotice, orderMessages } from "./order-messages";
import { isOrderId, type OrderRow } from "./order-view";

/** Locks the order until the transaction ends, so that changes to it take turns; 404 when there is none. */
export async function lockOrder(trx: Transaction<DB>, orderId: string): Promise<OrderRow> {
  if (!isOrderId(orderId)) throw new AppError(404, "NOT_FOUND", "Order not found");
  const order = await trx
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw new AppError(404, "NOT_FOUND", "Order not found");
  return order;
}

/** The customer hears by e-mail of these steps (the order page shows every one live). */
const NOTICES: Partial<Record<OrderRow["status"], OrderNotice>> = {
  completed: "completed",
  cancelled: "cancelled",
};

/** How a completion's payout was checked: recorded on its event for the desk. */
export type PayoutCheckMark = "confirmed" | "overridden" | "not_checked";

export interface StatusChange {
  /** The admin who made (or, for a payout confirmed on chain, asked for) the change. */
  actor: Pick<SessionUser, "id" | "email"> | null;
  status: OrderRow["status"];
  payoutTxHash: string | null;
  note: string | null;
  payoutCheck?: PayoutCheckMark;
  ipAddress?: string | null;
  notify: NotificationTargets;
  /** Added to the audit entry (reconciliation: the statement line that proved the payment). */
  auditDetails?: Record<string, unknown>;
}

/**
 * Writes one status change of an order the transaction has locked: the row, the
 * event, the audit entry and the customer's e-mail. A change other than the chain
 * check's own completion ends the order's payout check (and a completed order moved
 * back gives its transfer up).
 */
export async function applyStatusChange(
  trx: Transaction<DB>,
  order: OrderRow,
  change: StatusChange,
): Promise<OrderRow> {
  const { actor, status, payoutTxHash, note } = change;
  if (change.payoutCheck !== "confirmed" && change.payoutCheck !== "overridden") {
    await trx.deleteFrom("payout_checks").where("order_id", "=", order.id).execute();
  }
  const updated = await trx
    .updateTable("orders")
    .set({ status, payout_tx_hash: payoutTxHash, updated_at: sql`now()` })
    .where("id", "=", order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  // A cancelled order stops counting toward the customer's limits; a completed one ends "new".
  await followStatusChange(trx, updated, order.status, status);
  await trx
    .insertInto("order_events")
    .values({
      order_id: order.id,
      actor_id: actor?.id ?? null,
      actor_role: actor ? "admin" : "system",
      from_status: order.status,
      to_status: status,
      note,
      payout_check: change.payoutCheck ?? null,
    })
    .execute();
  await recordAudit(trx, {
    actor,
    action: "order.status_changed",
    target: { type: "order", id: order.id },
    details: {
      from: order.status,
      to: status,
      note,
      payoutTxHash,
      ...(change.payoutCheck ? { payoutCheck: change.payoutCheck } : {}),
      ...(order.payout_tx_hash && order.payout_tx_hash !== payoutTxHash
        ? { previousPayoutTxHash: order.payout_tx_hash }
        : {}),
      ...change.auditDetails,
    },
    ipAddress: change.ipAddress,
  });
  const notice = NOTICES[status];
  if (notice) {
    const customer = await trx
      .selectFrom("user")
      .select(["emailVerified", "language"])
      .where("id", "=", updated.user_id)
      .executeTakeFirstOrThrow();
    await enqueue(
      trx,
      orderMessages(notice, updated, change.notify, {
        isEmailVerified: customer.emailVerified,
        language: languageOr(customer.language),
      }),
    );
  }
  return updated;
}
