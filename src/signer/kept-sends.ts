import { type Insertable, type Kysely, sql } from "kysely";
import type { AutopilotSendsTable, DB } from "../server/platform/db/schema";
import type { OrderToPay } from "./order-to-pay";

/** A send as the signer keeps it; `lapsed_at` set: it can no longer land, the order is signed for again. */
export type KeptSend = { tx_hash: string; signed_tx: string; lapsed_at: Date | null };

/** The order's kept send, if any, read under the order's lock. */
export function keptSendOf(trx: Kysely<DB>, orderId: string): Promise<KeptSend | undefined> {
  return trx
    .selectFrom("autopilot_sends")
    .select(["tx_hash", "signed_tx", "lapsed_at"])
    .where("order_id", "=", orderId)
    .executeTakeFirst();
}

/** A newly signed transaction: its hash, bytes and what bounds when it may land. */
export type NewSend = Pick<
  Insertable<AutopilotSendsTable>,
  "tx_hash" | "signed_tx" | "expires_at" | "valid_until_block"
>;

/**
 * Keeps a payout just signed, before any node sees it (decision 057): in the place of
 * the order's lapsed send, which is kept as one replaced, or as the order's first. A
 * TRON or Solana send has no nonce.
 */
export async function keepSend(
  trx: Kysely<DB>,
  payout: { order: OrderToPay; network: string; from: string; lapsed: KeptSend | undefined },
  send: NewSend,
) {
  const { order, lapsed } = payout;
  if (lapsed) {
    await trx
      .insertInto("autopilot_replaced_sends")
      .values({ tx_hash: lapsed.tx_hash, order_id: order.id, signed_tx: lapsed.signed_tx })
      .execute();
    await trx
      .updateTable("autopilot_sends")
      .set({ ...send, signed_at: sql<Date>`now()`, lapsed_at: null, broadcast_at: null })
      .where("order_id", "=", order.id)
      .where("tx_hash", "=", lapsed.tx_hash)
      .execute();
    return;
  }
  await trx
    .insertInto("autopilot_sends")
    .values({
      order_id: order.id,
      network: payout.network,
      from_address: payout.from,
      nonce: null,
      to_address: order.wallet_address,
      amount: order.receive_amount,
      ...send,
    })
    .execute();
}
