import { type Kysely, sql } from "kysely";
import type { Logger } from "pino";
import type { DB } from "../../db/schema";

/** An account's rupees of one India day after a fold added to them. */
export interface AccountDayTotal {
  receiving_account_id: string;
  day: string;
  inr: string;
}

/**
 * Moves the pending change rows into order_totals and receiving_account_day_totals
 * in one statement; answers the account days it changed, with their new totals.
 * Safe to run from several processes at once: a row deleted by one is skipped by
 * the others, and an upsert waits for another's on the same row, then adds to it.
 */
export async function foldOrderTotals(db: Kysely<DB>): Promise<AccountDayTotal[]> {
  const { rows } = await sql<AccountDayTotal>`
    WITH moved AS (
      DELETE FROM order_total_changes
      RETURNING day, status, orders, inr, usdt, receiving_account_id
    ), by_status AS (
      INSERT INTO order_totals AS t (day, status, orders, inr, usdt)
      SELECT day, status, sum(orders), sum(inr), sum(usdt) FROM moved GROUP BY day, status
      ON CONFLICT (day, status) DO UPDATE SET
        orders = t.orders + EXCLUDED.orders,
        inr = t.inr + EXCLUDED.inr,
        usdt = t.usdt + EXCLUDED.usdt
    )
    INSERT INTO receiving_account_day_totals AS t (receiving_account_id, day, inr)
    SELECT receiving_account_id, day, sum(inr) FROM moved
    WHERE receiving_account_id IS NOT NULL AND status <> 'cancelled'
    GROUP BY receiving_account_id, day
    ON CONFLICT (receiving_account_id, day) DO UPDATE SET inr = t.inr + EXCLUDED.inr
    RETURNING receiving_account_id, day::text, inr::text`.execute(db);
  return rows;
}

/** Folded totals plus the changes not folded yet: exact at any moment. */
export const currentTotals = sql`(
  SELECT day, status, orders, inr, usdt FROM order_totals
  UNION ALL
  SELECT day, status, orders, inr, usdt FROM order_total_changes
)`;

const FOLD_EVERY_MS = 1000;

/**
 * Runs `fold` (foldOrderTotals, with what else reads the changes it moves) every
 * second in this process; returns the function that stops it.
 */
export function startFoldingOrderTotals(
  fold: () => Promise<void>,
  logger: Logger,
): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = fold().catch((error) => logger.error({ err: error }, "folding order totals failed"));
  }, FOLD_EVERY_MS);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
