import { type Kysely, sql } from "kysely";
import type { Logger } from "pino";
import type { DB } from "../../../platform/db/schema";

/** An account's rupees of one India day after a fold added to them. */
export interface AccountDayTotal {
  receiving_account_id: string;
  day: string;
  inr: string;
}

/**
 * What a fold did: the change rows it moved, the account days it changed with their
 * new totals, and whether it changed what a network owes (docs/decisions/037).
 */
export interface Fold {
  moved: number;
  accountDays: AccountDayTotal[];
  owedChanged: boolean;
}

/**
 * Moves the pending change rows into order_totals, receiving_account_day_totals and
 * the USDT each network owes (orders pending or processing) in one query. Safe to run from several processes at once: a row deleted by
 * one is skipped by the others, and an upsert waits for another's on the same
 * row, then adds to it.
 */
export async function foldOrderTotals(db: Kysely<DB>): Promise<Fold> {
  const { rows } = await sql<{
    moved: number;
    account_days: AccountDayTotal[];
    owed_changed: boolean;
  }>`
    WITH moved AS (
      DELETE FROM order_total_changes
      RETURNING day, status, orders, inr, usdt, receiving_account_id, network
    ), by_status AS (
      INSERT INTO order_totals AS t (day, status, orders, inr, usdt)
      SELECT day, status, sum(orders), sum(inr), sum(usdt) FROM moved GROUP BY day, status
      ON CONFLICT (day, status) DO UPDATE SET
        orders = t.orders + EXCLUDED.orders,
        inr = t.inr + EXCLUDED.inr,
        usdt = t.usdt + EXCLUDED.usdt
    ), by_account AS (
      INSERT INTO receiving_account_day_totals AS t (receiving_account_id, day, inr)
      SELECT receiving_account_id, day, sum(inr) FROM moved
      WHERE receiving_account_id IS NOT NULL AND status <> 'cancelled'
      GROUP BY receiving_account_id, day
      ON CONFLICT (receiving_account_id, day) DO UPDATE SET inr = t.inr + EXCLUDED.inr
      RETURNING receiving_account_id, day, inr
    ), by_network AS (
      UPDATE treasury_networks AS t
      SET owed_usdt = t.owed_usdt + owed.usdt, owed_orders = t.owed_orders + owed.orders
      FROM (
        SELECT network, sum(usdt) AS usdt, sum(orders) AS orders FROM moved
        WHERE network IS NOT NULL AND status IN ('pending', 'processing')
        GROUP BY network
      ) AS owed
      WHERE t.network = owed.network
      RETURNING t.network
    )
    SELECT (SELECT count(*) FROM moved)::int AS moved,
      EXISTS (SELECT 1 FROM by_network) AS owed_changed,
      (SELECT coalesce(jsonb_agg(jsonb_build_object('receiving_account_id', receiving_account_id,
          'day', day::text, 'inr', inr::text)), '[]') FROM by_account) AS account_days`.execute(db);
  const [fold] = rows;
  return {
    moved: fold?.moved ?? 0,
    accountDays: fold?.account_days ?? [],
    owedChanged: fold?.owed_changed ?? false,
  };
}

/**
 * Change rows folded since this process last vacuumed the table. Every fold
 * deletes what it moved, and the embedded database runs no autovacuum: the dead
 * rows would stay, and every read of the totals (currentTotals) would scan all
 * the orders ever placed.
 */
const movedSinceVacuum = new WeakMap<Kysely<DB>, number>();
const VACUUM_AFTER_MOVED = 10_000;

/** After a fold, outside its transaction: vacuums the change rows once enough were folded. */
export async function vacuumFoldedChanges(db: Kysely<DB>, moved: number) {
  const total = (movedSinceVacuum.get(db) ?? 0) + moved;
  movedSinceVacuum.set(db, total >= VACUUM_AFTER_MOVED ? 0 : total);
  if (total >= VACUUM_AFTER_MOVED) await sql`VACUUM order_total_changes`.execute(db);
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
