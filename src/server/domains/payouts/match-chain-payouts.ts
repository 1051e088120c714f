import { type Kysely, sql, type Transaction } from "kysely";
import { type NetworkId, networkOf } from "../../../shared/catalog";
import { FEE_COIN } from "../../../shared/fee-coins";
import { recordAudit } from "../../platform/audit-trail/audit";
import type { DB } from "../../platform/db/schema";
import type { OrderAnnouncer } from "../../platform/events/order-changes";
import {
  type NotificationTargets,
  operatorMessages,
} from "../../platform/notifications/operator-messages";
import { enqueue } from "../../platform/notifications/outbox";
import { describeLink, linkOf, transferKeyOf } from "../chain/chain-transfer-links";
import {
  type ChainTransferRow,
  decideTransferMatch,
  nextTransferToMatch,
} from "../chain/chain-transfers";
import { lockOrder } from "../orders/buy/apply-status-change";
import type { OrderRow } from "../orders/buy/order-view";
import { CHECK_UNDER_WAY, writePayoutCheck } from "./payout-checks";
import { lockPayoutHash } from "./payout-hash";
import { linkPayout, noticeSecondPayout, orderPaidAlready } from "./payout-links";

/** Who the audit log and the operators' notes name for what the watcher decided. */
const WATCHER = "payout watcher";

type Decision =
  | { matchState: "matched"; order: OrderRow; note: string; isNewCheck: boolean }
  | { matchState: "unmatched"; note: string };

/**
 * Matches the network's final outgoing transfers to orders (docs/decisions/048), one
 * transaction each. A transfer pays an order only when exactly one open order awaits
 * exactly its amount to its recipient on its network, and that order's payment is
 * verified (processing): its hash is then queued for the payout check, which completes
 * the order as it does for a hash an operator enters. Anything else is left unmatched
 * for an operator. A transfer that failed on chain pays nothing: it is ignored, listed
 * apart, and the operators are told. Returns how many transfers it decided.
 */
export async function matchChainPayouts(
  deps: { db: Kysely<DB>; announcer: OrderAnnouncer; notify: NotificationTargets },
  network: NetworkId,
): Promise<number> {
  let decided = await ignoreFailedPayouts(deps, network);
  for (;;) {
    const matched = await deps.db.transaction().execute(async (trx) => {
      const transfer = await nextTransferToMatch(trx, network, "out");
      if (!transfer) return undefined;
      // An operator recording this hash at the same moment takes turns with the watcher.
      await lockPayoutHash(trx, transfer.tx_hash);
      const decision = await decide(trx, network, transfer, deps.notify);
      await record(trx, transfer, decision);
      return decision;
    });
    if (!matched) return decided;
    decided += 1;
    if (matched.matchState === "matched" && matched.isNewCheck) {
      await deps.announcer.announce(matched.order, "payout");
    }
  }
}

/**
 * Why a failed outgoing transfer pays no order, naming the coin its network's fees cost:
 * Unmatched transfers lists it apart (Failed on chain) with this.
 */
const payoutFailedOnChain = (network: NetworkId) =>
  `Failed on chain: no USDT left the wallet and nothing was paid. Send the payout again (the wallet may lack the ${FEE_COIN[network]} its fees cost${network === "trc20" ? ", for energy and bandwidth" : ""}).`;

/**
 * The network's outgoing transfers that failed on chain, waiting to be matched: they
 * moved nothing and are never read again, so they would wait for ever, unseen. Each is
 * ignored with why (Unmatched transfers lists it under Failed on chain) and the
 * operators are told, naming the order whose hash it is or that awaits its amount: the
 * customer is still to be paid. Ignored and told in one transaction, the update
 * taking only those still waiting: told once, whatever the processes.
 */
async function ignoreFailedPayouts(
  deps: { db: Kysely<DB>; notify: NotificationTargets },
  network: NetworkId,
): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const failed = await trx
      .updateTable("chain_transfers")
      .set({
        match_state: "ignored",
        note: payoutFailedOnChain(network),
        updated_at: sql<Date>`now()`,
      })
      .where("network", "=", network)
      .where("direction", "=", "out")
      .where("state", "=", "failed")
      .where("match_state", "=", "waiting")
      .returningAll()
      .execute();
    const name = networkOf(network).name;
    const link = `${deps.notify.publicUrl}/admin/payouts/unmatched`;
    for (const transfer of failed) {
      const recorded = await ordersWithHash(trx, network, transfer.tx_hash);
      const awaiting = recorded.length > 0 ? [] : await awaitingOrders(trx, network, transfer);
      const ids = (orders: { id: string }[]) =>
        orders.map((order) => order.id.slice(0, 8)).join(", ");
      const whose =
        recorded.length > 0
          ? ` Its hash is recorded on order ${ids(recorded)}, which it did not pay.`
          : awaiting.length > 0
            ? ` Open order ${ids(awaiting)} awaits this amount to this wallet, unpaid.`
            : "";
      await enqueue(
        trx,
        operatorMessages(deps.notify, {
          topic: "chain.payout_failed",
          subject: `${name}: a payout from the desk's wallet failed on chain`,
          text: `${name}: ${transfer.amount} USDT from ${transfer.from_address} to ${transfer.to_address} failed on chain (${transfer.tx_hash}): no USDT left the wallet.${whose} Send it again once the wallet can pay its fees. ${link}`,
          link,
        }),
      );
    }
    return failed.length;
  });
}

/** The wallet as orders hold it, compared with a transfer's: EVM addresses are case-insensitive hex (written in lower case). */
const orderWallet = (network: NetworkId) =>
  networkOf(network).family === "evm"
    ? sql<string>`lower(wallet_address)`
    : sql<string>`wallet_address`;

/**
 * The orders whose payout hash, typed or checked, is this transaction's; an override
 * that closed its order on it, its transfer unknown, first (it takes the transfer).
 */
function ordersWithHash(trx: Transaction<DB>, network: NetworkId, txHash: string) {
  return trx
    .selectFrom("orders")
    .select(["id", sql<string>`${orderWallet(network)}`.as("wallet")])
    .where((eb) =>
      eb.or([
        eb("payout_tx_hash", "=", txHash),
        eb(
          "id",
          "in",
          eb.selectFrom("payout_checks").select("order_id").where("payout_tx_hash", "=", txHash),
        ),
      ]),
    )
    .orderBy(
      (eb) =>
        eb.exists(
          eb
            .selectFrom("payout_checks")
            .whereRef("payout_checks.order_id", "=", "orders.id")
            .where("state", "=", "overridden")
            .where("transfer_index", "is", null),
        ),
      "desc",
    )
    .execute();
}

/**
 * Up to two open orders awaiting exactly the transfer's amount to its recipient on its
 * network, with no payout check under way (an order being paid: a second transfer to it
 * is for an operator to see).
 */
function awaitingOrders(trx: Transaction<DB>, network: NetworkId, transfer: ChainTransferRow) {
  return trx
    .selectFrom("orders")
    .select(["id", "status"])
    .where("network", "=", network)
    .where("receive_currency", "=", "usdt")
    .where(sql<boolean>`${orderWallet(network)} = ${transfer.to_address}`)
    .where("receive_amount", "=", transfer.amount)
    .where("status", "in", ["pending", "processing"])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("payout_checks")
            .select("order_id")
            .whereRef("payout_checks.order_id", "=", "orders.id")
            .where("state", "in", CHECK_UNDER_WAY),
        ),
      ),
    )
    .limit(2)
    .execute();
}

async function decide(
  trx: Transaction<DB>,
  network: NetworkId,
  transfer: ChainTransferRow,
  notify: NotificationTargets,
): Promise<Decision> {
  const key = transferKeyOf(transfer);
  const linked = await linkOf(trx, key);
  if (linked) {
    return linked.order_id
      ? {
          matchState: "matched",
          order: await lockOrder(trx, linked.order_id),
          note: "Its check, or an override, already linked it to the order.",
          isNewCheck: false,
        }
      : { matchState: "unmatched", note: `This transfer is already ${describeLink(linked)}.` };
  }
  const recorded = await ordersWithHash(trx, network, transfer.tx_hash);
  if (recorded.length > 0) {
    const own = recorded.find((order) => order.wallet === transfer.to_address);
    if (!own) {
      return {
        matchState: "unmatched",
        note: `Its hash is recorded on order ${recorded[0]?.id.slice(0, 8)}, which is paid to another wallet.`,
      };
    }
    const order = await lockOrder(trx, own.id);
    const link = await linkPayout(trx, key, order, { linkedBy: null, notify });
    if (link.outcome === "taken") {
      return {
        matchState: "unmatched",
        note: `Its hash is recorded on order ${order.id.slice(0, 8)}, but it is already ${describeLink(link.by)}.`,
      };
    }
    // The override's transfer is known now.
    await trx
      .updateTable("payout_checks")
      .set({ transfer_index: transfer.log_index })
      .where("order_id", "=", order.id)
      .where("state", "=", "overridden")
      .where("transfer_index", "is", null)
      .execute();
    return {
      matchState: "matched",
      order,
      note: "Its hash was already recorded on the order.",
      isNewCheck: false,
    };
  }
  const [only, second] = await awaitingOrders(trx, network, transfer);
  if (second) {
    return {
      matchState: "unmatched",
      note: "Two or more open orders await this amount to this wallet: an operator decides which it paid.",
    };
  }
  if (!only) {
    const paid = await orderPaidAlready(trx, transfer);
    if (paid) {
      await noticeSecondPayout(trx, key, paid.id, notify);
      return {
        matchState: "unmatched",
        note: `Order ${paid.id.slice(0, 8)} is paid, or being paid, this amount to this wallet by another transfer: a second payout? An operator decides.`,
      };
    }
    return {
      matchState: "unmatched",
      note: "No open order awaits this amount to this wallet (a fee taken off, a refund, cold storage?).",
    };
  }
  const order = await lockOrder(trx, only.id);
  if (order.status !== "processing") {
    return {
      matchState: "unmatched",
      note: `Order ${order.id.slice(0, 8)} awaits this amount, but its payment is not verified yet: an operator decides.`,
    };
  }
  await writePayoutCheck(trx, order, {
    payoutTxHash: transfer.tx_hash,
    note: null,
    requestedBy: null,
  });
  // Not linked (above), and the hash's lock keeps every payout path out meanwhile.
  await linkPayout(trx, key, order, { linkedBy: null, notify });
  return {
    matchState: "matched",
    order,
    note: "The only order awaiting this amount to this wallet; its payout check was queued.",
    isNewCheck: true,
  };
}

/** Writes the decision on the transfer and in the audit log. */
async function record(trx: Transaction<DB>, transfer: ChainTransferRow, decision: Decision) {
  const orderId = decision.matchState === "matched" ? decision.order.id : null;
  await decideTransferMatch(trx, transfer.id, {
    matchState: decision.matchState,
    orderId,
    note: decision.note,
    decidedBy: null,
  });
  await recordAudit(trx, {
    actor: null,
    action:
      decision.matchState === "matched"
        ? "order.payout_found_on_chain"
        : "chain_transfer.unmatched",
    target: orderId ? { type: "order", id: orderId } : undefined,
    details: {
      by: WATCHER,
      network: transfer.network,
      txHash: transfer.tx_hash,
      logIndex: transfer.log_index,
      to: transfer.to_address,
      amount: transfer.amount,
      note: decision.note,
    },
  });
}
