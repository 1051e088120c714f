import { sql, type Updateable } from "kysely";
import type { ReceivingAccountInput } from "../../../shared/receiving-account-input";
import { readDecimal } from "../../../shared/site-settings-input";
import type { Database } from "../../platform/db/database";
import type { ReceivingAccountsTable } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";
import {
  type Actor,
  auditAccountChange,
  changesPaymentIdentity,
  diffColumns,
  insertAccount,
  lockAccount,
  refusingDuplicates,
  retireAccount,
  wasShown,
} from "./receiving-account-writes";

/* The Receiving Accounts page's audited changes (docs/decisions/019): add, edit, retire. */

/** The input as the columns store it. */
function toColumns(input: ReceivingAccountInput) {
  const limit = (text: string) => (text === "" ? null : (readDecimal(text)?.toFixed(2) ?? null));
  const common = {
    kind: input.kind,
    label: input.label,
    send_methods: input.sendMethods,
    daily_cap_inr: limit(input.dailyCapInr),
    per_order_max_inr: limit(input.perOrderMaxInr),
    paused: input.paused,
  };
  return input.kind === "upi"
    ? {
        ...common,
        upi_id: input.upiId,
        payee_name: input.payeeName,
        bank_name: null,
        bank_account_holder_name: null,
        bank_account_number: null,
        bank_ifsc_code: null,
      }
    : {
        ...common,
        upi_id: null,
        payee_name: input.accountHolderName,
        bank_name: input.bankName,
        bank_account_holder_name: input.accountHolderName,
        bank_account_number: input.accountNumber,
        bank_ifsc_code: input.ifscCode,
      };
}

/** Adds an account, last in the rotation. */
export async function createReceivingAccount(
  db: Database,
  actor: Actor,
  input: ReceivingAccountInput,
  ipAddress?: string,
) {
  return db.transaction().execute(async (trx) => {
    const id = await insertAccount(trx, toColumns(input));
    await auditAccountChange(
      trx,
      actor,
      "receiving_account.created",
      id,
      { to: toColumns(input) },
      ipAddress,
    );
    return id;
  });
}

/**
 * Saves an account's form. Where the money goes (kind, UPI ID, account number,
 * IFSC) cannot change once customers were shown it: their orders must keep
 * saying where they paid. A change of only the pause switch is audited as a
 * pause or resume; nothing changed writes nothing.
 */
export async function updateReceivingAccount(
  db: Database,
  actor: Actor,
  id: string,
  input: ReceivingAccountInput,
  ipAddress?: string,
) {
  await db.transaction().execute(async (trx) => {
    const account = await lockAccount(trx, id);
    const next = toColumns(input);
    const changes = diffColumns(account, next);
    const columns = Object.keys(changes);
    if (columns.length === 0) return;
    if (changesPaymentIdentity(columns)) {
      if (account.settings_field) {
        throw new AppError(
          409,
          "ACCOUNT_FROM_SETTINGS",
          "This account's UPI ID or bank details are edited on the Settings page.",
        );
      }
      if (await wasShown(trx, id)) {
        throw new AppError(
          409,
          "ACCOUNT_IN_USE",
          "Customers were shown this account, so its UPI ID, account number and IFSC cannot change. Retire it and add a new account instead.",
        );
      }
    }
    await refusingDuplicates(
      trx
        .updateTable("receiving_accounts")
        .set({ ...(next as Updateable<ReceivingAccountsTable>), updated_at: sql<Date>`now()` })
        .where("id", "=", id)
        .execute(),
    );
    const action =
      columns.length === 1 && columns[0] === "paused"
        ? next.paused
          ? "receiving_account.paused"
          : "receiving_account.resumed"
        : "receiving_account.updated";
    await auditAccountChange(trx, actor, action, id, changes, ipAddress);
  });
}

/** Takes an account out of service for good; its orders keep naming it. */
export async function retireReceivingAccount(
  db: Database,
  actor: Actor,
  id: string,
  ipAddress?: string,
) {
  await db.transaction().execute(async (trx) => {
    const account = await lockAccount(trx, id);
    await retireAccount(trx, actor, account, {}, ipAddress);
  });
}
