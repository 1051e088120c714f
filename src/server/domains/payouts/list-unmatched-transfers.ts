import type { NetworkId } from "../../../shared/catalog";
import type { Database } from "../../platform/db/database";
import type { ChainTransferMatch, ChainTransferState } from "../../platform/db/schema";
import { type PageCursor, pageNewestFirst } from "../../platform/http/page-cursor";

export const UNMATCHED_PAGE_SIZE = 50;

/**
 * Undecided transfers, the deposits marked to send back, the incoming ones that failed
 * on chain, or those taken back before they were final.
 */
export type UnmatchedList = "unmatched" | "to_refund" | "failed" | "removed";

/** Each list's transfers, by their state on chain and their match state (any, unless named). */
const LISTED: Record<
  UnmatchedList,
  { state: ChainTransferState; matchState?: ChainTransferMatch }
> = {
  unmatched: { state: "final", matchState: "unmatched" },
  to_refund: { state: "final", matchState: "to_refund" },
  failed: { state: "failed", matchState: "ignored" },
  // Whatever they waited for: one that comes back is matched then.
  removed: { state: "removed" },
};

/**
 * A page of the final transfers the watcher left for an operator, newest first (by when
 * they were last decided): out of a payout wallet (no order's payout) or into one (no
 * sell order's deposit, and not recorded as the desk's own top-up), undecided yet; or,
 * with `state: "to_refund"`, the deposits an operator marked to send back; or, with
 * `state: "failed"`, the transfers that failed on chain (nothing to decide: there for
 * a customer who says they sent a deposit, and for a payout to send again); or, with `state: "removed"`, the
 * transfers seen and then taken back before they were final, with why (a customer's
 * deposit or a payout the chain no longer holds).
 */
export async function listUnmatchedTransfers(
  db: Database,
  {
    cursor,
    limit = UNMATCHED_PAGE_SIZE,
    state = "unmatched",
  }: { cursor?: PageCursor | null; limit?: number; state?: UnmatchedList },
) {
  const { rows, nextCursor } = await pageNewestFirst(
    db
      .selectFrom("chain_transfers")
      .select([
        "id",
        "network",
        "direction",
        "tx_hash",
        "log_index",
        "from_address",
        "to_address",
        "amount",
        "block_number",
        "seen_at",
        "updated_at",
        "note",
      ])
      .where("state", "=", LISTED[state].state)
      .$call((query) => {
        const { matchState } = LISTED[state];
        return matchState ? query.where("match_state", "=", matchState) : query;
      })
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("usdt_purchases")
              .select("id")
              .whereRef("usdt_purchases.chain_transfer_id", "=", "chain_transfers.id"),
          ),
        ),
      ),
    { at: "updated_at", id: "id" },
    { cursor, limit },
  );
  return {
    transfers: rows.map((row) => ({
      id: row.id,
      // The watcher writes only the catalog's networks.
      network: row.network as NetworkId,
      direction: row.direction,
      txHash: row.tx_hash,
      logIndex: row.log_index,
      from: row.from_address,
      to: row.to_address,
      amount: row.amount,
      blockNumber: String(row.block_number),
      seenAt: row.seen_at.toISOString(),
      finalAt: row.updated_at.toISOString(),
      note: row.note,
    })),
    nextCursor,
  };
}
