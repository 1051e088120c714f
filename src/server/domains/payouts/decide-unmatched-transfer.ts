import type { Transaction } from "kysely";
import { findNetwork } from "../../../shared/catalog";
import { Decimal } from "../../../shared/money";
import type { Actor } from "../../platform/api/admin-actor";
import { recordAudit } from "../../platform/audit/audit";
import { refuseOwnRecord } from "../../platform/audit/own-records";
import type { Database } from "../../platform/db/database";
import type { DB } from "../../platform/db/schema";
import type { OrderAnnouncer } from "../../platform/events/order-changes";
import { AppError } from "../../platform/http/errors";
import {
  type ChainTransferRow,
  decideTransferMatch,
  lockOutgoingTransfer,
} from "../chain/chain-transfers";
import { lockOrder } from "../orders/apply-status-change";
import type { OrderRow } from "../orders/order-view";
import { CHECK_UNDER_WAY, writePayoutCheck } from "./payout-checks";
import { checkPayoutTxHashFree, lockPayoutHash } from "./payout-hash";

interface DecisionContext {
  db: Database;
  admin: Actor;
  announcer: OrderAnnouncer;
}

/** The transfer, locked, if it still waits for an operator; 404 or 409 otherwise. */
async function lockUndecided(trx: Transaction<DB>, transferId: string) {
  const transfer = await lockOutgoingTransfer(trx, transferId);
  if (!transfer) {
    throw new AppError(404, "NOT_FOUND", "No final outgoing transfer with this id.");
  }
  if (transfer.match_state !== "unmatched") {
    throw new AppError(
      409,
      "TRANSFER_DECIDED",
      transfer.match_state === "waiting"
        ? "The watcher has not decided this transfer yet: look again in a moment."
        : `This transfer was already ${transfer.match_state === "matched" ? "assigned to an order" : "marked not a payout"}${transfer.decided_by ? " by an operator" : ""}.`,
    );
  }
  return transfer;
}

/** The transfer as the audit log keeps it with either decision. */
const transferDetails = (transfer: ChainTransferRow) => ({
  transferId: transfer.id,
  network: transfer.network,
  txHash: transfer.tx_hash,
  logIndex: transfer.log_index,
  to: transfer.to_address,
  amount: transfer.amount,
  watcherNote: transfer.note,
});

/** EVM addresses are case-insensitive hex; TRON's and Solana's are not. */
function sameRecipient(network: string, a: string, b: string) {
  return findNetwork(network)?.family === "evm" ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** Why the order cannot take this transfer as its payout (404/409/422), or nothing. */
async function refuseOrder(trx: Transaction<DB>, transfer: ChainTransferRow, order: OrderRow) {
  const network = findNetwork(transfer.network)?.name ?? transfer.network;
  if (order.network !== transfer.network || order.receive_currency !== "usdt") {
    throw new AppError(
      422,
      "WRONG_NETWORK",
      `Order ${order.id.slice(0, 8)} is not paid in USDT on ${network}: this transfer cannot be its payout.`,
    );
  }
  if (!sameRecipient(transfer.network, order.wallet_address, transfer.to_address)) {
    throw new AppError(
      422,
      "WRONG_RECIPIENT",
      `Order ${order.id.slice(0, 8)} is paid to ${order.wallet_address}; this transfer went to ${transfer.to_address}.`,
    );
  }
  if (order.status !== "processing") {
    throw new AppError(
      409,
      "ORDER_NOT_AWAITING_PAYOUT",
      order.status === "pending"
        ? `Order ${order.id.slice(0, 8)}'s payment is not verified yet: verify it first.`
        : `Order ${order.id.slice(0, 8)} is ${order.status}: it awaits no payout.`,
    );
  }
  const check = await trx
    .selectFrom("payout_checks")
    .select("payout_tx_hash")
    .where("order_id", "=", order.id)
    .where("state", "in", CHECK_UNDER_WAY)
    .executeTakeFirst();
  if (check) {
    throw new AppError(
      409,
      "PAYOUT_UNDER_WAY",
      `Order ${order.id.slice(0, 8)}'s payout is already being checked on chain (${check.payout_tx_hash}).`,
    );
  }
}

/**
 * Assigns an unmatched transfer to an order as its payout: its hash is queued for the
 * payout check as the watcher's match queues it, and the check completes the order.
 * Another amount than the order's (a fee taken off) needs the operator's note; the
 * check then fails as the wrong amount, for an operator to override with that reason.
 */
export async function assignUnmatchedTransfer(
  { db, admin, announcer }: DecisionContext,
  transferId: string,
  input: { orderId: string; note?: string | null },
) {
  const note = input.note ?? null;
  const order = await db.transaction().execute(async (trx) => {
    const transfer = await lockUndecided(trx, transferId);
    // The same order of locks as the watcher's match: transfer, hash, order.
    await lockPayoutHash(trx, transfer.tx_hash);
    const order = await lockOrder(trx, input.orderId);
    await refuseOrder(trx, transfer, order);
    // The check completes the order: the same four eyes as completing it.
    refuseOwnRecord(admin, order.user_id, "order");
    const amountDiffers = !new Decimal(transfer.amount).eq(order.receive_amount);
    if (amountDiffers && !note) {
      throw new AppError(
        422,
        "NOTE_REQUIRED",
        `This transfer moved ${new Decimal(transfer.amount).toFixed()} USDT and the order awaits ${new Decimal(order.receive_amount).toFixed()}: write a note saying why it is the payout.`,
      );
    }
    await checkPayoutTxHashFree(trx, order, transfer.tx_hash);
    await writePayoutCheck(trx, order, {
      payoutTxHash: transfer.tx_hash,
      note: null,
      requestedBy: admin.id,
    });
    await decideTransferMatch(trx, transfer.id, {
      matchState: "matched",
      orderId: order.id,
      note: note ?? "Assigned to this order by an operator.",
      decidedBy: admin.id,
    });
    await recordAudit(trx, {
      actor: admin,
      action: "chain_transfer.assigned",
      target: { type: "order", id: order.id },
      details: { ...transferDetails(transfer), orderAmount: order.receive_amount, note },
      ipAddress: admin.ipAddress,
    });
    return order;
  });
  await announcer.announce(order, "payout");
  return order;
}

/** Marks an unmatched transfer "not a payout" (cold storage, a refund), with why. */
export async function dismissUnmatchedTransfer(
  { db, admin }: Pick<DecisionContext, "db" | "admin">,
  transferId: string,
  note: string,
) {
  await db.transaction().execute(async (trx) => {
    const transfer = await lockUndecided(trx, transferId);
    await decideTransferMatch(trx, transfer.id, {
      matchState: "dismissed",
      orderId: null,
      note,
      decidedBy: admin.id,
    });
    await recordAudit(trx, {
      actor: admin,
      action: "chain_transfer.dismissed",
      target: { type: "chain_transfer", id: transfer.id },
      details: { ...transferDetails(transfer), note },
      ipAddress: admin.ipAddress,
    });
  });
}
