import { type Kysely, sql } from "kysely";
import { saleBlocklistKeys } from "../../../../shared/blocklist-keys";

/*
 * A payout account's blocklist keys (its UPI ID or bank account, and its holder's name,
 * as src/shared/blocklist-keys.ts normalises them), kept when the account is added: the
 * sale's placement statement reads them beside the account instead of the server
 * computing them in a statement of their own first (docs/architecture.md, "How a sale
 * flows"). An account is never edited, only removed, so its keys stay its own.
 */
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE payout_destinations ADD COLUMN blocklist_keys text[]`.execute(db);
  const { rows } = await sql<{
    id: string;
    upi_id: string | null;
    account_number: string | null;
    holder_name: string;
  }>`SELECT id, upi_id, account_number, holder_name FROM payout_destinations`.execute(db);
  for (const destination of rows) {
    await sql`UPDATE payout_destinations SET blocklist_keys = ${saleBlocklistKeys(destination)}
      WHERE id = ${destination.id}`.execute(db);
  }
  await sql`ALTER TABLE payout_destinations ALTER COLUMN blocklist_keys SET NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`ALTER TABLE payout_destinations DROP COLUMN blocklist_keys`.execute(db);
}
