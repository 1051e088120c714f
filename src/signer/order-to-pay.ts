import type { Kysely } from "kysely";
import type { DB } from "../server/platform/db/schema";
import type { NetworkId } from "../shared/catalog";
import { Decimal } from "../shared/money";
import { validateWalletAddress } from "../shared/wallet-address";
import { PayoutRefused } from "./payout-policy";

/** A verified order as the signer reads it, under its own database role. */
export type OrderToPay = {
  id: string;
  user_id: string;
  status: string;
  receive_currency: string;
  network: string | null;
  wallet_address: string;
  receive_amount: string;
};

/**
 * The order, locked until its payout is kept or refused: a second signer, or an
 * operator changing the order, waits for it.
 */
export async function lockOrderToPay(trx: Kysely<DB>, orderId: string): Promise<OrderToPay> {
  const order = await trx
    .selectFrom("orders")
    .select([
      "id",
      "user_id",
      "status",
      "receive_currency",
      "network",
      "wallet_address",
      "receive_amount",
    ])
    .where("id", "=", orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw new PayoutRefused("no such order");
  return order;
}

/**
 * Refuses an order that is not a verified, unheld USDT order of `network` to a wallet
 * of that network (checked when it was placed; read again, as the database may not be
 * the web's alone).
 */
export async function refuseUnpayable(trx: Kysely<DB>, network: NetworkId, order: OrderToPay) {
  if (order.receive_currency !== "usdt" || order.network !== network) {
    throw new PayoutRefused(`the order is not paid in USDT on ${network}`);
  }
  if (order.status !== "processing") throw new PayoutRefused("the order's payment is not verified");
  if (!validateWalletAddress("usdt", network, order.wallet_address).ok) {
    throw new PayoutRefused(`the order's wallet is not a ${network} address`);
  }
  const hold = await trx
    .selectFrom("order_holds")
    .select("order_id")
    .where("order_id", "=", order.id)
    .where("released_at", "is", null)
    .executeTakeFirst();
  if (hold) throw new PayoutRefused("the order is held");
}

/** USDT in the token's base units; an amount finer than the token's refused. */
export function usdtBaseUnits(amount: string, decimals: number) {
  const units = new Decimal(amount).mul(new Decimal(10).pow(decimals));
  if (!units.isInteger()) {
    throw new PayoutRefused(`${amount} USDT is finer than the token's ${decimals} decimals`);
  }
  return BigInt(units.toFixed(0));
}
