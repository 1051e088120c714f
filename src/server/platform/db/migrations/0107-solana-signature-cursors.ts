import { type Kysely, sql } from "kysely";

/*
 * The Solana payout watcher (issue 43, docs/decisions/048). Solana lists a token
 * account's transactions by signature, newest first, and incoming SPL transfers name
 * the token account, not its owner: a watched wallet's cursor holds, per token account
 * of its USDT, the newest signature read to finality and its slot (the next pass asks
 * for the signatures after it). The wallet's row keeps the lease and `next_block`, the
 * first slot not yet read to finality. A Solana transfer has no block hash to keep (a
 * signature names one transaction on one chain), nor a TRON one (the per-block answer the
 * TRON watcher reads names none, and asking would double its calls per block).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE chain_watch_signatures (
      network text NOT NULL,
      wallet_address text NOT NULL,
      token_account text NOT NULL,
      last_signature text NOT NULL,
      last_slot bigint NOT NULL CHECK (last_slot >= 0),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (network, wallet_address, token_account),
      FOREIGN KEY (network, wallet_address)
        REFERENCES chain_watch_cursors (network, wallet_address) ON DELETE CASCADE
    )`.execute(db);
  await sql`ALTER TABLE chain_transfers ALTER COLUMN block_hash DROP NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`UPDATE chain_transfers SET block_hash = '' WHERE block_hash IS NULL`.execute(db);
  await sql`ALTER TABLE chain_transfers ALTER COLUMN block_hash SET NOT NULL`.execute(db);
  await sql`DROP TABLE chain_watch_signatures`.execute(db);
}
