import { sql } from "kysely";

/**
 * The USDT a network's wallet is known to hold: its last good read, unless a read
 * has been refused since (stale: the node may be down while the wallet is emptied).
 * Nothing read counts as nothing: the desk does not promise coins it has not seen.
 * `table` names the treasury_networks row in the statement.
 */
export function trustedUsdtOnHand(table: string) {
  const row = sql.ref(table);
  return sql<string>`CASE WHEN ${row}.balance_error_at IS NULL
    OR ${row}.balance_error_at < ${row}.balance_read_at
    THEN coalesce(${row}.usdt_balance, 0) ELSE 0 END`;
}
