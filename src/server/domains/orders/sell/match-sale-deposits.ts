import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import type { NetworkId } from "../../../../shared/catalog";
import { recordAudit } from "../../../platform/audit-trail/audit";
import type { ChainTransferMatch, ChainTransfersTable, DB } from "../../../platform/db/schema";
import type { OrderAnnouncer } from "../../../platform/events/order-changes";
import type { NotificationTargets } from "../../../platform/notifications/operator-messages";
import { describeLink, linkChainTransfer, transferKeyOf } from "../../chain/chain-transfer-links";
import { nextTransferToMatch } from "../../chain/chain-transfers";
import { blockedSenderReason, lockSale, receiveSale } from "./receive-sale";
import { DEPOSIT_ASKED_BEFORE, DEPOSIT_FITS } from "./sale-deposit-sql";
import type { SaleRow } from "./sale-view";

type Deps = { db: Kysely<DB>; announcer: OrderAnnouncer; notify: NotificationTargets };
type TransferRow = Selectable<ChainTransfersTable>;

/** Who the audit log and the operators' notes name for what the watcher decided. */
const WATCHER = "payout watcher";

/**
 * Matches the network's incoming transfers to sell orders (decision 049), after each
 * pass of the payout watcher: a transfer taken back by a reorganisation lets go of its
 * order, and a failed one is ignored; a seen one is linked to the order it fits, which
 * then shows it and does not expire; a final one makes its order received, or is left
 * unmatched for an operator (another amount, after the order's time, no order, a
 * blocklisted sender). Returns how many transfers it decided.
 */
export async function matchSaleDeposits(deps: Deps, network: NetworkId): Promise<number> {
  const touched = await deps.db.transaction().execute(async (trx) => {
    await lockDepositLinks(trx, network);
    return [...(await letGoOfVanished(trx, network)), ...(await linkSeen(trx, network))];
  });
  let decided = 0;
  for (;;) {
    const outcome = await deps.db.transaction().execute(async (trx) => {
      const transfer = await nextTransferToMatch(trx, network, "in");
      return transfer && { change: await decide(trx, deps, transfer) };
    });
    if (!outcome) break;
    decided += 1;
    if (outcome.change)
      await deps.announcer.announceSale(outcome.change.order, outcome.change.kind);
  }
  // The orders whose deposit appeared, deepened or vanished: their pages show it.
  const seen = await ordersWithSeenDeposits(deps.db, network);
  await Promise.all(
    [...new Map([...touched, ...seen].map((order) => [order.id, order])).values()].map((order) =>
      deps.announcer.announceSale(order, "deposit"),
    ),
  );
  return decided;
}

/**
 * Holds the network's deposit links until the transaction ends: one matcher a network
 * at a time (two would link two transfers to one order), and an operator's credit
 * waits for the matcher's links and the matcher for the credit's, so the second reads
 * the first's link and steps aside instead of meeting it in the unique index.
 */
export async function lockDepositLinks(trx: Transaction<DB>, network: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`sell-deposits:${network}`}))`.execute(trx);
}

/** Why a failed incoming transfer is matched to nothing: Unmatched transfers lists it apart with this. */
export const FAILED_ON_CHAIN =
  "Failed on chain: no USDT arrived. Nothing to credit or refund; a customer who meant it as a deposit sends again.";

/**
 * Transfers a reorganisation took back let go of their orders and wait (a transaction
 * may come back in another block). Failed ones let go too, and are ignored with why:
 * they moved nothing and are never read again, so they would otherwise wait for ever.
 */
async function letGoOfVanished(trx: Transaction<DB>, network: NetworkId) {
  const vanished = await trx
    .selectFrom("chain_transfers")
    .select(["id", "sell_order_id"])
    .where("network", "=", network)
    .where("direction", "=", "in")
    .where("match_state", "=", "waiting")
    .where((eb) =>
      eb.or([
        eb("state", "=", "failed"),
        eb.and([eb("state", "=", "removed"), eb("sell_order_id", "is not", null)]),
      ]),
    )
    .execute();
  if (vanished.length === 0) return [];
  await trx
    .updateTable("chain_transfers")
    .set({
      sell_order_id: null,
      match_state: sql<ChainTransferMatch>`CASE WHEN state = 'failed' THEN 'ignored' ELSE match_state END`,
      note: sql<string | null>`CASE WHEN state = 'failed' THEN ${FAILED_ON_CHAIN} ELSE note END`,
      updated_at: sql<Date>`now()`,
    })
    .where(
      "id",
      "in",
      vanished.map((row) => row.id),
    )
    .execute();
  return ordersOf(
    trx,
    vanished.flatMap((row) => (row.sell_order_id ? [row.sell_order_id] : [])),
  );
}

/** Links each seen transfer to the order it fits, the earliest transfer where two fit one. */
async function linkSeen(trx: Transaction<DB>, network: NetworkId) {
  const linked = await sql<{ sell_order_id: string }>`
    WITH fits AS (
      SELECT DISTINCT ON (o.id) t.id AS transfer_id, o.id AS order_id
      FROM chain_transfers AS t JOIN sell_orders AS o ON ${DEPOSIT_FITS}
      WHERE t.network = ${network} AND t.direction = 'in' AND t.state = 'seen'
        AND t.match_state = 'waiting' AND t.sell_order_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM chain_transfers AS other WHERE other.sell_order_id = o.id)
      ORDER BY o.id, t.block_number, t.log_index
    )
    UPDATE chain_transfers SET sell_order_id = fits.order_id, updated_at = now()
    FROM fits WHERE chain_transfers.id = fits.transfer_id
    RETURNING chain_transfers.sell_order_id`.execute(trx);
  return ordersOf(
    trx,
    linked.rows.map((row) => row.sell_order_id),
  );
}

function ordersOf(db: Kysely<DB>, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("sell_orders")
    .select(["id", "user_id", "status"])
    .where("id", "in", ids)
    .execute();
}

/** The orders awaiting a deposit the watcher has seen but not yet taken as final. */
function ordersWithSeenDeposits(db: Kysely<DB>, network: NetworkId) {
  return db
    .selectFrom("sell_orders")
    .innerJoin("chain_transfers", "chain_transfers.sell_order_id", "sell_orders.id")
    .select(["sell_orders.id", "sell_orders.user_id", "sell_orders.status"])
    .where("chain_transfers.network", "=", network)
    .where("chain_transfers.state", "=", "seen")
    .execute();
}

/** The order the transfer fits, whether or not it is linked yet. */
function fittingOrder(trx: Transaction<DB>, transfer: TransferRow) {
  return trx
    .selectFrom("sell_orders as o")
    .select(["o.id"])
    .where(sql<boolean>`EXISTS (SELECT 1 FROM chain_transfers AS t
      WHERE t.id = ${transfer.id} AND ${DEPOSIT_FITS})`)
    .executeTakeFirst();
}

/** What a decision changed of an order, for its page. */
type OrderChanged = {
  order: Pick<SaleRow, "id" | "user_id" | "status">;
  kind: "status" | "deposit";
};

/**
 * Decides one final incoming transfer: the deposit of the order it fits, unless that
 * order has another deposit already or the sender is blocklisted; otherwise unmatched
 * with why. Answers the order whose page changes, if any.
 */
async function decide(
  trx: Transaction<DB>,
  deps: Deps,
  transfer: TransferRow,
): Promise<OrderChanged | undefined> {
  const orderId = transfer.sell_order_id ?? (await fittingOrder(trx, transfer))?.id;
  if (!orderId) return leaveUnmatched(trx, transfer, await whyNoOrder(trx, transfer));
  const order = await lockSale(trx, orderId);
  // A linked transfer left unmatched lets go of its order, whose page then shows no deposit.
  const letGo = transfer.sell_order_id ? { order, kind: "deposit" as const } : undefined;
  if (order.status !== "awaiting_deposit" && order.status !== "expired") {
    return leaveUnmatched(trx, transfer, noLongerWaiting(order), letGo);
  }
  const other = await trx
    .selectFrom("chain_transfers")
    .select("tx_hash")
    .where("sell_order_id", "=", order.id)
    .where("id", "<>", transfer.id)
    .executeTakeFirst();
  if (other) {
    return leaveUnmatched(
      trx,
      transfer,
      `Sell order #${order.id.slice(0, 8)} has its deposit already (${other.tx_hash}): a second transfer of its amount is for an operator (refund it).`,
      letGo,
    );
  }
  const blocked = await blockedSenderReason(trx, transfer.from_address);
  if (blocked !== null) {
    return leaveUnmatched(
      trx,
      transfer,
      `Sent from a blocklisted wallet (${blocked}); it fits sell order #${order.id.slice(0, 8)}, which was not received: an operator decides.`,
      letGo,
    );
  }
  const link = await linkChainTransfer(
    trx,
    transferKeyOf(transfer),
    { kind: "deposit", sellOrderId: order.id },
    null,
  );
  if (link.outcome === "taken") {
    return leaveUnmatched(
      trx,
      transfer,
      `It fits sell order ${order.id.slice(0, 8)}, but this transfer is already ${describeLink(link.by)}: an operator decides.`,
      letGo,
    );
  }
  await trx
    .updateTable("chain_transfers")
    .set({
      match_state: "matched",
      sell_order_id: order.id,
      note: "The deposit of the only sell order awaiting this amount.",
      decided_by: null,
      updated_at: sql<Date>`now()`,
    })
    .where("id", "=", transfer.id)
    .execute();
  const received = await receiveSale(trx, order, {
    transfer,
    actor: null,
    audit: "sell_order.deposit_received",
    note: `Its deposit is final on chain (${transfer.tx_hash}).`,
    notify: deps.notify,
  });
  return { order: received, kind: "status" };
}

/**
 * Why no order fits the transfer, naming the sale it was sent for (the latest of its
 * amount placed before its block), if any: made after that sale's window, or for a sale
 * that is no longer waiting. Either way no other sale takes it (decision 052).
 */
async function whyNoOrder(trx: Transaction<DB>, transfer: TransferRow) {
  const sale = await trx
    .selectFrom("chain_transfers as t")
    .innerJoin("sell_orders as o", (join) => join.on(DEPOSIT_ASKED_BEFORE))
    .select(["o.id", "o.status", "o.expires_at", "o.received_at"])
    .where("t.id", "=", transfer.id)
    .orderBy("o.created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!sale) {
    return "No sell order asked this amount at this wallet before it was sent (a fee taken off? the desk's own top-up?): an operator decides.";
  }
  if (transfer.block_time >= sale.expires_at) {
    return `Sent after the window of sell order #${sale.id.slice(0, 8)} closed (the sale is ${sale.status}): an operator credits it to a sale or marks it to refund.`;
  }
  return noLongerWaiting(sale);
}

/** Why a deposit made in a sale's window is not that sale's: the sale stopped waiting for it. */
function noLongerWaiting(sale: Pick<SaleRow, "id" | "status" | "received_at">) {
  const named = `sell order #${sale.id.slice(0, 8)}`;
  if (sale.status === "cancelled") {
    return `Sent for ${named}, which was cancelled: an operator refunds it (or credits it to a sale).`;
  }
  if (sale.status === "paid" && sale.received_at === null) {
    return `Sent for ${named}, which was paid with override before its USDT was received: nothing more is owed for it.`;
  }
  return `Sent for ${named}, which is ${sale.status} already: a second deposit of its amount; an operator refunds it.`;
}

async function leaveUnmatched(
  trx: Transaction<DB>,
  transfer: TransferRow,
  note: string,
  letGo?: OrderChanged,
): Promise<OrderChanged | undefined> {
  await trx
    .updateTable("chain_transfers")
    .set({
      match_state: "unmatched",
      sell_order_id: null,
      note,
      decided_by: null,
      updated_at: sql<Date>`now()`,
    })
    .where("id", "=", transfer.id)
    .execute();
  await recordAudit(trx, {
    actor: null,
    action: "chain_transfer.unmatched",
    target: { type: "chain_transfer", id: transfer.id },
    details: {
      by: WATCHER,
      network: transfer.network,
      txHash: transfer.tx_hash,
      logIndex: transfer.log_index,
      from: transfer.from_address,
      to: transfer.to_address,
      amount: transfer.amount,
      note,
    },
  });
  return letGo;
}
