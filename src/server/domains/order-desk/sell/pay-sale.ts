import { sql, type Transaction } from "kysely";
import { validatePaymentReference } from "../../../../shared/payment-reference";
import type { PaySaleInput } from "../../../../shared/sale-payout-input";
import { recordAudit } from "../../../platform/audit-trail/audit";
import { refuseOwnRecord } from "../../../platform/audit-trail/own-records";
import type { DB } from "../../../platform/db/schema";
import { AppError, uniqueViolation } from "../../../platform/http/errors";
import type { NotificationTargets } from "../../../platform/notifications/operator-messages";
import { lockSale } from "../../orders/sell/receive-sale";
import type { SaleRow } from "../../orders/sell/sale-view";
import { type SaleDeskContext, shortId, tellCustomer, writeEvent } from "./sale-desk";
import { salePaidMail } from "./sale-mails";

/** The hold in force on the order, if any (the transaction has the order locked). */
function holdInForce(trx: Transaction<DB>, orderId: string) {
  return trx
    .selectFrom("sell_order_holds")
    .select("rules")
    .where("sell_order_id", "=", orderId)
    .where("released_at", "is", null)
    .executeTakeFirst();
}

/** Why this order cannot be paid now (409), or nothing; whether paying it overrides the deposit. */
async function refusePayment(trx: Transaction<DB>, order: SaleRow, input: PaySaleInput) {
  const id = shortId(order);
  if (order.status === "paid") {
    throw new AppError(
      409,
      "ALREADY_PAID",
      `Sell order ${id} was already paid (UTR ${order.paid_utr}): it is never paid twice.`,
    );
  }
  if (order.status === "cancelled") {
    throw new AppError(409, "SELL_ORDER_CLOSED", `Sell order ${id} is cancelled: it is not paid.`);
  }
  const isOverride = order.status !== "received";
  if (isOverride && !input.override) {
    throw new AppError(
      409,
      "USDT_NOT_RECEIVED",
      `Sell order ${id}'s USDT is not received (${order.status === "expired" ? "it expired" : "it awaits the deposit"}): pay it only with an override and a reason.`,
    );
  }
  if (await holdInForce(trx, order.id)) {
    throw new AppError(
      409,
      "ON_HOLD",
      `Sell order ${id} is on hold: release the hold before paying it.`,
    );
  }
  return isOverride;
}

/** The desk account the rupees left from: one of its UPI or bank accounts still in use (422 otherwise). */
async function payingAccount(trx: Transaction<DB>, accountId: string) {
  const account = await trx
    .selectFrom("receiving_accounts")
    .select(["id", "kind", "label", "retired_at", "frozen_at"])
    .where("id", "=", accountId)
    .executeTakeFirst();
  if (!account) {
    throw new AppError(
      422,
      "UNKNOWN_ACCOUNT",
      "No desk account with this id: choose the account the rupees left from.",
      {
        field: "paidFromAccountId",
      },
    );
  }
  if (account.retired_at || account.frozen_at) {
    throw new AppError(
      422,
      "ACCOUNT_NOT_ACTIVE",
      `The account "${account.label}" is ${account.retired_at ? "retired" : "frozen"}: rupees cannot have left from it.`,
      { field: "paidFromAccountId" },
    );
  }
  return account;
}

/**
 * Marks a received sell order paid: the operator sent its rupees from a desk account
 * and gives the bank's UTR. The order is locked first, so of two operators paying it
 * at once one wins and the other hears it is paid (409). An order whose USDT is not
 * received is paid only with an override and a written reason (audited as one); a
 * held order only once its hold is released. The event, the audit entry and the
 * customer's e-mail are written with the change or not at all.
 */
export async function paySale(
  { db, admin, notify, announcer }: SaleDeskContext,
  id: string,
  input: PaySaleInput,
) {
  const paid = await db
    .transaction()
    .execute(async (trx) => {
      const order = await lockSale(trx, id);
      refuseOwnRecord(admin, order.user_id, "order");
      const isOverride = await refusePayment(trx, order, input);
      const account = await payingAccount(trx, input.paidFromAccountId);
      const reference = validatePaymentReference(
        account.kind === "upi" ? "upi_inr" : "bank_inr",
        input.utr,
      );
      if (!reference.ok) {
        throw new AppError(400, "INVALID_UTR", reference.message, { field: "utr" });
      }
      const utr = reference.normalized;
      const usedBy = await trx
        .selectFrom("sell_orders")
        .select("id")
        .where("paid_utr", "=", utr)
        .executeTakeFirst();
      if (usedBy) throw utrUsed(utr, usedBy.id);
      const updated = await trx
        .updateTable("sell_orders")
        .set({
          status: "paid",
          paid_utr: utr,
          paid_from_account_id: account.id,
          paid_by: admin.id,
          paid_at: sql<Date>`now()`,
          updated_at: sql<Date>`now()`,
        })
        .where("id", "=", order.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const reason = isOverride ? (input.overrideReason ?? null) : null;
      await writeEvent(trx, order, admin, {
        to: "paid",
        note: reason ? `Paid before the USDT was received: ${reason}` : null,
      });
      await recordAudit(trx, {
        actor: admin,
        action: isOverride ? "sell_order.paid_by_override" : "sell_order.paid",
        target: { type: "sell_order", id: order.id },
        details: {
          from: order.status,
          utr,
          paidFromAccountId: account.id,
          paidFromAccount: account.label,
          inrAmount: order.inr_amount,
          tdsInr: order.tds_inr,
          payoutInr: order.payout_inr,
          ...(isOverride ? { overrideReason: reason } : {}),
        },
        ipAddress: admin.ipAddress,
      });
      await tellCustomerPaid(trx, updated, notify);
      return updated;
    })
    .catch((error: unknown) => {
      // Two orders paid with one UTR at once: the index lets one through.
      if (uniqueViolation(error) === "sell_orders_utr") throw utrUsed(input.utr, null);
      throw error;
    });
  // The live update of the customer's page and the desk's queue: the lead's call site.
  await announcer.announceSale(paid);
  return paid;
}

function utrUsed(utr: string, orderId: string | null) {
  return new AppError(
    409,
    "UTR_USED",
    `The UTR ${utr} was already recorded for ${orderId ? `sell order ${orderId.slice(0, 8)}` : "another sell order"}: check the bank's payment details.`,
    { field: "utr" },
  );
}

/** The customer's e-mail that their rupees were paid, naming where they went. */
async function tellCustomerPaid(trx: Transaction<DB>, order: SaleRow, notify: NotificationTargets) {
  const destination = await trx
    .selectFrom("payout_destinations")
    .select(["kind", "upi_id", "account_number"])
    .where("id", "=", order.destination_id)
    .executeTakeFirstOrThrow();
  await tellCustomer(trx, order, (language) =>
    salePaidMail(order, destination, { language, publicUrl: notify.publicUrl }),
  );
}
