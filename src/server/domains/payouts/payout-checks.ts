import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import type { SessionUser } from "../../platform/api/session";
import { recordAudit } from "../../platform/audit-trail/audit";
import { refuseOwnRecord } from "../../platform/audit-trail/own-records";
import type { DB, PayoutChecksTable } from "../../platform/db/schema";
import type { OrderAnnouncer } from "../../platform/events/order-changes";
import { AppError } from "../../platform/http/errors";
import type { NotificationTargets } from "../../platform/notifications/operator-messages";
import { describeLink, linksOfTransaction, refuseTakenLink } from "../chain/chain-transfer-links";
import { applyStatusChange, lockOrder } from "../orders/buy/apply-status-change";
import type { OrderRow } from "../orders/buy/order-view";
import { checkPayoutTxHashFree } from "./payout-hash";
import { freePayoutTransfer, linkPayout, pendingOverrideOn } from "./payout-links";
import { walletKeyInSql } from "./payout-step";

export type PayoutCheckRow = Selectable<PayoutChecksTable>;

/** A check in these states is an order's payout under way or done: no second transfer pays it. */
export const CHECK_UNDER_WAY: PayoutCheckRow["state"][] = [
  "checking",
  "awaiting_confirmations",
  "confirmed",
];

/** What the desk sees of an order's payout check, in the admin list and details. */
export function toPayoutCheckView(check: PayoutCheckRow) {
  return {
    state: check.state,
    payoutTxHash: check.payout_tx_hash,
    failureCode: check.failure_code,
    failureMessage: check.failure_message,
    updatedAt: check.updated_at.toISOString(),
  };
}

/** The payout checks of these orders, by order id. */
export async function payoutChecksOf(
  db: Kysely<DB>,
  orderIds: string[],
): Promise<Map<string, PayoutCheckRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("payout_checks")
    .selectAll()
    .where("order_id", "in", orderIds)
    .execute();
  return new Map(rows.map((row) => [row.order_id, row]));
}

/** Records one step of the check on the order's timeline, for the desk only. */
export async function recordCheckEvent(
  trx: Transaction<DB>,
  order: Pick<OrderRow, "id" | "status">,
  event: { step: string; note: string | null; actorId?: string | null },
) {
  await trx
    .insertInto("order_events")
    .values({
      order_id: order.id,
      actor_id: event.actorId ?? null,
      actor_role: event.actorId ? "admin" : "system",
      from_status: order.status,
      to_status: order.status,
      note: event.note,
      payout_check: event.step,
      staff_only: true,
    })
    .execute();
}

/**
 * Queues the on-chain check of a payout hash for an order the transaction has
 * locked: the order keeps its status until the chain confirms. A hash entered while
 * another was being checked replaces it. `requestedBy` null: the payout watcher
 * found the payout itself.
 */
export async function writePayoutCheck(
  trx: Transaction<DB>,
  order: OrderRow,
  request: { payoutTxHash: string; note: string | null; requestedBy: string | null },
) {
  const fresh = {
    payout_tx_hash: request.payoutTxHash,
    state: "checking" as const,
    failure_code: null,
    failure_message: null,
    transfer_index: null,
    note: request.note,
    requested_by: request.requestedBy,
    tries: 0,
    next_attempt_at: sql<Date>`now()`,
    updated_at: sql<Date>`now()`,
  };
  await trx
    .insertInto("payout_checks")
    .values({ order_id: order.id, ...fresh })
    .onConflict((oc) => oc.column("order_id").doUpdateSet(fresh))
    .execute();
  await recordCheckEvent(trx, order, {
    step: "checking",
    note: request.payoutTxHash,
    actorId: request.requestedBy,
  });
}

/** An admin's payout hash queued for the on-chain check, audited. */
export async function queuePayoutCheck(
  trx: Transaction<DB>,
  order: OrderRow,
  request: {
    payoutTxHash: string;
    note: string | null;
    admin: Pick<SessionUser, "id" | "email">;
    ipAddress?: string | null;
  },
) {
  const { payoutTxHash, note, admin } = request;
  await writePayoutCheck(trx, order, { payoutTxHash, note, requestedBy: admin.id });
  await recordAudit(trx, {
    actor: admin,
    action: "order.payout_check_requested",
    target: { type: "order", id: order.id },
    details: { payoutTxHash, note },
    ipAddress: request.ipAddress,
  });
}

/** Locks the order and its check; 404 without an order, 409 when no check can take this step. */
async function lockCheck(trx: Transaction<DB>, orderId: string) {
  const order = await lockOrder(trx, orderId);
  const check = await trx
    .selectFrom("payout_checks")
    .selectAll()
    .where("order_id", "=", orderId)
    .forUpdate()
    .executeTakeFirst();
  if (check?.state !== "failed") {
    throw new AppError(
      409,
      "NO_FAILED_PAYOUT_CHECK",
      "This order has no failed payout check: only a failed check can be retried or overridden.",
    );
  }
  return { order, check };
}

interface CheckActionContext {
  db: Kysely<DB>;
  admin: Pick<SessionUser, "id" | "email">;
  orderId: string;
  ipAddress?: string | null;
  announcer: OrderAnnouncer;
}

/** Looks at the chain again for a failed check (an endpoint that was down, a hash not yet seen). */
export async function retryPayoutCheck({
  db,
  admin,
  orderId,
  ipAddress,
  announcer,
}: CheckActionContext): Promise<OrderRow> {
  const order = await db.transaction().execute(async (trx) => {
    const { order, check } = await lockCheck(trx, orderId);
    // A check that passes completes the order: the same four eyes as completing it.
    refuseOwnRecord(admin, order.user_id, "order");
    await trx
      .updateTable("payout_checks")
      .set({
        state: "checking",
        failure_code: null,
        failure_message: null,
        tries: 0,
        next_attempt_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .where("order_id", "=", order.id)
      .execute();
    await recordCheckEvent(trx, order, {
      step: "checking",
      note: check.payout_tx_hash,
      actorId: admin.id,
    });
    await recordAudit(trx, {
      actor: admin,
      action: "order.payout_check_requested",
      target: { type: "order", id: order.id },
      details: { payoutTxHash: check.payout_tx_hash, retryAfter: check.failure_code },
      ipAddress,
    });
    return order;
  });
  await announcer.announce(order, "payout");
  return order;
}

/**
 * Links the transfer an override closes the order on (decision 053): the one a failed
 * check found to the order's wallet (another amount), else the one the watcher recorded
 * of this transaction to that wallet (the order's amount first), and answers its log
 * index. Null when neither knows it yet: the watcher's match links it once it reads the
 * transaction, and meanwhile the override holds the transaction's transfers to the
 * wallet, so it is refused when another order's payout holds one already. 409 when its
 * transfer is linked to something else.
 */
async function linkOverriddenTransfer(
  trx: Transaction<DB>,
  order: OrderRow,
  check: PayoutCheckRow,
  { adminId, notify }: { adminId: string; notify: NotificationTargets },
): Promise<number | null> {
  const network = order.network as string;
  const txHash = check.payout_tx_hash;
  const recorded = await trx
    .selectFrom("chain_transfers")
    .select("log_index")
    .where("network", "=", network)
    .where("tx_hash", "=", txHash)
    .where("direction", "=", "out")
    .where("to_address", "=", walletKeyInSql(sql.val(order.wallet_address)))
    .orderBy(sql`amount = ${order.receive_amount} DESC`)
    .orderBy("log_index")
    .execute();
  const known = check.transfer_index ?? recorded[0]?.log_index;
  if (known === undefined) {
    const holder = await paidOnTransaction(trx, order, txHash);
    if (holder) {
      throw new AppError(
        409,
        "TRANSFER_USED",
        `This transaction's transfer to this wallet is ${holder}, and which transfer paid this order is not known yet: enter the hash of this order's own payout, or retry the check once the chain answers.`,
      );
    }
    return null;
  }
  const free = await freePayoutTransfer(
    trx,
    { ...order, network },
    txHash,
    check.transfer_index === null ? recorded.map((transfer) => transfer.log_index) : [known],
  );
  if (typeof free !== "number") throw new AppError(409, free.code, free.message);
  const key = { network, txHash, logIndex: free };
  refuseTakenLink(key, await linkPayout(trx, key, order, { linkedBy: adminId, notify }));
  return free;
}

/** What of the transaction already pays another order of the wallet, as a refusal names it. */
async function paidOnTransaction(trx: Transaction<DB>, order: OrderRow, txHash: string) {
  const pending = await pendingOverrideOn(trx, order, txHash);
  if (pending) return `held by order ${pending.id.slice(0, 8)}'s override`;
  const links = await linksOfTransaction(trx, order.network as string, txHash);
  const other = [...links.values()].find(
    (link) => link.kind === "payout" && link.order_id !== order.id,
  );
  return other && describeLink(other);
}

/**
 * Closes an order whose check failed, on the admin's word: the note says why (the
 * node was wrong, the payout was made another way) and is audited with the failure.
 * A transfer that already paid another order cannot be overridden: two orders never
 * close on one transfer.
 */
export async function overridePayoutCheck({
  db,
  admin,
  orderId,
  reason,
  ipAddress,
  notify,
  announcer,
}: CheckActionContext & { reason: string; notify: NotificationTargets }): Promise<OrderRow> {
  const updated = await db.transaction().execute(async (trx) => {
    const { order, check } = await lockCheck(trx, orderId);
    refuseOwnRecord(admin, order.user_id, "order");
    if (check.failure_code === "TRANSFER_USED") {
      throw new AppError(
        409,
        "TRANSFER_USED",
        "This transfer already paid another order and cannot close this one: enter the hash of this order's own payout.",
      );
    }
    await checkPayoutTxHashFree(trx, order, check.payout_tx_hash);
    const transferIndex = await linkOverriddenTransfer(trx, order, check, {
      adminId: admin.id,
      notify,
    });
    await trx
      .updateTable("payout_checks")
      .set({ state: "overridden", transfer_index: transferIndex, updated_at: sql<Date>`now()` })
      .where("order_id", "=", order.id)
      .execute();
    await recordCheckEvent(trx, order, { step: "overridden", note: reason, actorId: admin.id });
    await recordAudit(trx, {
      actor: admin,
      action: "order.payout_check_overridden",
      target: { type: "order", id: order.id },
      details: {
        payoutTxHash: check.payout_tx_hash,
        failureCode: check.failure_code,
        failureMessage: check.failure_message,
        note: reason,
      },
      ipAddress,
    });
    return applyStatusChange(trx, order, {
      actor: admin,
      status: "completed",
      payoutTxHash: check.payout_tx_hash,
      note: check.note,
      payoutCheck: "overridden",
      ipAddress,
      notify,
    });
  });
  await announcer.announce(updated, "status");
  return updated;
}
