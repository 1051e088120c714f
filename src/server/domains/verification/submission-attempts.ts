import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";
import { countPastHourlyLimit } from "../../platform/http/hourly-windows";

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

/**
 * Counts a submission attempt against the customer's and the address's hourly
 * limits, as the payment offers are counted (http/hourly-windows.ts). A refused
 * attempt rolls its count back: refusing writes nothing.
 */
export async function countSubmissionAttempt(
  db: Kysely<DB>,
  caller: { customerId: string; address: string | undefined },
) {
  await db.transaction().execute(async (trx) => {
    const isPastLimit = await countPastHourlyLimit(trx, "verification_attempt_windows", caller, {
      perCustomer: ATTEMPTS_PER_CUSTOMER_PER_HOUR,
      perAddress: ATTEMPTS_PER_ADDRESS_PER_HOUR,
    });
    if (isPastLimit) {
      throw new AppError(
        429,
        "TOO_MANY_VERIFICATION_ATTEMPTS",
        "You have tried to send your documents many times in the last hour. Please wait an hour and try again, or contact us on WhatsApp or Telegram.",
      );
    }
  });
}
