import { type Kysely, sql } from "kysely";

/*
 * Autopilot's fee cap (issue 52): the most one payout's transaction may cost in the
 * network's own coin (its gas limit at the fee per gas the signer would offer). A payout
 * that would cost more waits for fees to fall; the node's fee estimate never decides
 * alone what the desk pays.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE autopilot_networks
      ADD COLUMN max_fee_per_payout numeric NOT NULL DEFAULT 0.01 CHECK (max_fee_per_payout > 0)`.execute(
    db,
  );
  // A USDT transfer costs far less than this on each chain in ordinary times.
  await sql`
    UPDATE autopilot_networks SET max_fee_per_payout = CASE network
      WHEN 'trc20' THEN 30 WHEN 'bep20' THEN 0.002 WHEN 'polygon' THEN 1
      WHEN 'solana' THEN 0.001 ELSE 0.01 END`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`ALTER TABLE autopilot_networks DROP COLUMN max_fee_per_payout`.execute(db);
}
