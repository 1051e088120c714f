import type { Kysely } from "kysely";
import type { AdminPlaceOrderInput } from "../../../shared/admin-order-input";
import { recordAudit } from "../../audit/audit";
import type { SessionUser } from "../../auth/session";
import type { DB } from "../../db/schema";
import { announceOrder } from "../../events/order-changes";
import { AppError, uniqueViolation } from "../../http/errors";
import { type NotificationTargets, orderMessages } from "../../notifications/order-messages";
import { enqueue } from "../../notifications/outbox";
import type { OrderRow } from "../../orders/order-view";

export const CREATED_BY_ADMIN_NOTE = "Created by admin";

/**
 * Places an order on a customer's behalf ('Place a New Order'). The admin types
 * both amounts (the product allows it: the deal may have been agreed in chat);
 * the order records the site's rate in force for reference. Min/max INR and
 * maintenance mode do not apply to admins. The customer must exist and not be
 * blocked. Without a payment reference the order stores none (NULL), so no
 * made-up value can collide with, or pass for, a real one.
 */
export async function createAdminOrder({
  db,
  admin,
  input,
  ipAddress,
  notify,
}: {
  db: Kysely<DB>;
  admin: Pick<SessionUser, "id" | "email">;
  input: AdminPlaceOrderInput;
  ipAddress?: string | null;
  notify: NotificationTargets;
}): Promise<OrderRow> {
  const customer = await db
    .selectFrom("user")
    .select(["id", "email", "banned"])
    // better-auth stores e-mails in lower case; the input is lower-cased too.
    .where("email", "=", input.userEmail)
    .executeTakeFirst();
  if (!customer) {
    throw new AppError(
      400,
      "USER_NOT_FOUND",
      "No user with this e-mail. The customer must sign up first.",
    );
  }
  if (customer.banned) {
    throw new AppError(
      400,
      "USER_BLOCKED",
      "This user is blocked. Unblock them before placing an order for them.",
    );
  }
  try {
    const created = await db.transaction().execute(async (trx) => {
      const settings = await trx
        .selectFrom("site_settings")
        .select("exchange_rate")
        .where("id", "=", 1)
        .forShare()
        .executeTakeFirstOrThrow();
      const order = await trx
        .insertInto("orders")
        .values({
          user_id: customer.id,
          user_email: customer.email,
          send_currency: input.sendCurrency,
          send_amount: input.sendAmount,
          receive_currency: input.receiveCurrency,
          receive_amount: input.receiveAmount,
          exchange_rate: settings.exchange_rate,
          network: input.network,
          wallet_address: input.walletAddress,
          payment_reference: input.paymentReference ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("order_events")
        .values({
          order_id: order.id,
          actor_id: admin.id,
          actor_role: "admin",
          from_status: null,
          to_status: "pending",
          note: input.note ? `${CREATED_BY_ADMIN_NOTE}: ${input.note}` : CREATED_BY_ADMIN_NOTE,
        })
        .execute();
      await recordAudit(trx, {
        actor: { id: admin.id, email: admin.email },
        action: "order.created",
        target: { type: "order", id: order.id },
        details: {
          userEmail: customer.email,
          sendCurrency: order.send_currency,
          sendAmount: order.send_amount,
          receiveCurrency: order.receive_currency,
          receiveAmount: order.receive_amount,
          network: order.network,
          walletAddress: order.wallet_address,
          paymentReference: order.payment_reference,
          note: input.note ?? null,
        },
        ipAddress,
      });
      await enqueue(trx, orderMessages("placed", order, notify));
      return order;
    });
    await announceOrder(db, created, "created");
    return created;
  } catch (error) {
    if (uniqueViolation(error) === "orders_payment_reference_key") {
      throw new AppError(
        409,
        "PAYMENT_REFERENCE_USED",
        "This payment reference has already been used for another order.",
      );
    }
    throw error;
  }
}
