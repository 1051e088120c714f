import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema";
import { AppError } from "../http/errors";

/*
 * How often a customer may try to send their verification. Checking a
 * submission's files decodes images of up to 50 megapixels, and a customer who
 * may submit could otherwise send two large images and a broken third again and
 * again: each attempt is counted before the form is read.
 */

/** Attempts a customer may make in a window. */
export const ATTEMPTS_PER_CUSTOMER_PER_HOUR = 10;
/** Attempts from one address, whoever is signed in there. */
export const ATTEMPTS_PER_ADDRESS_PER_HOUR = 50;
/** A window of attempts lasts this long from its first attempt. */
const ATTEMPT_WINDOW = sql`interval '1 hour'`;

/**
 * Counts a submission attempt against the customer's and the address's hourly
 * limits, in one upsert like the payment offers' (risk/offer-holds.ts): a
 * concurrent attempt on the same key waits for this one's row and then counts
 * on, so parallel attempts cannot all pass. A refused attempt rolls its count
 * back: refusing writes nothing.
 */
export async function countSubmissionAttempt(
  db: Kysely<DB>,
  caller: { customerId: string; address: string | undefined },
) {
  const limits = new Map([[`customer:${caller.customerId}`, ATTEMPTS_PER_CUSTOMER_PER_HOUR]]);
  if (caller.address) limits.set(`address:${caller.address}`, ATTEMPTS_PER_ADDRESS_PER_HOUR);
  await db.transaction().execute(async (trx) => {
    // Always customer before address: two attempts lock the rows in one order.
    const { rows } = await sql<{ key: string; attempts: number }>`
      INSERT INTO verification_attempt_windows AS window_ (key, window_started_at, attempts)
      SELECT key, now(), 1 FROM unnest(${[...limits.keys()]}::text[]) WITH ORDINALITY AS k (key, n)
      ORDER BY n
      ON CONFLICT (key) DO UPDATE SET
        window_started_at = CASE WHEN window_.window_started_at > now() - ${ATTEMPT_WINDOW}
          THEN window_.window_started_at ELSE now() END,
        attempts = CASE WHEN window_.window_started_at > now() - ${ATTEMPT_WINDOW}
          THEN window_.attempts + 1 ELSE 1 END
      RETURNING key, attempts`.execute(trx);
    if (rows.some((row) => row.attempts > (limits.get(row.key) ?? 0))) {
      throw new AppError(
        429,
        "TOO_MANY_VERIFICATION_ATTEMPTS",
        "You have tried to send your documents many times in the last hour. Please wait an hour and try again, or contact us on WhatsApp or Telegram.",
      );
    }
  });
}
