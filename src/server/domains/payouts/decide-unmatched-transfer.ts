import { sql, type Transaction } from "kysely";
import { findNetwork } from "../../../shared/catalog";
import { Decimal } from "../../../shared/money";
import { quoteSaleRupees } from "../../../shared/quote";
import type { Actor } from "../../platform/api/admin-actor";
import { recordAudit } from "../../platform/audit-trail/audit";
import { refuseOwnRecord } from "../../platform/audit-trail/own-records";
import type { Database } from "../../platform/db/database";
import type { DB } from "../../platform/db/schema";
import type { OrderAnnouncer } from "../../platform/events/order-changes";
import { AppError } from "../../platform/http/errors";
import type { NotificationTargets } from "../../platform/notifications/operator-messages";
import { getSiteSettings } from "../../platform/settings-store/site-settings";
import {
  linkChainTransferOrRefuse,
  refuseTakenLink,
  transferKeyOf,
} from "../chain/chain-transfer-links";
import {
  type ChainTransferRow,
  decideTransferMatch,
  lockFinalTransfer,
} from "../chain/chain-transfers";
import { lockOrder } from "../orders/buy/apply-status-change";
import type { OrderRow } from "../orders/buy/order-view";
import { lockDepositLinks } from "../orders/sell/match-sale-deposits";
import { lockSale, receiveSale } from "../orders/sell/receive-sale";
import { DEPOSIT_ASKED_BEFORE } from "../orders/sell/sale-deposit-sql";
import type { SaleRow } from "../orders/sell/sale-view";
import { CHECK_UNDER_WAY, writePayoutCheck } from "./payout-checks";
import { checkPayoutTxHashFree, lockPayoutHash } from "./payout-hash";
import { linkPayout } from "./payout-links";

interface DecisionContext {
  db: Database;
  admin: Actor;
  announcer: OrderAnnouncer;
  notify: NotificationTargets;
}

/** What became of a decided transfer, as a refusal to decide it again says. */
const DECIDED_AS = {
  matched: { out: "assigned to an order", in: "credited to a sell order" },
  dismissed: { out: "marked not a payout", in: "marked not a payout" },
  to_refund: { out: "marked to refund", in: "marked to refund" },
  ignored: { out: "failed on chain", in: "failed on chain" },
} as const;

/**
 * The final transfer of that direction, locked, if it still waits for an operator; 404
 * or 409 otherwise. A deposit recorded as a purchase (the desk's own top-up) is decided.
 */
async function lockUndecided(
  trx: Transaction<DB>,
  transferId: string,
  direction: "out" | "in" = "out",
) {
  const transfer = await lockFinalTransfer(trx, transferId, direction);
  if (!transfer) {
    throw new AppError(
      404,
      "NOT_FOUND",
      `No final ${direction === "out" ? "outgoing" : "incoming"} transfer with this id.`,
    );
  }
  const state = transfer.match_state;
  if (state !== "unmatched") {
    throw new AppError(
      409,
      "TRANSFER_DECIDED",
      state === "waiting" || state === null
        ? "The watcher has not decided this transfer yet: look again in a moment."
        : `This transfer was already ${DECIDED_AS[state][direction]}${transfer.decided_by ? " by an operator" : ""}.`,
    );
  }
  if (direction === "in") {
    const purchase = await trx
      .selectFrom("usdt_purchases")
      .select("id")
      .where("chain_transfer_id", "=", transfer.id)
      .executeTakeFirst();
    if (purchase) {
      throw new AppError(
        409,
        "TRANSFER_DECIDED",
        "This transfer is recorded as a purchase (the desk's own top-up): it is no customer's deposit.",
      );
    }
  }
  return transfer;
}

/** The transfer as the audit log keeps it with any decision. */
const transferDetails = (transfer: ChainTransferRow) => ({
  transferId: transfer.id,
  network: transfer.network,
  txHash: transfer.tx_hash,
  logIndex: transfer.log_index,
  ...(transfer.direction === "in" && { from: transfer.from_address }),
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
  { db, admin, announcer, notify }: DecisionContext,
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
    const key = transferKeyOf(transfer);
    refuseTakenLink(key, await linkPayout(trx, key, order, { linkedBy: admin.id, notify }));
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
    await linkChainTransferOrRefuse(
      trx,
      transferKeyOf(transfer),
      { kind: "dismissal", transferId: transfer.id },
      admin.id,
    );
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

/** Why the sell order cannot take this deposit (404/409/422), or nothing. */
async function refuseSale(trx: Transaction<DB>, transfer: ChainTransferRow, order: SaleRow) {
  const shortId = order.id.slice(0, 8);
  if (order.network !== transfer.network) {
    const network = findNetwork(transfer.network)?.name ?? transfer.network;
    throw new AppError(
      422,
      "WRONG_NETWORK",
      `Sell order ${shortId} is not on ${network}: this deposit cannot be its.`,
    );
  }
  // The wallet the customer was told to send to: a sale placed before the network's
  // payout wallet changed asked for its deposit at the old one.
  if (!sameRecipient(transfer.network, order.deposit_address, transfer.to_address)) {
    throw new AppError(
      422,
      "WRONG_DEPOSIT_ADDRESS",
      `Sell order ${shortId} asked for its deposit at ${order.deposit_address}; this transfer went to ${transfer.to_address}.`,
    );
  }
  if (order.status !== "awaiting_deposit" && order.status !== "expired") {
    throw new AppError(
      409,
      "SELL_ORDER_NOT_AWAITING",
      `Sell order ${shortId} is ${order.status}: it takes no deposit now.`,
    );
  }
  const linked = await trx
    .selectFrom("chain_transfers")
    .select("tx_hash")
    .where("sell_order_id", "=", order.id)
    .executeTakeFirst();
  if (linked) {
    throw new AppError(
      409,
      "SELL_ORDER_HAS_DEPOSIT",
      `Sell order ${shortId} has a deposit on its way already (${linked.tx_hash}).`,
    );
  }
}

/**
 * Credits an unmatched deposit to a sell order on its network and to its deposit address
 * (awaiting its deposit, or expired): the order receives the transfer's amount, paid at today's buy rate (the
 * server's quote, not the page's), and becomes received with the operator's note,
 * audited; the operators are alerted as for a deposit the watcher matched.
 */
export async function creditUnmatchedDeposit(
  { db, admin, announcer, notify }: DecisionContext,
  transferId: string,
  input: { sellOrderId: string; note: string },
) {
  const order = await db.transaction().execute(async (trx) => {
    const transfer = await lockUndecided(trx, transferId, "in");
    // The watcher links no deposit meanwhile: one it linked first refuses this (409).
    await lockDepositLinks(trx, transfer.network);
    const order = await lockSale(trx, input.sellOrderId);
    await refuseSale(trx, transfer, order);
    // The rupees are the customer's payout: the same four eyes as an order's.
    refuseOwnRecord(admin, order.user_id, "order");
    const { buy_rate: buyRate } = await getSiteSettings(trx);
    const receivedUsdt = new Decimal(transfer.amount).toFixed();
    const inrAmount = quoteSaleRupees({ usdt: receivedUsdt, rate: buyRate });
    if (!new Decimal(inrAmount).gt(0)) {
      throw new AppError(422, "AMOUNT_TOO_SMALL", "This deposit is worth less than a paisa.");
    }
    await linkChainTransferOrRefuse(
      trx,
      transferKeyOf(transfer),
      { kind: "deposit", sellOrderId: order.id },
      admin.id,
    );
    await trx
      .updateTable("chain_transfers")
      .set({
        match_state: "matched",
        sell_order_id: order.id,
        note: input.note,
        decided_by: admin.id,
        updated_at: sql<Date>`now()`,
      })
      .where("id", "=", transfer.id)
      .execute();
    return receiveSale(trx, order, {
      transfer,
      actor: admin,
      audit: "sell_order.deposit_credited",
      note: input.note,
      notify,
      priced: { receivedUsdt, buyRate, inrAmount },
    });
  });
  await announcer.announceSale(order);
  return order;
}

/**
 * The customers a deposit's refund would go back to: whose sale it was sent for (its
 * amount, to its address, after it was placed), and whose deposits came from its wallet.
 */
async function depositSenders(trx: Transaction<DB>, transfer: ChainTransferRow) {
  const { rows } = await sql<{ user_id: string }>`
    SELECT o.user_id FROM sell_orders AS o, chain_transfers AS t
      WHERE t.id = ${transfer.id} AND ${DEPOSIT_ASKED_BEFORE}
    UNION SELECT o.user_id FROM chain_transfers AS earlier
      JOIN sell_orders AS o ON o.id = earlier.sell_order_id
      WHERE earlier.network = ${transfer.network} AND earlier.from_address = ${transfer.from_address}`.execute(
    trx,
  );
  return rows.map((row) => row.user_id);
}

/** Marks an unmatched deposit to be sent back, with why; the list of those to refund shows it. */
export async function markDepositForRefund(
  { db, admin }: Pick<DecisionContext, "db" | "admin">,
  transferId: string,
  note: string,
) {
  await db.transaction().execute(async (trx) => {
    const transfer = await lockUndecided(trx, transferId, "in");
    for (const owner of await depositSenders(trx, transfer)) {
      refuseOwnRecord(admin, owner, "refund");
    }
    await linkChainTransferOrRefuse(
      trx,
      transferKeyOf(transfer),
      { kind: "refund", transferId: transfer.id },
      admin.id,
    );
    await decideTransferMatch(trx, transfer.id, {
      matchState: "to_refund",
      orderId: null,
      note,
      decidedBy: admin.id,
    });
    await recordAudit(trx, {
      actor: admin,
      action: "chain_transfer.refund_marked",
      target: { type: "chain_transfer", id: transfer.id },
      details: { ...transferDetails(transfer), note },
      ipAddress: admin.ipAddress,
    });
  });
}
