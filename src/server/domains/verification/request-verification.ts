import { type Kysely, sql } from "kysely";
import type { Actor } from "../../platform/api/admin-actor";
import { recordAudit } from "../../platform/audit-trail/audit";
import type { DB } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";
import type { NotificationTargets } from "../../platform/notifications/operator-messages";
import { enqueue } from "../../platform/notifications/outbox";
import { getOwnVerification } from "./get-own-verification";
import { customerOf } from "./verification-customer";
import {
  customerVerificationMessages,
  type YearTotal,
  yearTotalMessages,
} from "./verification-messages";

/**
 * An operator asks a customer to verify, with a note they read, or the desk does
 * (no actor) when the customer's orders of the year reach the set amount
 * (large-customers.ts): their next order then needs verification whatever its
 * amount (the order limits read `requested_at`). Audited; the customer gets a mail.
 */
export async function requestVerification(input: {
  db: Kysely<DB>;
  notify: NotificationTargets;
  actor: Actor | null;
  userId: string;
  note: string;
  yearTotal?: YearTotal;
}) {
  const { db, actor, note, yearTotal } = input;
  const customer = await customerOf(db, input.userId);
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("customer_verifications")
      .values({
        user_id: customer.id,
        status: "requested",
        requested_at: sql`now()`,
        requested_by: actor?.id ?? null,
        requested_note: note || null,
      })
      .onConflict((conflict) =>
        conflict
          .column("user_id")
          .doUpdateSet({
            requested_at: sql`now()`,
            requested_by: actor?.id ?? null,
            requested_note: note || null,
            updated_at: sql`now()`,
          })
          .where("customer_verifications.status", "<>", "verified"),
      )
      .returning("status")
      .executeTakeFirst();
    if (!row) {
      throw new AppError(409, "ALREADY_VERIFIED", "This customer's identity is already verified.");
    }
    await recordAudit(trx, {
      actor,
      action: "verification.requested",
      target: { type: "user", id: customer.id },
      details: { email: customer.email, note, status: row.status, yearTotal },
      ipAddress: actor?.ipAddress,
    });
    const message = yearTotal
      ? yearTotalMessages(customer, input.notify, yearTotal)
      : customerVerificationMessages("requested", customer, input.notify, note);
    await enqueue(trx, message);
  });
  return getOwnVerification(db, customer.id);
}
