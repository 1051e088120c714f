import { type Kysely, sql } from "kysely";

/*
 * Autopilot's approvals (issue 52): above one amount, or for a customer's first order,
 * one operator approves a payout before the signer sends it; above a higher amount, two
 * distinct operators do. Each approval is one row per operator, kept as a record even if
 * the operator's account goes.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    ALTER TABLE autopilot_networks
      ADD COLUMN approve_above_usdt numeric NOT NULL DEFAULT 1000 CHECK (approve_above_usdt >= 0),
      ADD COLUMN second_approval_above_usdt numeric NOT NULL DEFAULT 10000,
      ADD COLUMN approve_first_order boolean NOT NULL DEFAULT true,
      ADD CONSTRAINT autopilot_second_approval_above_first
        CHECK (second_approval_above_usdt >= approve_above_usdt)`.execute(db);
  await sql`
    CREATE TABLE autopilot_approvals (
      order_id uuid NOT NULL REFERENCES orders (id),
      approved_by text NOT NULL,
      approved_by_email text NOT NULL,
      approved_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (order_id, approved_by)
    )`.execute(db);
  // An order waiting for approvals is not asked again every pass, only once one arrives.
  await sql`
    ALTER TABLE autopilot_refusals
      ADD COLUMN approvals_needed smallint NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`ALTER TABLE autopilot_refusals DROP COLUMN approvals_needed`.execute(db);
  await sql`DROP TABLE autopilot_approvals`.execute(db);
  await sql`
    ALTER TABLE autopilot_networks
      DROP CONSTRAINT autopilot_second_approval_above_first,
      DROP COLUMN approve_first_order,
      DROP COLUMN second_approval_above_usdt,
      DROP COLUMN approve_above_usdt`.execute(db);
}
