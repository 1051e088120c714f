import { sql, type Transaction } from "kysely";
import type { DB, ReceivingAccountKind } from "../../platform/db/schema";
import {
  type Actor,
  auditAccountChange,
  changesPaymentIdentity,
  diffColumns,
  insertAccount,
  refusingDuplicates,
  retireAccount,
  wasShown,
} from "./receiving-account-writes";

/** The Settings page's payment details for one kind, as an account's columns; null when empty. */
export type SettingsPaymentDetails =
  | { kind: "upi"; upiId: string; payeeName: string }
  | {
      kind: "bank";
      bankName: string;
      accountHolderName: string;
      accountNumber: string;
      ifscCode: string;
    };

function settingsColumns(details: SettingsPaymentDetails) {
  return details.kind === "upi"
    ? { upi_id: details.upiId, payee_name: details.payeeName }
    : {
        payee_name: details.accountHolderName,
        bank_name: details.bankName,
        bank_account_holder_name: details.accountHolderName,
        bank_account_number: details.accountNumber,
        bank_ifsc_code: details.ifscCode,
      };
}

function isEmpty(details: SettingsPaymentDetails) {
  return details.kind === "upi" ? details.upiId === "" : details.accountNumber === "";
}

function settingsLabel(details: SettingsPaymentDetails) {
  return details.kind === "upi"
    ? `UPI ${details.upiId}`.slice(0, 60)
    : `${details.bankName || "Bank"} ${details.accountNumber.slice(-4)}`.slice(0, 60);
}

/**
 * Keeps the account made from the Settings page's payment details in step with
 * them (called in the settings save's transaction): new details replace an
 * account customers were shown by a new one in its place in the rotation, with
 * its caps and methods, and retire the old; emptied details retire it.
 */
export async function followSettingsPaymentDetails(
  trx: Transaction<DB>,
  actor: Actor,
  details: SettingsPaymentDetails,
  ipAddress?: string,
) {
  const kind: ReceivingAccountKind = details.kind;
  const linked = await trx
    .selectFrom("receiving_accounts")
    .selectAll()
    .where("settings_field", "=", kind)
    .forUpdate()
    .executeTakeFirst();
  const columns = settingsColumns(details);
  if (linked && isEmpty(details)) {
    await retireAccount(trx, actor, linked, { by: "settings" }, ipAddress);
    return;
  }
  if (isEmpty(details)) return;
  if (linked) {
    const changes = diffColumns(linked, columns);
    if (Object.keys(changes).length === 0) return;
    const identityChanged = changesPaymentIdentity(Object.keys(changes));
    if (!identityChanged || !(await wasShown(trx, linked.id))) {
      await refusingDuplicates(
        trx
          .updateTable("receiving_accounts")
          .set({
            ...columns,
            label: identityChanged ? settingsLabel(details) : linked.label,
            updated_at: sql<Date>`now()`,
          })
          .where("id", "=", linked.id)
          .execute(),
      );
      await auditAccountChange(
        trx,
        actor,
        "receiving_account.updated",
        linked.id,
        { ...changes, by: "settings" },
        ipAddress,
      );
      return;
    }
    await retireAccount(trx, actor, linked, { by: "settings" }, ipAddress);
  }
  const values = {
    kind,
    label: settingsLabel(details),
    send_methods: linked?.send_methods ?? (kind === "upi" ? ["upi"] : ["bank", "cash", "erupee"]),
    daily_cap_inr: linked?.daily_cap_inr ?? null,
    per_order_max_inr: linked?.per_order_max_inr ?? null,
    settings_field: kind,
    ...columns,
  };
  const id = await insertAccount(trx, linked ? { ...values, position: linked.position } : values);
  await auditAccountChange(
    trx,
    actor,
    "receiving_account.created",
    id,
    { to: values, by: "settings" },
    ipAddress,
  );
}
