import { type Kysely, sql, type Transaction } from "kysely";
import {
  type ChangeOrderStatusInput,
  validatePayoutReference,
} from "../../../shared/admin-order-input";
import { findNetwork, findReceiveOption, type NetworkId } from "../../../shared/catalog";
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
import type { ChainConfig } from "../../payouts/chain-config";
import { queuePayoutCheck } from "../../payouts/payout-checks";
import { isOrderId } from "./list-admin-orders";

/** Namespace of the advisory locks that make one payout hash's checks take turns. */
const PAYOUT_HASH_LOCK = 0x7061_7974; // "payt"

/** Makes everyone recording or confirming this payout hash take turns until the transaction ends. */
export async function lockPayoutHash(trx: Transaction<DB>, payoutTxHash: string) {
  await sql`SELECT pg_advisory_xact_lock(${PAYOUT_HASH_LOCK}::int, hashtext(${payoutTxHash}))`.execute(
    trx,
  );
}

/**
 * A payout hash is one transfer to one wallet (docs/decisions/010). It may be on
 * several orders only when one transaction paid them all: same currency, network
 * and wallet (a batch payout). Otherwise 409, naming the order that has it, or
 * whose payout is being checked on chain with it. Two admins recording one hash at
 * once take turns on a lock, so the second sees the first one's order once it commits.
 */
export async function checkPayoutTxHashFree(
  trx: Transaction<DB>,
  order: Pick<OrderRow, "id" | "receive_currency" | "network" | "wallet_address">,
  payoutTxHash: string,
) {
  await lockPayoutHash(trx, payoutTxHash);
  const other = await trx
    .selectFrom("orders")
    .select(["id", "receive_currency", "network", "wallet_address"])
    .where((eb) =>
      eb.or([
        eb("payout_tx_hash", "=", payoutTxHash),
        eb(
          "id",
          "in",
          eb
            .selectFrom("payout_checks")
            .select("order_id")
            .where("payout_tx_hash", "=", payoutTxHash)
            .where("state", "<>", "confirmed"),
        ),
      ]),
    )
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

/**
 * Sets an order's status, from any status (the product lets an admin correct
 * mistakes), in one transaction: the row is locked first, so two admins acting
 * at once are applied one after the other and each event's "from" is the status
 * the other left. The event, the audit entry, the live-update NOTIFY and the
 * customer's e-mail are written with the change or not at all.
 *
 * A USDT payout hash on a network with a chain endpoint does not close the order:
 * the hash is queued for the on-chain check (docs/decisions/020), which closes it
 * later; `payoutCheck` is then the queued check. Without an endpoint the order
 * closes at once, its event marked "not checked on chain".
 *
 * A payout hash is kept only while the order is completed: moving a completed
 * order back clears it (the audit entry keeps the old one).
 *
 * `alsoInTransaction` runs on the locked order before the change (reconciliation
 * checks the order is still pending and records the statement line): it may
 * refuse by throwing, and what it returns is added to the audit entry.
 */
export async function changeOrderStatus({
  db,
  admin,
  orderId,
  input,
  ipAddress,
  notify,
  announcer,
  chains,
  alsoInTransaction,
}: {
  db: Kysely<DB>;
  admin: Pick<SessionUser, "id" | "email">;
  orderId: string;
  input: ChangeOrderStatusInput;
  ipAddress?: string | null;
  notify: NotificationTargets;
  announcer: OrderAnnouncer;
  chains: ChainConfig;
  alsoInTransaction?: (
    trx: Transaction<DB>,
    order: OrderRow,
  ) => Promise<Record<string, unknown> | undefined>;
}): Promise<{ order: OrderRow; isCheckingOnChain: boolean }> {
  if (!isOrderId(orderId)) throw new AppError(404, "NOT_FOUND", "Order not found");
  const result = await db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw new AppError(404, "NOT_FOUND", "Order not found");
    const auditDetails = await alsoInTransaction?.(trx, order);
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
    const isChainPayout =
      payoutTxHash !== null && order.receive_currency === "usdt" && order.network;
    if (isChainPayout && chains.networks[order.network as NetworkId]) {
      await queuePayoutCheck(trx, order, {
        payoutTxHash: payoutTxHash as string,
        note: input.note ?? null,
        admin,
        ipAddress,
      });
      return { order, isCheckingOnChain: true };
    }
    const updated = await applyStatusChange(trx, order, {
      actor: admin,
      status: input.status,
      payoutTxHash,
      note: input.note ?? null,
      payoutCheck: isChainPayout ? "not_checked" : undefined,
      ipAddress,
      notify,
      auditDetails,
    });
    return { order: updated, isCheckingOnChain: false };
  });
  await announcer.announce(result.order, result.isCheckingOnChain ? "payout" : "status");
  return result;
}
