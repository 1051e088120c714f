import { z } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import type { NetworkId } from "../../../../shared/catalog";
import type { ChainConfig } from "../../../platform/config/chain-config";
import type { DB } from "../../../platform/db/schema";
import type { OrderAnnouncer } from "../../../platform/events/order-changes";
import { getCustomerSale } from "./customer-sales";
import { expireSales } from "./expire-sales";

/** What the customer's page shows of a deposit the watcher saw. */
export const saleDepositSchema = z
  .object({
    txHash: z.string(),
    confirmations: z
      .number()
      .int()
      .nullable()
      .describe("How deep its block is; null on Solana, which waits for finality instead"),
    confirmationsNeeded: z.number().int().nullable(),
    isFinal: z.boolean().describe("Final on chain: the order is then received"),
  })
  .openapi("SellOrderDeposit");

export type SaleDepositView = z.infer<typeof saleDepositSchema>;

/**
 * One of the customer's sales as it is now, with its timeline and its deposit: an order
 * past its time with no deposit seen expires first, so the page never counts down a
 * time that ran out. Undefined for another customer's sale, or an id that is none.
 */
export async function readCustomerSale(
  deps: { db: Kysely<DB>; announcer: OrderAnnouncer; chains: ChainConfig },
  userId: string,
  orderId: string,
) {
  let found = await getCustomerSale(deps.db, userId, orderId);
  if (!found) return undefined;
  const { sale } = found;
  const isDue = sale.status === "awaiting_deposit" && Date.parse(sale.expiresAt) <= Date.now();
  if (isDue && (await expireSales(deps, { orderId: sale.id })) > 0) {
    found = await getCustomerSale(deps.db, userId, orderId);
    if (!found) return undefined;
  }
  return { ...found, deposit: await readSaleDeposit(deps, found.sale) };
}

/** The order's deposit the watcher saw (seen, or final), or null while none is. */
export async function readSaleDeposit(
  { db, chains }: { db: Kysely<DB>; chains: ChainConfig },
  order: { id: string; network: string },
): Promise<SaleDepositView | null> {
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
