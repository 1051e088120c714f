import { type Kysely, sql } from "kysely";

/*
 * The hot wallet watched (issue 52): per network, the most USDT it should hold (above
 * it the operators are told to sweep the rest to cold storage); what the signer last
 * read of its balances; and each payout's fee, read from its receipt once mined, with
 * whether the transfer itself went through (a reverted payout still costs its fee, and
 * its order is an operator's again: they are told once).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE autopilot_networks
      ADD COLUMN hot_wallet_ceiling_usdt numeric NOT NULL DEFAULT 10000
        CHECK (hot_wallet_ceiling_usdt > 0)`.execute(db);
  await sql`
    ALTER TABLE autopilot_signers
      ADD COLUMN usdt_balance numeric,
      ADD COLUMN coin_balance numeric,
      ADD COLUMN balance_read_at timestamptz,
      ADD COLUMN sweep_alert_sent boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    ALTER TABLE autopilot_sends
      ADD COLUMN fee_paid numeric,
      ADD COLUMN reverted boolean,
      ADD COLUMN revert_alert_sent boolean NOT NULL DEFAULT false`.execute(db);
  // The sends whose receipt the signer has still to read.
  await sql`
    CREATE INDEX autopilot_sends_unsettled ON autopilot_sends (network, nonce)
    WHERE broadcast_at IS NOT NULL AND fee_paid IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP INDEX autopilot_sends_unsettled`.execute(db);
  await sql`ALTER TABLE autopilot_sends DROP COLUMN revert_alert_sent, DROP COLUMN reverted, DROP COLUMN fee_paid`.execute(
    db,
  );
  await sql`
    ALTER TABLE autopilot_signers
      DROP COLUMN sweep_alert_sent,
      DROP COLUMN balance_read_at,
      DROP COLUMN coin_balance,
      DROP COLUMN usdt_balance`.execute(db);
  await sql`ALTER TABLE autopilot_networks DROP COLUMN hot_wallet_ceiling_usdt`.execute(db);
}
