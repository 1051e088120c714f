import type { Context } from "hono";
import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";

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

const KEY_LENGTH = { min: 8, max: 100 };

/** An order route's Idempotency-Key header, for its OpenAPI document. */
export function idempotencyKeyParameter(description: string) {
  return {
    name: "Idempotency-Key",
    in: "header" as const,
    required: false,
    description,
    schema: { type: "string" as const, minLength: KEY_LENGTH.min, maxLength: KEY_LENGTH.max },
  };
}

/**
 * The request's Idempotency-Key, if it sent one. Read alone: a route's header
 * schema made hono copy every header of the request into an object and check it,
 * for each order (docs/benchmarks.md).
 */
export function requestIdempotencyKey(c: Context): string | undefined {
  const key = c.req.header("idempotency-key");
  if (key !== undefined && (key.length < KEY_LENGTH.min || key.length > KEY_LENGTH.max)) {
    throw new AppError(
      400,
      "INVALID_INPUT",
      `The Idempotency-Key header must be ${KEY_LENGTH.min} to ${KEY_LENGTH.max} characters long.`,
      { field: "idempotency-key" },
    );
  }
  return key;
}
