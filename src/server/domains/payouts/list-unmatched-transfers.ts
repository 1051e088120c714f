import { sql } from "kysely";
import type { NetworkId } from "../../../shared/catalog";
import type { Database } from "../../platform/db/database";
import { encodePageCursor, type PageCursor } from "../../platform/http/page-cursor";

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
  const rows = await db
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
      // Microsecond timestamps survive only as text; a JS Date would drop them.
      sql<string>`updated_at::text`.as("cursor_at"),
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
    )
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
    nextCursor:
      rows.length > limit && last
        ? encodePageCursor({ createdAt: last.cursor_at, id: last.id })
        : null,
  };
}
