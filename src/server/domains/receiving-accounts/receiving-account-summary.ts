import type { Kysely, Selectable } from "kysely";
import type { DB, ReceivingAccountsTable } from "../../platform/db/schema";

/** An account as an operator reads it beside an order: its label and where the money went. */
export interface ReceivingAccountSummary {
  id: string;
  label: string;
  /** The UPI ID, or the bank, account number and IFSC. */
  details: string;
}

type SummaryColumns = Pick<
  Selectable<ReceivingAccountsTable>,
  "id" | "label" | "upi_id" | "bank_name" | "bank_account_number" | "bank_ifsc_code"
>;
const SUMMARY_COLUMNS = [
  "id",
  "label",
  "upi_id",
  "bank_name",
  "bank_account_number",
  "bank_ifsc_code",
] as const;

export function summarizeAccount(account: SummaryColumns): ReceivingAccountSummary {
  const details =
    account.upi_id ??
    [account.bank_name, account.bank_account_number, account.bank_ifsc_code]
      .filter(Boolean)
      .join(" ");
  return { id: account.id, label: account.label, details };
}

/**
 * Stands for the account an order's offer names, in the messages placeOrder writes
 * before that offer is looked up: the order query puts the account's line in
 * its place (order-placement-sql.ts), so an order costs no query of its own for it.
 */
export const OFFERED_ACCOUNT = "{{the offer's receiving account}}";

/** "Label (details)", for a CSV cell or a notification line. */
export function accountLine(
  account: ReceivingAccountSummary | typeof OFFERED_ACCOUNT | undefined,
): string {
  if (account === OFFERED_ACCOUNT) return OFFERED_ACCOUNT;
  return account ? `${account.label} (${account.details})` : "";
}

/**
 * Every account, retired ones too, by id: a desk has a handful, so a page of
 * orders reads them once instead of joining them into the order queries.
 */
export async function accountSummaries(db: Kysely<DB>) {
  const rows = await db.selectFrom("receiving_accounts").select(SUMMARY_COLUMNS).execute();
  return new Map(rows.map((row) => [row.id, summarizeAccount(row)]));
}
