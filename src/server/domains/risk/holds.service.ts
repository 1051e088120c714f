import { sql, type Transaction } from "kysely";
import { recordAudit } from "../../platform/audit-trail/audit";
import { refuseOwnRecord } from "../../platform/audit-trail/own-records";
import type { Database } from "../../platform/db/database";
import type { DB } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";

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
