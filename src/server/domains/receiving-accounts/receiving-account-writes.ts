import { type Insertable, type Selectable, sql, type Transaction } from "kysely";
import { recordAudit } from "../../platform/audit-trail/audit";
import type { DB, ReceivingAccountsTable } from "../../platform/db/schema";
import { AppError, uniqueViolation } from "../../platform/http/errors";

/*
 * What every change to a receiving account shares, from its page or from the
 * Settings page: the locked row, the audit entry, the refusal of a duplicate, and
 * the rule that where the money goes is fixed once customers were shown it.
 */

export type AccountRow = Selectable<ReceivingAccountsTable>;
export interface Actor {
  id: string;
  email: string;
}

/** The columns that say where the money goes: fixed once a customer was shown them. */
const PAYMENT_IDENTITY: readonly string[] = [
  "kind",
  "upi_id",
  "bank_account_number",
  "bank_ifsc_code",
];

export function changesPaymentIdentity(columns: string[]): boolean {
  return columns.some((column) => PAYMENT_IDENTITY.includes(column));
}

export function diffColumns(before: AccountRow, after: Partial<Record<keyof AccountRow, unknown>>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [column, value] of Object.entries(after)) {
    const old = before[column as keyof AccountRow];
    if (JSON.stringify(old) !== JSON.stringify(value)) changes[column] = { from: old, to: value };
  }
  return changes;
}

export async function auditAccountChange(
  trx: Transaction<DB>,
  actor: Actor,
  action:
    | "receiving_account.created"
    | "receiving_account.updated"
    | "receiving_account.paused"
    | "receiving_account.resumed"
    | "receiving_account.retired"
    | "receiving_account.frozen"
    | "receiving_account.unfrozen",
  accountId: string,
  details: Record<string, unknown>,
  ipAddress?: string,
) {
  await recordAudit(trx, {
    actor,
    action,
    target: { type: "receiving_account", id: accountId },
    details,
    ipAddress,
  });
}

/** Inserts the account last in the rotation; a duplicate in service is a 409. */
export async function insertAccount(
  trx: Transaction<DB>,
  columns: Insertable<ReceivingAccountsTable>,
): Promise<string> {
  const { id } = await refusingDuplicates(
    trx
      .insertInto("receiving_accounts")
      .values({
        position: sql<number>`(SELECT coalesce(max(position), -1) + 1 FROM receiving_accounts)`,
        ...columns,
      })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  return id;
}

/** The unique indexes of 0022 (one account in service per UPI ID, per bank account) as a 409. */
export async function refusingDuplicates<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === "receiving_accounts_upi_in_service") {
      throw new AppError(
        409,
        "ACCOUNT_DUPLICATE",
        "This UPI ID is already a receiving account in service: edit that one, or retire it first.",
        { field: "upiId" },
      );
    }
    if (constraint === "receiving_accounts_bank_in_service") {
      throw new AppError(
        409,
        "ACCOUNT_DUPLICATE",
        "This account number and IFSC are already a receiving account in service: edit that one, or retire it first.",
        { field: "accountNumber" },
      );
    }
    throw error;
  }
}

/** The account's row, locked; a retired one only when asked for (`orRetired`). */
export async function lockAccount(trx: Transaction<DB>, id: string, { orRetired = false } = {}) {
  const account = await trx
    .selectFrom("receiving_accounts")
    .selectAll()
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  if (!account) throw new AppError(404, "NOT_FOUND", "No such receiving account.");
  if (account.retired_at && !orRetired) {
    throw new AppError(409, "ACCOUNT_RETIRED", "This account is retired and cannot be changed.");
  }
  return account;
}

/** A customer was shown this account (an offer), so orders may name it. */
export async function wasShown(trx: Transaction<DB>, id: string) {
  const offer = await trx
    .selectFrom("receiving_account_offers")
    .select("id")
    .where("receiving_account_id", "=", id)
    .limit(1)
    .executeTakeFirst();
  const order = await trx
    .selectFrom("orders")
    .select("id")
    .where("receiving_account_id", "=", id)
    .limit(1)
    .executeTakeFirst();
  return Boolean(offer || order);
}

/** Takes the account out of service for good, audited; its orders keep naming it. */
export async function retireAccount(
  trx: Transaction<DB>,
  actor: Actor,
  account: AccountRow,
  details: Record<string, unknown>,
  ipAddress?: string,
) {
  await trx
    .updateTable("receiving_accounts")
    .set({ retired_at: sql<Date>`now()`, settings_field: null, updated_at: sql<Date>`now()` })
    .where("id", "=", account.id)
    .execute();
  await auditAccountChange(
    trx,
    actor,
    "receiving_account.retired",
    account.id,
    { label: account.label, ...details },
    ipAddress,
  );
}
