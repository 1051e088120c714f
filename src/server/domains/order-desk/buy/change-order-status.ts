import type { Kysely, Transaction } from "kysely";
import {
  type ChangeOrderStatusInput,
  validatePayoutReference,
} from "../../../../shared/admin-order-input";
import type { NetworkId } from "../../../../shared/catalog";
import type { SessionUser } from "../../../platform/api/session";
import { refuseOwnRecord } from "../../../platform/audit-trail/own-records";
import type { ChainConfig } from "../../../platform/config/chain-config";
import type { DB } from "../../../platform/db/schema";
import type { OrderAnnouncer } from "../../../platform/events/order-changes";
import { AppError } from "../../../platform/http/errors";
import type { NotificationTargets } from "../../../platform/notifications/operator-messages";
import { applyStatusChange, lockOrder } from "../../orders/buy/apply-status-change";
import type { OrderRow } from "../../orders/buy/order-view";
import { queuePayoutCheck } from "../../payouts/payout-checks";
import { checkPayoutTxHashFree, refuseBesideAutopilotSend } from "../../payouts/payout-hash";

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
  const result = await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    refuseOwnRecord(admin, order.user_id, "order");
    const auditDetails = await alsoInTransaction?.(trx, order);
    if (order.status === input.status) {
      throw new AppError(409, "SAME_STATUS", `This order is already ${input.status}.`);
    }
    let payoutTxHash: string | null = null;
    if (input.payoutTxHash === undefined) await refuseBesideAutopilotSend(trx, order.id, null);
    else {
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
