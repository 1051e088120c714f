import { sql, type Transaction } from "kysely";
import type { AuditAction } from "../../../../shared/audit-actions";
import { blocklistKey, walletKeyOf } from "../../../../shared/blocklist-keys";
import { findNetwork } from "../../../../shared/catalog";
import { groupIndian } from "../../../../shared/indian-grouping";
import type { Actor } from "../../../platform/api/admin-actor";
import { recordAudit } from "../../../platform/audit-trail/audit";
import type { DB } from "../../../platform/db/schema";
import { AppError } from "../../../platform/http/errors";
import {
  type NotificationTargets,
  operatorMessages,
} from "../../../platform/notifications/operator-messages";
import { enqueue } from "../../../platform/notifications/outbox";
import { getSiteSettings } from "../../../platform/settings-store/site-settings";
import { type SaleHoldRule, SHARED_WALLET_SALE_HOLD } from "../rules/sale-rules";
import type { SaleRow } from "./sale-view";

/** The incoming transfer a sell order receives as its deposit. */
export type DepositTransfer = {
  id: string;
  network: string;
  tx_hash: string;
  log_index: number;
  from_address: string;
  amount: string;
};

/** A sell order, locked until the transaction ends, so that its deciders take turns; 404 when there is none. */
export async function lockSale(trx: Transaction<DB>, orderId: string) {
  const order = await trx
    .selectFrom("sell_orders")
    .selectAll()
    .where("id", "=", orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw new AppError(404, "NOT_FOUND", "No sell order with this id.");
  return order;
}

/** The key the blocklist and wallet_users know a sending wallet by. */
export const senderWalletKey = (address: string) => blocklistKey("wallet", walletKeyOf(address));

/** The blocklist entry's reason when the wallet is listed, or null. */
export async function blockedSenderReason(trx: Transaction<DB>, address: string) {
  const entry = await trx
    .selectFrom("blocklist_entries")
    .select("reason")
    .where("match_key", "=", senderWalletKey(address))
    .where("removed_at", "is", null)
    .executeTakeFirst();
  return entry?.reason ?? null;
}

/**
 * Records that the customer sent from this wallet (as the buy side records the wallets
 * customers receive to) and answers whether another customer used it.
 */
async function isWalletShared(trx: Transaction<DB>, wallet: string, userId: string) {
  const use = await trx
    .insertInto("wallet_users")
    .values({ wallet_key: senderWalletKey(wallet), first_user_id: userId, shared: false })
    .onConflict((oc) =>
      oc.column("wallet_key").doUpdateSet({
        shared: sql<boolean>`wallet_users.shared OR wallet_users.first_user_id <> excluded.first_user_id`,
      }),
    )
    .returning(["first_user_id", "shared"])
    .executeTakeFirstOrThrow();
  return use.shared || use.first_user_id !== userId;
}

/** Holds the order for an operator by the rule, beside any hold its placement gave it. */
async function holdSale(trx: Transaction<DB>, orderId: string, rule: SaleHoldRule) {
  await trx
    .insertInto("sell_order_holds")
    .values({ sell_order_id: orderId, rules: [rule] })
    .onConflict((oc) =>
      oc.column("sell_order_id").doUpdateSet({
        rules: sql<
          string[]
        >`ARRAY(SELECT DISTINCT unnest(sell_order_holds.rules || excluded.rules))`,
        released_at: null,
        released_by: null,
      }),
    )
    .execute();
}

/**
 * The order (awaiting its deposit, or expired) receives the transfer as its deposit:
 * it becomes `received` with a system event (an operator's when one credited it), the
 * audit record, the wallet's use, the shared-wallet hold where the desk holds sales from
 * a wallet another customer used, and the operators' alert. `priced` re-prices it when
 * an operator credits another amount at today's buy rate. Pass the order locked.
 */
export async function receiveSale(
  trx: Transaction<DB>,
  order: SaleRow,
  input: {
    transfer: DepositTransfer;
    actor: Actor | null;
    audit: AuditAction;
    note: string;
    notify: NotificationTargets;
    priced?: { receivedUsdt: string; buyRate: string; inrAmount: string };
  },
): Promise<SaleRow> {
  const { transfer, actor, priced } = input;
  const received = await trx
    .updateTable("sell_orders")
    .set({
      status: "received",
      received_at: sql<Date>`now()`,
      deposit_tx_hash: transfer.tx_hash,
      received_usdt: priced?.receivedUsdt ?? order.deposit_usdt,
      ...(priced && { buy_rate: priced.buyRate, inr_amount: priced.inrAmount }),
      updated_at: sql<Date>`now()`,
    })
    .where("id", "=", order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("sell_order_events")
    .values({
      sell_order_id: order.id,
      actor_id: actor?.id ?? null,
      actor_role: actor ? "admin" : "system",
      from_status: order.status,
      to_status: "received",
      note: input.note,
    })
    .execute();
  const settings = await getSiteSettings(trx);
  const isShared = await isWalletShared(trx, transfer.from_address, order.user_id);
  const isHeld = settings.sell_hold_shared_wallet && isShared;
  if (isHeld) await holdSale(trx, order.id, SHARED_WALLET_SALE_HOLD);
  await recordAudit(trx, {
    actor,
    action: input.audit,
    target: { type: "sell_order", id: order.id },
    details: {
      ...(actor ? {} : { by: "payout watcher" }),
      transferId: transfer.id,
      network: transfer.network,
      txHash: transfer.tx_hash,
      logIndex: transfer.log_index,
      from: transfer.from_address,
      amount: transfer.amount,
      ...(priced && { buyRate: priced.buyRate, inrAmount: priced.inrAmount }),
      ...(isHeld && { heldBy: SHARED_WALLET_SALE_HOLD }),
      note: input.note,
    },
    ipAddress: actor?.ipAddress,
  });
  await enqueue(trx, receivedAlert(received, transfer, input.notify, isHeld));
  return received;
}

/** The operators' Telegram message and e-mail: USDT received, rupees to pay. */
function receivedAlert(
  order: SaleRow,
  transfer: DepositTransfer,
  targets: NotificationTargets,
  isHeld: boolean,
) {
  const shortId = order.id.slice(0, 8);
  const network = findNetwork(order.network)?.name ?? order.network;
  const link = `${targets.publicUrl}/admin/sell-orders?order=${order.id}`;
  const usdt = `${groupIndian(order.received_usdt ?? order.deposit_usdt)} USDT (${network})`;
  const text = [
    `${isHeld ? "ON HOLD (a wallet another customer used) " : ""}USDT received for sell order #${shortId}`,
    `Customer: ${order.user_email}`,
    `Received: ${usdt}`,
    `Pay: ₹${groupIndian(order.payout_inr)}${order.tds_rate_percent === null ? "" : ` (₹${groupIndian(order.inr_amount)} less TDS ₹${groupIndian(order.tds_inr)})`}`,
    `From wallet: ${transfer.from_address}`,
    `Transaction: ${transfer.tx_hash}`,
    `Open: ${link}`,
  ].join("\n");
  return operatorMessages(targets, {
    topic: "sell_order.received",
    subject: `USDT received for sell order #${shortId}: pay ₹${groupIndian(order.payout_inr)}`,
    text,
    link,
  });
}
