import { sql } from "kysely";
import type { NetworkId } from "../../../shared/catalog";
import type { Database } from "../../platform/db/database";
import { encodePageCursor, type PageCursor } from "../../platform/http/page-cursor";

export const UNMATCHED_PAGE_SIZE = 50;

/**
 * A page of the final outgoing transfers the watcher left for an operator and no
 * operator has decided yet, newest first (by when the watcher left them).
 */
export async function listUnmatchedTransfers(
  db: Database,
  { cursor, limit = UNMATCHED_PAGE_SIZE }: { cursor?: PageCursor | null; limit?: number },
) {
  const rows = await db
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
      // Microsecond timestamps survive only as text; a JS Date would drop them.
      sql<string>`updated_at::text`.as("cursor_at"),
    ])
    .where("direction", "=", "out")
    .where("state", "=", "final")
    .where("match_state", "=", "unmatched")
    .$if(Boolean(cursor), (query) =>
      query.where(
        sql<boolean>`(updated_at, id) < (${cursor?.createdAt}::timestamptz, ${cursor?.id}::uuid)`,
      ),
    )
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    transfers: page.map((row) => ({
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
    nextCursor:
      rows.length > limit && last
        ? encodePageCursor({ createdAt: last.cursor_at, id: last.id })
        : null,
  };
}
