import { sql, type Transaction } from "kysely";
import { recordAudit } from "../../platform/audit-trail/audit";
import { refuseOwnRecord } from "../../platform/audit-trail/own-records";
import type { Database } from "../../platform/db/database";
import type { DB } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";
import { lockOrder } from "../orders/buy/apply-status-change";
import type { HoldRule } from "../orders/rules/hold-rules";

type Actor = { id: string; email: string };

/** A customer's hold in force, as the operators see it on their details. */
export async function customerHoldOf(db: Database, userId: string) {
  const hold = await db
    .selectFrom("customer_holds as hold")
    .leftJoin("user", "user.id", "hold.created_by")
    .select(["hold.note", "hold.created_at", "user.email as created_by_email"])
    .where("hold.user_id", "=", userId)
    .where("hold.released_at", "is", null)
    .executeTakeFirst();
  return hold
    ? { note: hold.note, since: hold.created_at.toISOString(), by: hold.created_by_email }
    : null;
}

/**
 * Puts a customer on hold with an operator's note (audited): their orders are
 * accepted and held. A customer on hold already answers 409.
 */
export async function holdCustomer(
  db: Database,
  actor: Actor,
  { userId, note }: { userId: string; note: string },
  ipAddress?: string,
) {
  await db.transaction().execute(async (trx) => {
    await customerOrNotFound(trx, userId);
    const placed = await trx
      .insertInto("customer_holds")
      .values({ user_id: userId, note, created_by: actor.id })
      .onConflict((conflict) =>
        conflict.column("user_id").where("released_at", "is", null).doNothing(),
      )
      .returning("id")
      .executeTakeFirst();
    if (!placed) throw new AppError(409, "ALREADY_ON_HOLD", "This customer is on hold already.");
    await recordAudit(trx, {
      actor,
      action: "customer.hold_placed",
      target: { type: "user", id: userId },
      details: { note },
      ipAddress,
    });
  });
  return customerHoldOf(db, userId);
}

/** Takes a customer off hold (audited); their orders held so far stay held until released. */
export async function releaseCustomerHold(
  db: Database,
  actor: Actor,
  userId: string,
  ipAddress?: string,
) {
  await db.transaction().execute(async (trx) => {
    await customerOrNotFound(trx, userId);
    refuseOwnRecord(actor, userId, "hold");
    const released = await trx
      .updateTable("customer_holds")
      .set({ released_at: sql<Date>`now()`, released_by: actor.id })
      .where("user_id", "=", userId)
      .where("released_at", "is", null)
      .returning("note")
      .executeTakeFirst();
    if (!released) throw new AppError(404, "NOT_ON_HOLD", "This customer is not on hold.");
    await recordAudit(trx, {
      actor,
      action: "customer.hold_released",
      target: { type: "user", id: userId },
      details: { note: released.note },
      ipAddress,
    });
  });
}

async function customerOrNotFound(trx: Transaction<DB>, userId: string) {
  const user = await trx
    .selectFrom("user")
    .select("id")
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) throw new AppError(404, "USER_NOT_FOUND", "User not found.");
}

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
