import { type Expression, type Kysely, sql } from "kysely";
import type { NetworkId } from "../../../shared/catalog";
import { buildPayoutPayLink } from "../../../shared/payout-pay-link";
import type { ChainConfig } from "../../platform/config/chain-config";
import { USDT_TOKENS } from "../../platform/config/chain-tokens";
import type { DB } from "../../platform/db/schema";
import type { OrderRow } from "../orders/buy/order-view";

/** What the payout queue shows of paying one USDT order (issue 43). */
export type PayoutStepView = {
  /** The EIP-681 or Solana Pay link a wallet app reads; null on TRON. */
  payLink: string | null;
  /** The latest transfer of the order's amount to its wallet the watcher has seen; open orders only. */
  seenOnChain: { txHash: string; confirmations: number; required: number; isFinal: boolean } | null;
  /** The other open orders awaiting the same amount to the same wallet on the same network. */
  sharedWith: string[];
};

/**
 * A wallet address as the watcher writes a transfer's recipient, in SQL: walletKeyOf's
 * rule (src/shared/blocklist-keys.ts), EVM hex in lower case, TRON's and Solana's base58
 * as it is (an order's address is stored trimmed). payout-step.test.ts holds the two to
 * the same answers.
 */
export function walletKeyInSql(address: Expression<string>) {
  return sql<string>`CASE WHEN ${address} ~* '^0x[0-9a-f]{40}$' THEN lower(${address}) ELSE ${address} END`;
}

/** An order's wallet as its key. */
const walletKey = (table: "orders" | "other") =>
  walletKeyInSql(sql.ref<string>(`${table}.wallet_address`));

const isOpen = (order: OrderRow) => order.status === "pending" || order.status === "processing";

/**
 * The pay step of each USDT order of a page, by order id: two queries for the whole
 * page (index probes per open order, migration 0110), never one per order.
 */
export async function payoutStepsOf(
  db: Kysely<DB>,
  chains: ChainConfig,
  orders: OrderRow[],
): Promise<Map<string, PayoutStepView>> {
  const usdt = orders.filter((order) => order.receive_currency === "usdt" && order.network);
  const openIds = usdt.filter(isOpen).map((order) => order.id);
  const [seen, shared] =
    openIds.length === 0
      ? [[], []]
      : await Promise.all([seenOnChain(db, openIds), sharing(db, openIds)]);
  const steps = new Map<string, PayoutStepView>();
  for (const order of usdt) {
    const network = order.network as NetworkId;
    const chain = chains.networks[network];
    const transfer = seen.find((row) => row.order_id === order.id);
    const required = chain?.endpoint.confirmations ?? 0;
    steps.set(order.id, {
      payLink: buildPayoutPayLink({
        network,
        token: chain?.token ?? USDT_TOKENS[network].token,
        decimals: USDT_TOKENS[network].decimals,
        recipient: order.wallet_address,
        amount: order.receive_amount,
      }),
      seenOnChain: transfer
        ? {
            txHash: transfer.tx_hash,
            confirmations: Math.min(transfer.confirmations, required),
            required,
            isFinal: transfer.state === "final",
          }
        : null,
      sharedWith: shared.filter((row) => row.order_id === order.id).map((row) => row.other_id),
    });
  }
  return steps;
}

/**
 * Per order, the newest outgoing transfer seen or final that is its payout or could be:
 * linked to it, or of its amount to its wallet and neither another order's payout nor
 * marked "not a payout".
 */
function seenOnChain(db: Kysely<DB>, orderIds: string[]) {
  return sql<{ order_id: string; tx_hash: string; confirmations: number; state: string }>`
    SELECT orders.id AS order_id, seen.tx_hash, seen.confirmations, seen.state
    FROM orders CROSS JOIN LATERAL (
      (SELECT tx_hash, confirmations, state, block_number FROM chain_transfers
        WHERE network = orders.network AND direction = 'out' AND state IN ('seen', 'final')
          AND to_address = ${walletKey("orders")} AND amount = orders.receive_amount
          AND (order_id IS NULL OR order_id = orders.id) AND match_state <> 'dismissed')
      UNION ALL
      (SELECT tx_hash, confirmations, state, block_number FROM chain_transfers
        WHERE order_id = orders.id AND state IN ('seen', 'final'))
      ORDER BY block_number DESC LIMIT 1
    ) AS seen
    WHERE orders.id IN (${sql.join(orderIds.map((id) => sql`${id}::uuid`))})`
    .execute(db)
    .then((result) => result.rows);
}

/** The most other orders a warning names: one is enough to warn, a few to look at. */
const SHARED_WITH_NAMED = 5;

/**
 * Pairs of an order and another open order awaiting the same USDT amount to the same
 * wallet: a probe of the open orders' index per order, stopping at the few it names, so
 * a page costs the same however many open orders share an amount.
 */
function sharing(db: Kysely<DB>, orderIds: string[]) {
  return sql<{ order_id: string; other_id: string }>`
    SELECT orders.id AS order_id, other.id AS other_id
    FROM orders CROSS JOIN LATERAL (
      SELECT other.id, other.created_at FROM orders AS other
      WHERE other.network = orders.network AND other.receive_amount = orders.receive_amount
        AND other.status IN ('pending', 'processing') AND other.id <> orders.id
        AND other.receive_currency = 'usdt' AND ${walletKey("other")} = ${walletKey("orders")}
      LIMIT ${SHARED_WITH_NAMED}
    ) AS other
    WHERE orders.id IN (${sql.join(orderIds.map((id) => sql`${id}::uuid`))})
    ORDER BY other.created_at`
    .execute(db)
    .then((result) => result.rows);
}
