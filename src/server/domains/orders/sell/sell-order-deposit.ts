import type { Kysely } from "kysely";
import type { NetworkId } from "../../../../shared/catalog";
import type { ChainConfig } from "../../../platform/config/chain-config";
import type { DB } from "../../../platform/db/schema";
import type { OrderAnnouncer } from "../../../platform/events/order-changes";
import { isOrderId } from "../order-view";
import { expireSellOrders } from "./expire-sell-orders";

/** What the customer's page shows of a deposit the watcher saw. */
export type SellOrderDepositView = {
  txHash: string;
  /** How deep its block is; null on Solana, which waits for "finalized" instead of a count. */
  confirmations: number | null;
  confirmationsNeeded: number | null;
  isFinal: boolean;
};

/**
 * The customer's own sell order as it is now, with its deposit: read, an order past its
 * time with no deposit seen expires first (so the page never counts down a time that
 * ran out). Undefined for another customer's order, or an id that is none.
 */
export async function readCustomerSellOrder(
  deps: { db: Kysely<DB>; announcer: OrderAnnouncer; chains: ChainConfig },
  userId: string,
  orderId: string,
) {
  if (!isOrderId(orderId)) return undefined;
  const owned = await deps.db
    .selectFrom("sell_orders")
    .select(["id", "expires_at", "status"])
    .where("id", "=", orderId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!owned) return undefined;
  if (owned.status === "awaiting_deposit" && owned.expires_at <= new Date()) {
    await expireSellOrders(deps, { orderId });
  }
  const order = await deps.db
    .selectFrom("sell_orders")
    .selectAll()
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  return { order, deposit: await readSellOrderDeposit(deps, order) };
}

/** The order's deposit the watcher saw (seen, or final), or null while none is. */
export async function readSellOrderDeposit(
  { db, chains }: { db: Kysely<DB>; chains: ChainConfig },
  order: { id: string; network: string },
): Promise<SellOrderDepositView | null> {
  const transfer = await db
    .selectFrom("chain_transfers")
    .select(["tx_hash", "state", "confirmations"])
    .where("sell_order_id", "=", order.id)
    .where("state", "in", ["seen", "final"])
    .executeTakeFirst();
  if (!transfer) return null;
  const needed = chains.networks[order.network as NetworkId]?.endpoint.confirmations || null;
  return {
    txHash: transfer.tx_hash,
    confirmations: needed === null ? null : Math.min(transfer.confirmations, needed),
    confirmationsNeeded: needed,
    isFinal: transfer.state === "final",
  };
}
