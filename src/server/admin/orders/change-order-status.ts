import { type Kysely, sql, type Transaction } from "kysely";
import {
  type ChangeOrderStatusInput,
  validatePayoutReference,
} from "../../../shared/admin-order-input";
import { findNetwork, findReceiveOption } from "../../../shared/catalog";
import { languageOr } from "../../../shared/languages";
import { recordAudit } from "../../audit/audit";
import type { SessionUser } from "../../auth/session";
import type { DB } from "../../db/schema";
import type { OrderAnnouncer } from "../../events/order-changes";
import { AppError } from "../../http/errors";
import {
  type NotificationTargets,
  type OrderNotice,
  orderMessages,
} from "../../notifications/order-messages";
import { enqueue } from "../../notifications/outbox";
import type { OrderRow } from "../../orders/order-view";
import { isOrderId } from "./list-admin-orders";

/** Namespace of the advisory locks that make one payout hash's checks take turns. */
const PAYOUT_HASH_LOCK = 0x7061_7974; // "payt"

/**
 * A payout hash is one transfer to one wallet (docs/decisions/010). It may be on
 * several orders only when one transaction paid them all: same currency, network
 * and wallet (a batch payout). Otherwise 409, naming the order that has it. Two
 * admins recording one hash at once take turns on a lock, so the second sees the
 * first one's order once it commits.
 */
async function checkPayoutTxHashFree(
  trx: Transaction<DB>,
  order: Pick<OrderRow, "id" | "receive_currency" | "network" | "wallet_address">,
  payoutTxHash: string,
) {
  await sql`SELECT pg_advisory_xact_lock(${PAYOUT_HASH_LOCK}::int, hashtext(${payoutTxHash}))`.execute(
    trx,
  );
  const other = await trx
    .selectFrom("orders")
    .select(["id", "receive_currency", "network", "wallet_address"])
    .where("payout_tx_hash", "=", payoutTxHash)
    .where("id", "<>", order.id)
    .where((eb) =>
      eb.or([
        eb("receive_currency", "<>", order.receive_currency),
        eb("wallet_address", "<>", order.wallet_address),
        sql<boolean>`network IS DISTINCT FROM ${order.network}`,
      ]),
    )
    .orderBy("updated_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!other) return;
  const network = other.network ? findNetwork(other.network)?.name : undefined;
  const currency = findReceiveOption(other.receive_currency)?.name ?? other.receive_currency;
  throw new AppError(
    409,
    "PAYOUT_TX_HASH_USED",
    `This transaction hash is already recorded on order ${other.id.slice(0, 8)}, which was paid to ${other.wallet_address} (${network ?? currency}). One transaction pays one wallet: check the hash.`,
    { orderId: other.id },
  );
}

/** The customer hears by e-mail of these steps (the order page shows every one live). */
const NOTICES: Partial<Record<OrderRow["status"], OrderNotice>> = {
  completed: "completed",
  cancelled: "cancelled",
};

/**
 * Sets an order's status, from any status (the product lets an admin correct
 * mistakes), in one transaction: the row is locked first, so two admins acting
 * at once are applied one after the other and each event's "from" is the status
 * the other left. The event, the audit entry, the live-update NOTIFY and the
 * customer's e-mail are written with the change or not at all.
 *
 * A payout hash is kept only while the order is completed: moving a completed
 * order back clears it (the audit entry keeps the old one).
 */
export async function changeOrderStatus({
  db,
  admin,
  orderId,
  input,
  ipAddress,
  notify,
  announcer,
}: {
  db: Kysely<DB>;
  admin: Pick<SessionUser, "id" | "email">;
  orderId: string;
  input: ChangeOrderStatusInput;
  ipAddress?: string | null;
  notify: NotificationTargets;
  announcer: OrderAnnouncer;
}): Promise<OrderRow> {
  if (!isOrderId(orderId)) throw new AppError(404, "NOT_FOUND", "Order not found");
  const updated = await db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw new AppError(404, "NOT_FOUND", "Order not found");
    if (order.status === input.status) {
      throw new AppError(409, "SAME_STATUS", `This order is already ${input.status}.`);
    }
    let payoutTxHash: string | null = null;
    if (input.payoutTxHash !== undefined) {
      const payout = validatePayoutReference(
        { receiveCurrency: order.receive_currency, network: order.network },
        input.payoutTxHash,
      );
      if (!payout.ok) throw new AppError(400, "INVALID_PAYOUT_TX_HASH", payout.message);
      payoutTxHash = payout.normalized;
      await checkPayoutTxHashFree(trx, order, payoutTxHash);
    }
    const updated = await trx
      .updateTable("orders")
      .set({ status: input.status, payout_tx_hash: payoutTxHash, updated_at: sql`now()` })
      .where("id", "=", order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("order_events")
      .values({
        order_id: order.id,
        actor_id: admin.id,
        actor_role: "admin",
        from_status: order.status,
        to_status: input.status,
        note: input.note ?? null,
      })
      .execute();
    await recordAudit(trx, {
      actor: { id: admin.id, email: admin.email },
      action: "order.status_changed",
      target: { type: "order", id: order.id },
      details: {
        from: order.status,
        to: input.status,
        note: input.note ?? null,
        payoutTxHash,
        ...(order.payout_tx_hash && order.payout_tx_hash !== payoutTxHash
          ? { previousPayoutTxHash: order.payout_tx_hash }
          : {}),
      },
      ipAddress,
    });
    const notice = NOTICES[input.status];
    if (notice) {
      const customer = await trx
        .selectFrom("user")
        .select(["emailVerified", "language"])
        .where("id", "=", updated.user_id)
        .executeTakeFirstOrThrow();
      await enqueue(
        trx,
        orderMessages(notice, updated, notify, {
          isEmailVerified: customer.emailVerified,
          language: languageOr(customer.language),
        }),
      );
    }
    return updated;
  });
  await announcer.announce(updated, "status");
  return updated;
}
