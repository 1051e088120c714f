import { sql } from "kysely";
import { NETWORKS } from "../../../../shared/catalog";

/*
 * What makes an incoming transfer a sell order's deposit (decision 049), as SQL on a
 * sell order `o` and a chain transfer `t`: the order's network, exactly its deposit
 * amount, to its deposit address, first seen while the order awaited it. Only one
 * order can fit: the amount is unique among a network's orders awaiting a deposit, and
 * an order stops awaiting (expires) before another may ask the same amount. An order
 * expired meanwhile still fits a transfer seen before its expiry (expiry and the
 * watcher crossing at the last moment); a cancelled one never does.
 */

const EVM_NETWORKS = NETWORKS.filter((network) => network.family === "evm").map(({ id }) => id);

/** The deposit address as the watcher writes the network's addresses (EVM hex in lower case). */
const depositAddressAsWritten = sql<string>`CASE WHEN o.network IN (${sql.join(
  EVM_NETWORKS,
)}) THEN lower(o.deposit_address) ELSE o.deposit_address END`;

export const DEPOSIT_FITS = sql<boolean>`(o.network = t.network
    AND o.deposit_usdt = t.amount
    AND ${depositAddressAsWritten} = t.to_address
    AND o.created_at <= t.seen_at AND t.seen_at < o.expires_at
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
