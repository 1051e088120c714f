import type { NetworkId } from "../../../shared/catalog";
import type { Database } from "../../platform/db/database";
import { type PageCursor, pageNewestFirst } from "../../platform/http/page-cursor";

export const UNMATCHED_PAGE_SIZE = 50;

/**
 * A page of the final transfers the watcher left for an operator, newest first (by when
 * they were last decided): out of a payout wallet (no order's payout) or into one (no
 * sell order's deposit, and not recorded as the desk's own top-up), undecided yet; or,
 * with `state: "to_refund"`, the deposits an operator marked to send back.
 */
export async function listUnmatchedTransfers(
  db: Database,
  {
    cursor,
    limit = UNMATCHED_PAGE_SIZE,
    state = "unmatched",
  }: { cursor?: PageCursor | null; limit?: number; state?: "unmatched" | "to_refund" },
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
      .where("state", "=", "final")
      .where("match_state", "=", state)
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
