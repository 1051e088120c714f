import { randomUUID } from "node:crypto";
import { quoteSaleRupees } from "../../shared/quote";
import type { Database } from "../platform/db/database";
import type { SaleStatus } from "../platform/db/schema";

/**
 * A sell order written straight to the database in the state a test starts from
 * (placement has its own tests): the customer's UPI payout account is added if none
 * is given. `deposit_usdt` must be unique among the network's orders awaiting deposit.
 * A paid order may say how it was paid (UTR, the desk account, when); a received or
 * paid one when its deposit was received.
 */
export async function insertSale(
  db: Database,
  customer: { userId: string; email: string },
  order: {
    network?: string;
    depositUsdt: string;
    buyRate?: string;
    status?: SaleStatus;
    depositAddress: string;
    destinationId?: string;
    /** When it was placed (now unless said): a stand-in chain's blocks may be dated earlier. */
    placedAt?: Date;
    expiresAt?: Date;
    receivedAt?: Date;
    paid?: { utr?: string; fromAccountId?: string; at?: Date };
  },
) {
  const destinationId =
    order.destinationId ??
    (
      await db
        .insertInto("payout_destinations")
        .values({
          user_id: customer.userId,
          kind: "upi",
          holder_name: "Test Customer",
          upi_id: `seller${randomUUID().slice(0, 8)}@okaxis`,
          holder_is_customer: true,
          blocklist_keys: [],
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const buyRate = order.buyRate ?? "85";
  const status = order.status ?? "awaiting_deposit";
  const isReceived = status === "received" || status === "paid";
  const placedAt = order.placedAt ?? new Date();
  return db
    .insertInto("sell_orders")
    .values({
      user_id: customer.userId,
      user_email: customer.email,
      network: order.network ?? "trc20",
      requested_usdt: order.depositUsdt,
      deposit_usdt: order.depositUsdt,
      buy_rate: buyRate,
      inr_amount: quoteSaleRupees({ usdt: order.depositUsdt, rate: buyRate }),
      deposit_address: order.depositAddress,
      destination_id: destinationId,
      status,
      created_at: placedAt,
      expires_at: order.expiresAt ?? new Date(placedAt.getTime() + 30 * 60_000),
      received_at: isReceived ? (order.receivedAt ?? new Date()) : null,
      paid_utr:
        status === "paid"
          ? (order.paid?.utr ?? `${Date.now()}`.slice(-12).padStart(12, "4"))
          : null,
      paid_from_account_id: status === "paid" ? (order.paid?.fromAccountId ?? null) : null,
      paid_at: status === "paid" ? (order.paid?.at ?? new Date()) : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
