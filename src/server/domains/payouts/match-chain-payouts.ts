import { type Kysely, sql, type Transaction } from "kysely";
import { type NetworkId, networkOf } from "../../../shared/catalog";
import { recordAudit } from "../../platform/audit/audit";
import type { DB } from "../../platform/db/schema";
import type { OrderAnnouncer } from "../../platform/events/order-changes";
import {
  type ChainTransferRow,
  decideTransferMatch,
  nextTransferToMatch,
} from "../chain/chain-transfers";
import { lockOrder } from "../orders/apply-status-change";
import type { OrderRow } from "../orders/order-view";
import { CHECK_UNDER_WAY, writePayoutCheck } from "./payout-checks";
import { lockPayoutHash } from "./payout-hash";

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
 * for an operator. Returns how many transfers it decided.
 */
export async function matchChainPayouts(
  deps: { db: Kysely<DB>; announcer: OrderAnnouncer },
  network: NetworkId,
): Promise<number> {
  let decided = 0;
  for (;;) {
    const matched = await deps.db.transaction().execute(async (trx) => {
      const transfer = await nextTransferToMatch(trx, network, "out");
      if (!transfer) return undefined;
      // An operator recording this hash at the same moment takes turns with the watcher.
      await lockPayoutHash(trx, transfer.tx_hash);
      const decision = await decide(trx, network, transfer);
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

async function decide(
  trx: Transaction<DB>,
  network: NetworkId,
  transfer: ChainTransferRow,
): Promise<Decision> {
  // EVM addresses are case-insensitive hex (the watcher writes them in lower case).
  const wallet =
    networkOf(network).family === "evm"
      ? sql<string>`lower(wallet_address)`
      : sql<string>`wallet_address`;
  const recorded = await trx
    .selectFrom("orders")
    .select(["id", sql<string>`${wallet}`.as("wallet")])
    .where((eb) =>
      eb.or([
        eb("payout_tx_hash", "=", transfer.tx_hash),
        eb(
          "id",
          "in",
          eb
            .selectFrom("payout_checks")
            .select("order_id")
            .where("payout_tx_hash", "=", transfer.tx_hash),
        ),
      ]),
    )
    .execute();
  if (recorded.length > 0) {
    const own = recorded.find((order) => order.wallet === transfer.to_address);
    return own
      ? {
          matchState: "matched",
          order: await lockOrder(trx, own.id),
          note: "Its hash was already recorded on the order.",
          isNewCheck: false,
        }
      : {
          matchState: "unmatched",
          note: `Its hash is recorded on order ${recorded[0]?.id.slice(0, 8)}, which is paid to another wallet.`,
        };
  }
  const candidates = await trx
    .selectFrom("orders")
    .select(["id", "status"])
    .where("network", "=", network)
    .where("receive_currency", "=", "usdt")
    .where(sql<boolean>`${wallet} = ${transfer.to_address}`)
    .where("receive_amount", "=", transfer.amount)
    .where("status", "in", ["pending", "processing"])
    // An order already being paid: a second transfer to it is for an operator to see.
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
  const [only, second] = candidates;
  if (second) {
    return {
      matchState: "unmatched",
      note: "Two or more open orders await this amount to this wallet: an operator decides which it paid.",
    };
  }
  if (!only) {
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
