import { sql } from "kysely";
import { NETWORKS } from "../../../../shared/catalog";

/*
 * What makes an incoming transfer a sell order's deposit (decisions 049 and 052), as SQL
 * on a sell order `o` and a chain transfer `t`: the order's network, exactly its deposit
 * amount, to its deposit address, its block made within the order's window (from its
 * placement, to the second as blocks keep time, to its expiry), the order awaiting it
 * or expired since. Only one order can fit: no two sales hold one amount within a
 * quarantine after a window's end (sale_deposit_amounts), so windows of one amount never
 * overlap. An order that expired before the watcher read a deposit made in its window
 * still fits it (a watcher catching up); a cancelled or paid one never does.
 */

const EVM_NETWORKS = NETWORKS.filter((network) => network.family === "evm").map(({ id }) => id);

/** The deposit address as the watcher writes the network's addresses (EVM hex in lower case). */
const depositAddressAsWritten = sql<string>`CASE WHEN o.network IN (${sql.join(
  EVM_NETWORKS,
)}) THEN lower(o.deposit_address) ELSE o.deposit_address END`;

/**
 * The sales a transfer may have been sent for, whatever became of them: of its network,
 * amount and deposit address, placed before its block was made. The latest one is the
 * sale it was sent for, if any.
 */
export const DEPOSIT_ASKED_BEFORE = sql<boolean>`(o.network = t.network
    AND o.deposit_usdt = t.amount
    AND ${depositAddressAsWritten} = t.to_address
    AND date_trunc('second', o.created_at) <= t.block_time)`;

export const DEPOSIT_FITS = sql<boolean>`(${DEPOSIT_ASKED_BEFORE}
    AND t.block_time < o.expires_at
    AND o.status IN ('awaiting_deposit', 'expired'))`;

/**
 * A deposit the order has or may yet have: a transfer linked to it, or one the watcher
 * recorded that fits it and the matcher has not looked at yet. Either keeps it from
 * expiring.
 */
export const DEPOSIT_PENDING = sql<boolean>`EXISTS (
    SELECT 1 FROM chain_transfers AS t
    WHERE t.network = o.network AND t.amount = o.deposit_usdt
      AND t.direction = 'in' AND t.state IN ('seen', 'final')
      AND (t.sell_order_id = o.id
        OR (t.sell_order_id IS NULL AND t.match_state = 'waiting' AND ${DEPOSIT_FITS}))
  )`;
