import { type Kysely, sql } from "kysely";

/*
 * Autopilot's limits (issue 52), which the signer reads in the transaction it signs in:
 * per network, whether it sends by itself (off until an operator turns it on), the most
 * per payout and per 24 hours; and one switch that stops all sending at once.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE autopilot_networks (
      network text PRIMARY KEY,
      enabled boolean NOT NULL DEFAULT false,
      max_payout_usdt numeric NOT NULL DEFAULT 0 CHECK (max_payout_usdt >= 0),
      max_day_usdt numeric NOT NULL DEFAULT 0 CHECK (max_day_usdt >= max_payout_usdt),
      -- When it was last turned on: it pays only orders verified since, never one an
      -- operator may be paying by hand already.
      enabled_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    INSERT INTO autopilot_networks (network)
    VALUES ('trc20'), ('bep20'), ('erc20'), ('polygon'), ('solana')`.execute(db);
  await sql`
    CREATE TABLE autopilot_switch (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      stopped boolean NOT NULL DEFAULT false,
      changed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`INSERT INTO autopilot_switch DEFAULT VALUES`.execute(db);
  // A day's payouts on a network, summed by the signer before each new one.
  await sql`CREATE INDEX autopilot_sends_by_day ON autopilot_sends (network, signed_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP INDEX autopilot_sends_by_day`.execute(db);
  await sql`DROP TABLE autopilot_switch`.execute(db);
  await sql`DROP TABLE autopilot_networks`.execute(db);
}
