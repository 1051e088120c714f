import type { Kysely, Selectable } from "kysely";
import type { DB, ReceivingAccountsTable } from "../db/schema";

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

/** "Label (details)", for a CSV cell or a notification line. */
export function accountLine(account: ReceivingAccountSummary | undefined): string {
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

/** The account a customer's offer shows; undefined for an offer that is not theirs. */
export async function offeredAccount(db: Kysely<DB>, offerId: string, userId: string) {
  const row = await db
    .selectFrom("receiving_account_offers as offer")
    .innerJoin("receiving_accounts as account", "account.id", "offer.receiving_account_id")
    .select(SUMMARY_COLUMNS.map((column) => `account.${column}` as const))
    .where("offer.id", "=", offerId)
    .where("offer.user_id", "=", userId)
    .executeTakeFirst();
  return row ? summarizeAccount(row) : undefined;
}
