import type { NetworkId } from "../../../shared/catalog";
import type { Database } from "../../platform/db/database";
import { type PageCursor, pageNewestFirst } from "../../platform/http/page-cursor";

export const UNMATCHED_PAGE_SIZE = 50;

/**
 * A page of the final outgoing transfers the watcher left for an operator and no
 * operator has decided yet, newest first (by when the watcher left them).
 */
export async function listUnmatchedTransfers(
  db: Database,
  { cursor, limit = UNMATCHED_PAGE_SIZE }: { cursor?: PageCursor | null; limit?: number },
) {
  const { rows, nextCursor } = await pageNewestFirst(
    db
      .selectFrom("chain_transfers")
      .select([
        "id",
        "network",
        "tx_hash",
        "log_index",
        "to_address",
        "amount",
        "block_number",
        "seen_at",
        "updated_at",
        "note",
      ])
      .where("direction", "=", "out")
      .where("state", "=", "final")
      .where("match_state", "=", "unmatched"),
    { at: "updated_at", id: "id" },
    { cursor, limit },
  );
  return {
    transfers: rows.map((row) => ({
      id: row.id,
      // The watcher writes only the catalog's networks.
      network: row.network as NetworkId,
      txHash: row.tx_hash,
      logIndex: row.log_index,
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
