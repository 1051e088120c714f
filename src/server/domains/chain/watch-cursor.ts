import { randomUUID } from "node:crypto";
import { type Kysely, sql, type Transaction } from "kysely";
import type { DB } from "../../platform/db/schema";
import { ChainEndpointError } from "./chain-answer";

/** One watched wallet: a network's payout wallet. */
export type WatchKey = { network: string; wallet: string };

/** A cursor this process holds for one pass. */
export type HeldCursor = WatchKey & {
  leaseId: string;
  nextBlock: bigint | null;
  /** The head the last good pass saw. */
  headBlock: bigint | null;
  /** TRON through TronGrid's index: the block time (ms) to list the wallet's transfers from. */
  indexFromMs: bigint | null;
};

const ofKey = (key: WatchKey) => ({ network: key.network, wallet_address: key.wallet });

/**
 * Claims the wallet's cursor for one pass, creating it the first time: null when
 * another process holds it. The lease is a row, not a held connection or lock, so a
 * slow node ties up nothing in the database (PGlite has one connection); if the
 * process dies, the lease runs out and another takes the wallet up.
 */
export async function claimCursor(
  db: Kysely<DB>,
  key: WatchKey,
  leaseSeconds: number,
): Promise<HeldCursor | null> {
  const lease = {
    lease_id: randomUUID(),
    leased_until: sql<Date>`now() + make_interval(secs => ${leaseSeconds})`,
  };
  const row = await db
    .insertInto("chain_watch_cursors")
    .values({ ...ofKey(key), next_block: null, ...lease })
    .onConflict((oc) =>
      oc
        .columns(["network", "wallet_address"])
        .doUpdateSet(lease)
        .where((eb) =>
          eb.or([
            eb("chain_watch_cursors.leased_until", "is", null),
            eb("chain_watch_cursors.leased_until", "<", sql<Date>`now()`),
          ]),
        ),
    )
    .returning(["lease_id", "next_block", "head_block", "index_from_ms"])
    .executeTakeFirst();
  if (!row?.lease_id) return null;
  return {
    ...key,
    leaseId: row.lease_id,
    nextBlock: row.next_block === null ? null : BigInt(row.next_block),
    headBlock: row.head_block === null ? null : BigInt(row.head_block),
    indexFromMs: row.index_from_ms === null ? null : BigInt(row.index_from_ms),
  };
}

/**
 * Locks the cursor for the pass's writes: false when the lease ran out and another
 * process took the wallet (then this pass writes nothing).
 */
export async function holdCursor(trx: Transaction<DB>, cursor: HeldCursor): Promise<boolean> {
  const row = await trx
    .selectFrom("chain_watch_cursors")
    .select("lease_id")
    .where("network", "=", cursor.network)
    .where("wallet_address", "=", cursor.wallet)
    .where("lease_id", "=", cursor.leaseId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Moves the cursor and gives the lease up, in the transaction that wrote the pass's
 * rows; keeps the head the pass saw, which the lag is measured against, `error`,
 * why a pass that got part of the way stopped there, and where TronGrid's index is
 * listed from next when the pass read it.
 */
export async function advanceCursor(
  trx: Transaction<DB>,
  cursor: HeldCursor,
  {
    nextBlock,
    head,
    error = null,
    indexFromMs,
  }: { nextBlock: bigint; head: bigint; error?: string | null; indexFromMs?: bigint },
) {
  await trx
    .updateTable("chain_watch_cursors")
    .set({
      next_block: nextBlock,
      ...(indexFromMs === undefined ? {} : { index_from_ms: indexFromMs }),
      head_block: head,
      advanced_at: sql<Date>`CASE WHEN next_block IS DISTINCT FROM ${nextBlock.toString()}::bigint
        THEN now() ELSE advanced_at END`,
      last_error: error,
      last_error_at: error === null ? null : sql<Date>`now()`,
      lease_id: null,
      leased_until: null,
    })
    .where("network", "=", cursor.network)
    .where("wallet_address", "=", cursor.wallet)
    .where("lease_id", "=", cursor.leaseId)
    .execute();
}

/** Gives the lease up after a failed pass, saying why; the cursor stays where it was. */
export async function releaseCursor(db: Kysely<DB>, cursor: HeldCursor, error: string) {
  await db
    .updateTable("chain_watch_cursors")
    .set({
      last_error: error,
      last_error_at: sql<Date>`now()`,
      lease_id: null,
      leased_until: null,
    })
    .where("network", "=", cursor.network)
    .where("wallet_address", "=", cursor.wallet)
    .where("lease_id", "=", cursor.leaseId)
    .execute();
}

/**
 * Runs one pass under the wallet's lease: null when another process holds it. A pass
 * that throws gives the lease up with its error, the cursor where it was.
 */
export async function passUnderLease<Pass>(
  db: Kysely<DB>,
  key: WatchKey,
  leaseSeconds: number,
  pass: (cursor: HeldCursor) => Promise<Pass>,
): Promise<Pass | null> {
  const cursor = await claimCursor(db, key, leaseSeconds);
  if (!cursor) return null;
  try {
    return await pass(cursor);
  } catch (error) {
    const message = error instanceof ChainEndpointError ? error.message : String(error);
    await releaseCursor(db, cursor, message);
    throw error;
  }
}
