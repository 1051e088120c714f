import { type Kysely, sql, type Transaction } from "kysely";
import { findNetwork } from "../../../shared/catalog";
import { groupIndian } from "../../../shared/indian-grouping";
import type { DB } from "../../platform/db/schema";
import {
  type NotificationTargets,
  operatorMessages,
} from "../../platform/notifications/operator-messages";
import { enqueue } from "../../platform/notifications/outbox";
import {
  describeLink,
  type LinkOutcome,
  linkChainTransfer,
  linksOfTransaction,
  type TransferKey,
} from "../chain/chain-transfer-links";
import type { OrderRow } from "../orders/buy/order-view";
import { walletKeyInSql } from "./payout-step";

/*
 * An order's payout as a link of its transfer (decision 053): written when the watcher
 * matches the transfer, when a check confirms it, when an operator assigns it, and when
 * an override closes the order on it. An override whose transfer is not known yet (the
 * node was down, the watcher has not read it) holds the transaction's transfers to the
 * order's wallet until the watcher records them and links the one. A second transfer
 * paying one order is noticed, told to the operators, and listed on the order.
 */

type PayoutOrder = Pick<OrderRow, "id" | "network" | "wallet_address">;

/** Days a completed order counts as just paid: a transfer of its amount to its wallet then is a second payout. */
export const SECOND_PAYOUT_DAYS = 7;

/**
 * Links the transfer to the order as its payout, in the caller's transaction. When the
 * order had another payout's link, this transfer is a second payout: noticed and told.
 */
export async function linkPayout(
  trx: Transaction<DB>,
  key: TransferKey,
  order: Pick<OrderRow, "id">,
  deps: { linkedBy: string | null; notify: NotificationTargets },
): Promise<LinkOutcome> {
  const link = await linkChainTransfer(
    trx,
    key,
    { kind: "payout", orderId: order.id },
    deps.linkedBy,
  );
  if (link.outcome !== "linked") return link;
  const other = await trx
    .selectFrom("chain_transfer_links")
    .select("tx_hash")
    .where("order_id", "=", order.id)
    .where((eb) =>
      eb.or([
        eb("network", "<>", key.network),
        eb("tx_hash", "<>", key.txHash),
        eb("log_index", "<>", key.logIndex),
      ]),
    )
    .executeTakeFirst();
  if (other) await noticeSecondPayout(trx, key, order.id, deps.notify);
  return link;
}

/**
 * Notes the transfer as a second payout of the order and tells the operators, once per
 * transfer (two processes, or a pass run again, tell them once).
 */
export async function noticeSecondPayout(
  trx: Transaction<DB>,
  key: TransferKey,
  orderId: string,
  notify: NotificationTargets,
) {
  const noticed = await trx
    .insertInto("second_payouts")
    .columns(["network", "tx_hash", "log_index", "order_id", "amount"])
    .expression((eb) =>
      eb
        .selectFrom("orders")
        .select([
          eb.val(key.network).as("network"),
          eb.val(key.txHash).as("tx_hash"),
          eb.val(key.logIndex).as("log_index"),
          "id",
          "receive_amount",
        ])
        .where("id", "=", orderId),
    )
    .onConflict((oc) => oc.doNothing())
    .returning("amount")
    .executeTakeFirst();
  if (!noticed) return;
  const shortId = orderId.slice(0, 8);
  const network = findNetwork(key.network)?.name ?? key.network;
  const link = `${notify.publicUrl}/admin/orders/${orderId}`;
  await enqueue(
    trx,
    operatorMessages(notify, {
      topic: "order.second_payout",
      subject: `A second payout to order #${shortId}?`,
      text: [
        `A second payout to order #${shortId}: another transfer of ${groupIndian(noticed.amount)} USDT (${network}) went to its wallet while it was being paid, or after.`,
        `Transaction: ${key.txHash}`,
        "Check with the customer and ask for it back if it was paid twice.",
        `Open: ${link}`,
      ].join("\n"),
      link,
    }),
  );
}

/**
 * The order a transfer of this amount to this wallet has paid already, or is being
 * paid: its payout check under way, or completed in the last SECOND_PAYOUT_DAYS.
 */
export function orderPaidAlready(
  trx: Transaction<DB>,
  transfer: { network: string; to_address: string; amount: string },
) {
  return trx
    .selectFrom("orders")
    .select("id")
    .where("network", "=", transfer.network)
    .where("receive_currency", "=", "usdt")
    .where("receive_amount", "=", transfer.amount)
    .where(sql<boolean>`${walletKeyInSql(sql.ref("wallet_address"))} = ${transfer.to_address}`)
    .where((eb) =>
      eb.or([
        eb.and([
          eb("status", "=", "completed"),
          eb("updated_at", ">", sql<Date>`now() - make_interval(days => ${SECOND_PAYOUT_DAYS})`),
        ]),
        eb.exists(
          eb
            .selectFrom("payout_checks")
            .whereRef("payout_checks.order_id", "=", "orders.id")
            .where("payout_checks.state", "in", ["checking", "awaiting_confirmations"]),
        ),
      ]),
    )
    .orderBy("updated_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** An order's second payouts, oldest first, as its page lists them. */
export async function secondPayoutsOf(db: Kysely<DB>, orderId: string) {
  const rows = await db
    .selectFrom("second_payouts")
    .select(["network", "tx_hash", "log_index", "noticed_at"])
    .select(sql<string>`trim_scale(amount)::text`.as("amount"))
    .where("order_id", "=", orderId)
    .orderBy("noticed_at")
    .execute();
  return rows.map((row) => ({
    txHash: row.tx_hash,
    logIndex: row.log_index,
    amount: row.amount,
    noticedAt: row.noticed_at.toISOString(),
  }));
}

/**
 * What the dashboard counts: second payouts noticed in the last SECOND_PAYOUT_DAYS, and
 * the second links found in the rows from before links were kept (migration 0125).
 */
export async function payoutWarnings(db: Kysely<DB>) {
  const { rows } = await sql<{ second_payouts: number; double_links: number }>`
    SELECT
      (SELECT count(*) FROM second_payouts
        WHERE noticed_at > now() - make_interval(days => ${SECOND_PAYOUT_DAYS}))::int AS second_payouts,
      (SELECT count(*) FROM chain_transfer_double_links)::int AS double_links`.execute(db);
  return { secondPayouts: rows[0]?.second_payouts ?? 0, doubleLinks: rows[0]?.double_links ?? 0 };
}

/**
 * Another order of the same wallet closed by an override on this transaction before its
 * transfer was known: it may hold any of the transaction's transfers to that wallet.
 */
export function pendingOverrideOn(trx: Transaction<DB>, order: PayoutOrder, txHash: string) {
  return trx
    .selectFrom("payout_checks")
    .innerJoin("orders", "orders.id", "payout_checks.order_id")
    .select("orders.id")
    .where("payout_checks.payout_tx_hash", "=", txHash)
    .where("payout_checks.state", "=", "overridden")
    .where("payout_checks.transfer_index", "is", null)
    .where("orders.id", "<>", order.id)
    .where("orders.network", "=", order.network)
    .where(
      sql<boolean>`${walletKeyInSql(sql.ref("orders.wallet_address"))} = ${walletKeyInSql(sql.val(order.wallet_address))}`,
    )
    .executeTakeFirst();
}

/**
 * The first of `candidates` (log indexes of the transaction's transfers to the order's
 * wallet) that is free for this order: not linked, or linked to it already. Otherwise why
 * none is: another link, or another order's override that may hold them.
 */
export async function freePayoutTransfer(
  trx: Transaction<DB>,
  order: PayoutOrder & { network: string },
  txHash: string,
  candidates: number[],
): Promise<number | { code: "TRANSFER_USED"; message: string }> {
  const pending = await pendingOverrideOn(trx, order, txHash);
  if (pending) {
    return {
      code: "TRANSFER_USED",
      message: `Order ${pending.id.slice(0, 8)} was closed on this transaction by an override before its transfer was known: one transfer closes one order.`,
    };
  }
  const links = await linksOfTransaction(trx, order.network, txHash);
  const free = candidates.find((index) => {
    const link = links.get(index);
    return !link || link.order_id === order.id;
  });
  if (free !== undefined) return free;
  const taken = links.get(candidates[0] ?? -1);
  return {
    code: "TRANSFER_USED",
    message: `This transfer is already ${taken ? describeLink(taken) : "linked"}: one transfer closes one order.`,
  };
}
