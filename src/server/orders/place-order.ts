import Decimal from "decimal.js";
import { type Kysely, sql } from "kysely";
import type { PlaceOrderInput } from "../../shared/order-input";
import { quoteReceiveAmount } from "../../shared/quote";
import type { SessionUser } from "../auth/session";
import type { DB } from "../db/schema";
import { announceOrder } from "../events/order-changes";
import { AppError, uniqueViolation } from "../http/errors";
import { type NotificationTargets, orderMessages } from "../notifications/order-messages";
import { enqueue } from "../notifications/outbox";
import { plainDecimal } from "../site/site-settings.service";
import type { OrderRow } from "./order-view";

export interface PlaceOrderResult {
  order: OrderRow;
  /** True when the idempotency key matched an order placed before. */
  isReplay: boolean;
}

/**
 * Places a customer's order in one transaction under the rules in force: the
 * server's rate (the page's must match), min/max, maintenance mode. The
 * payment reference and the idempotency key are unique in the database, so
 * concurrent or repeated submissions store one order.
 */
export async function placeOrder({
  db,
  user,
  input,
  idempotencyKey,
  notify,
  maxOrdersPerMinute,
}: {
  db: Kysely<DB>;
  user: SessionUser;
  input: PlaceOrderInput;
  idempotencyKey?: string;
  notify: NotificationTargets;
  /** Per customer; a flood of orders is refused before it reaches the queue. */
  maxOrdersPerMinute: number;
}): Promise<PlaceOrderResult> {
  if (idempotencyKey) {
    const earlier = await findByIdempotencyKey(db, user.id, idempotencyKey);
    if (earlier) return { order: earlier, isReplay: true };
  }
  if ((await countRecentOrders(db, user.id, maxOrdersPerMinute)) >= maxOrdersPerMinute) {
    throw new AppError(
      429,
      "TOO_MANY_ORDERS",
      "You have placed many orders in the last minute. Please wait a moment and try again.",
    );
  }
  try {
    const order = await db.transaction().execute(async (trx) => {
      // The rate in force when this transaction starts is the one the order keeps;
      // a concurrent change applies to the next order.
      const settings = await trx
        .selectFrom("site_settings")
        .selectAll()
        .where("id", "=", 1)
        .executeTakeFirstOrThrow();
      checkOrderAllowed(user, input, settings);
      const receiveAmount = quoteReceiveAmount({
        amount: input.amount,
        rate: settings.exchange_rate,
        sendCurrency: input.sendCurrency,
        receiveCurrency: input.receiveCurrency,
      });
      if (new Decimal(receiveAmount).lte(0)) {
        throw new AppError(
          400,
          "AMOUNT_TOO_SMALL",
          "This amount is too small to deliver anything.",
        );
      }
      const inserted = await trx
        .insertInto("orders")
        .values({
          user_id: user.id,
          user_email: user.email,
          send_currency: input.sendCurrency,
          send_amount: input.amount,
          receive_currency: input.receiveCurrency,
          receive_amount: receiveAmount,
          exchange_rate: settings.exchange_rate,
          network: input.network,
          wallet_address: input.walletAddress,
          payment_reference: input.paymentReference,
          idempotency_key: idempotencyKey ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("order_events")
        .values({
          order_id: inserted.id,
          actor_id: user.id,
          actor_role: "customer",
          from_status: null,
          to_status: "pending",
        })
        .execute();
      await enqueue(trx, orderMessages("placed", inserted, notify));
      return inserted;
    });
    await announceOrder(db, order, "created");
    return { order, isReplay: false };
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === "orders_payment_reference_key") {
      throw new AppError(
        409,
        "PAYMENT_REFERENCE_USED",
        "This payment reference has already been used for an order. Check the transaction ID in your payment app.",
      );
    }
    if (constraint === "orders_idempotency_key" && idempotencyKey) {
      const earlier = await findByIdempotencyKey(db, user.id, idempotencyKey);
      if (earlier) return { order: earlier, isReplay: true };
    }
    throw error;
  }
}

function checkOrderAllowed(
  user: SessionUser,
  input: PlaceOrderInput,
  settings: {
    exchange_rate: string;
    min_inr_amount: string;
    max_inr_amount: string;
    maintenance_mode: boolean;
  },
) {
  if (settings.maintenance_mode && user.role !== "admin") {
    throw new AppError(
      403,
      "MAINTENANCE_MODE",
      "RupeeDesk is under maintenance and is not taking new orders right now. Please try again later.",
    );
  }
  const rate = new Decimal(settings.exchange_rate);
  if (!rate.eq(input.quotedRate)) {
    throw new AppError(
      409,
      "RATE_CHANGED",
      `The rate has changed to ₹${plainDecimal(settings.exchange_rate)} per USDT. Check the new amount and place the order again.`,
      { exchangeRate: plainDecimal(settings.exchange_rate) },
    );
  }
  const amount = new Decimal(input.amount);
  if (amount.lt(settings.min_inr_amount)) {
    throw new AppError(
      400,
      "AMOUNT_TOO_LOW",
      `Amount Too Low: The minimum amount is ₹${plainDecimal(settings.min_inr_amount)}.`,
    );
  }
  if (amount.gt(settings.max_inr_amount)) {
    throw new AppError(
      400,
      "AMOUNT_TOO_HIGH",
      `Amount Too High: The maximum amount is ₹${plainDecimal(settings.max_inr_amount)}.`,
    );
  }
}

/** The user's orders in the last minute, counted up to `atMost` (no need to count further). */
async function countRecentOrders(db: Kysely<DB>, userId: string, atMost: number): Promise<number> {
  const rows = await db
    .selectFrom("orders")
    .select(sql`1`.as("one"))
    .where("user_id", "=", userId)
    .where("created_at", ">", sql<Date>`now() - interval '1 minute'`)
    .limit(atMost)
    .execute();
  return rows.length;
}

function findByIdempotencyKey(db: Kysely<DB>, userId: string, key: string) {
  return db
    .selectFrom("orders")
    .selectAll()
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}
