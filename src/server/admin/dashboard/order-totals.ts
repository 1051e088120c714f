import { type Kysely, sql } from "kysely";
import type { Logger } from "pino";
import type { DB } from "../../db/schema";

/**
 * Moves the pending change rows into order_totals in one statement. Safe to run
 * from several processes at once: a row deleted by one is skipped by the others.
 */
export async function foldOrderTotals(db: Kysely<DB>) {
  await sql`
    WITH moved AS (
      DELETE FROM order_total_changes RETURNING day, status, orders, inr, usdt
    ), summed AS (
      SELECT day, status, sum(orders) AS orders, sum(inr) AS inr, sum(usdt) AS usdt
      FROM moved GROUP BY day, status
    )
    INSERT INTO order_totals AS t (day, status, orders, inr, usdt)
    SELECT day, status, orders, inr, usdt FROM summed
    ON CONFLICT (day, status) DO UPDATE SET
      orders = t.orders + EXCLUDED.orders,
      inr = t.inr + EXCLUDED.inr,
      usdt = t.usdt + EXCLUDED.usdt`.execute(db);
}

/** Folded totals plus the changes not folded yet: exact at any moment. */
export const currentTotals = sql`(
  SELECT day, status, orders, inr, usdt FROM order_totals
  UNION ALL
  SELECT day, status, orders, inr, usdt FROM order_total_changes
)`;

const FOLD_EVERY_MS = 1000;

/** Folds the changes every second in this process; returns the function that stops it. */
export function startFoldingOrderTotals(db: Kysely<DB>, logger: Logger): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = foldOrderTotals(db).catch((error) =>
      logger.error({ err: error }, "folding order totals failed"),
    );
  }, FOLD_EVERY_MS);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
