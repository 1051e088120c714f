import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { AppError } from "../http/errors";

/** The customer's order stored with this idempotency key, if any (keys are unique per customer). */
export function findByIdempotencyKey(db: Kysely<DB>, userId: string, key: string) {
  return db
    .selectFrom("orders")
    .selectAll()
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

/**
 * A key that comes back with other details is refused rather than answered with
 * an order the caller did not describe: nothing new is stored.
 */
export function idempotencyKeyReused(earlierOrderId: string): AppError {
  return new AppError(
    422,
    "IDEMPOTENCY_KEY_REUSED",
    `This request's Idempotency-Key was already used for order ${earlierOrderId.slice(0, 8)}, with different details. Nothing new was stored; a new order needs a new key.`,
    { orderId: earlierOrderId },
  );
}
