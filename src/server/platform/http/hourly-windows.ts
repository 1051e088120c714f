import { type Kysely, sql, type Transaction } from "kysely";
import type { DB } from "../db/schema";

/*
 * Hourly limits on what a caller may ask for (payment offers, verification
 * attempts), per customer and per client address. Each key is a row whose window
 * starts at its first request; one upsert counts the request on every key.
 */

/** The tables of such windows, with the column each counts in. */
const COUNTED_COLUMN = {
  payment_offer_windows: "requests",
  verification_attempt_windows: "attempts",
} as const;

export type HourlyWindows = keyof typeof COUNTED_COLUMN;

/** A window lasts this long from its first request. */
const HOURLY_WINDOW = sql`interval '1 hour'`;

/**
 * Counts one request of the caller in `table`, against `perCustomer` requests an hour
 * for the customer and `perAddress` for their address (when known). A concurrent
 * request on the same key waits for this one's row and then counts on, so parallel
 * requests cannot all pass; the customer's row is always locked before the
 * address's, so two requests cannot wait on each other. True when a limit is passed.
 */
export async function countPastHourlyLimit(
  db: Kysely<DB> | Transaction<DB>,
  table: HourlyWindows,
  caller: { customerId: string; address: string | undefined },
  { perCustomer, perAddress }: { perCustomer: number; perAddress: number },
): Promise<boolean> {
  const limits = new Map([[`customer:${caller.customerId}`, perCustomer]]);
  if (caller.address) limits.set(`address:${caller.address}`, perAddress);
  const counted = sql.ref(COUNTED_COLUMN[table]);
  const { rows } = await sql<{ key: string; count: number }>`
    INSERT INTO ${sql.table(table)} AS window_ (key, window_started_at, ${counted})
    SELECT key, now(), 1 FROM unnest(${[...limits.keys()]}::text[]) WITH ORDINALITY AS k (key, n)
    ORDER BY n
    ON CONFLICT (key) DO UPDATE SET
      window_started_at = CASE WHEN window_.window_started_at > now() - ${HOURLY_WINDOW}
        THEN window_.window_started_at ELSE now() END,
      ${counted} = CASE WHEN window_.window_started_at > now() - ${HOURLY_WINDOW}
        THEN window_.${counted} + 1 ELSE 1 END
    RETURNING key, ${counted} AS count`.execute(db);
  return rows.some((row) => row.count > (limits.get(row.key) ?? 0));
}
