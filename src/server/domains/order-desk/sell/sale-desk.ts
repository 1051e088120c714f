import type { Transaction } from "kysely";
import { type Language, languageOr } from "../../../../shared/languages";
import type { Actor } from "../../../platform/api/admin-actor";
import type { Database } from "../../../platform/db/database";
import type { DB, SaleStatus } from "../../../platform/db/schema";
import type { OrderAnnouncer } from "../../../platform/events/order-changes";
import type { NotificationTargets } from "../../../platform/notifications/operator-messages";
import { enqueue, type OutboxMessage } from "../../../platform/notifications/outbox";
import type { SaleRow } from "../../orders/sell/sale-view";

/* What the operators' actions on a sale share: who acts, its timeline, the customer's e-mail. */

export interface SaleDeskContext {
  db: Database;
  admin: Actor;
  notify: NotificationTargets;
  /** Tells every open page that a sell order changed (the customer's order page). */
  announcer: Pick<OrderAnnouncer, "announceSale">;
}

/** The sale's timeline entry for an operator's change. */
export async function writeEvent(
  trx: Transaction<DB>,
  order: SaleRow,
  admin: Actor,
  change: { to: SaleStatus; note: string | null },
) {
  await trx
    .insertInto("sell_order_events")
    .values({
      sell_order_id: order.id,
      actor_id: admin.id,
      actor_role: "admin",
      from_status: order.status,
      to_status: change.to,
      note: change.note,
    })
    .execute();
}

export const shortId = (order: SaleRow) => order.id.slice(0, 8);

/**
 * Queues the customer's e-mail about their order, written in their language, at a
 * verified address only: anyone may sign up with someone else's address.
 */
export async function tellCustomer(
  trx: Transaction<DB>,
  order: SaleRow,
  mail: (language: Language) => OutboxMessage,
) {
  const customer = await trx
    .selectFrom("user")
    .select(["emailVerified", "language"])
    .where("id", "=", order.user_id)
    .executeTakeFirstOrThrow();
  if (!customer.emailVerified) return;
  await enqueue(trx, [mail(languageOr(customer.language))]);
}
