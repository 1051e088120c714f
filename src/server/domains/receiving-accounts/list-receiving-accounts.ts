import { type Selectable, sql } from "kysely";
import { plainDecimal } from "../../../shared/money";
import { readDecimal } from "../../../shared/site-settings-input";
import type { Database } from "../../platform/db/database";
import type { ReceivingAccountsTable } from "../../platform/db/schema";
import { rupeesTakenToday } from "./account-taken-today";

/*
 * The Receiving Accounts page (docs/decisions/019): what each account took
 * today against its cap.
 */

/** Every account, in rotation order, retired ones last, with today's figures. */
export async function listReceivingAccounts(db: Database) {
  const rows = await db
    .selectFrom("receiving_accounts as account")
    .selectAll("account")
    .select((eb) => [
      rupeesTakenToday(sql.ref("account.id")).as("received_today_inr"),
      // What open offers reserve under the cap, not what they ask for (decision 030).
      eb
        .selectFrom("receiving_account_offers as offer")
        .select(sql<string>`coalesce(sum(held_inr), 0)`.as("total"))
        .whereRef("offer.receiving_account_id", "=", "account.id")
        .where("offer.order_id", "is", null)
        .where("offer.expires_at", ">", sql<Date>`now()`)
        .as("held_inr"),
      eb
        .selectFrom("orders")
        .select(sql<number>`count(*)::int`.as("count"))
        .whereRef("orders.receiving_account_id", "=", "account.id")
        .where("orders.status", "in", ["pending", "processing"])
        .as("open_orders"),
      eb
        .or([
          eb.exists(
            eb
              .selectFrom("receiving_account_offers as offer")
              .select("offer.id")
              .whereRef("offer.receiving_account_id", "=", "account.id"),
          ),
          eb.exists(
            eb
              .selectFrom("orders")
              .select("orders.id")
              .whereRef("orders.receiving_account_id", "=", "account.id"),
          ),
        ])
        .as("was_shown"),
    ])
    .orderBy(sql`account.retired_at IS NOT NULL`)
    .orderBy("account.position")
    .orderBy("account.created_at")
    .execute();
  return rows.map((row) =>
    toReceivingAccountView(row, {
      receivedToday: row.received_today_inr ?? "0",
      held: row.held_inr ?? "0",
      openOrders: row.open_orders ?? 0,
      wasShown: Boolean(row.was_shown),
    }),
  );
}

export type ReceivingAccountView = ReturnType<typeof toReceivingAccountView>;

function toReceivingAccountView(
  row: Selectable<ReceivingAccountsTable>,
  usage: { receivedToday: string; held: string; openOrders: number; wasShown: boolean },
) {
  const cap = row.daily_cap_inr;
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    sendMethods: row.send_methods,
    upiId: row.upi_id,
    payeeName: row.payee_name,
    bankName: row.bank_name,
    accountHolderName: row.bank_account_holder_name,
    accountNumber: row.bank_account_number,
    ifscCode: row.bank_ifsc_code,
    dailyCapInr: cap === null ? null : plainDecimal(cap),
    perOrderMaxInr: row.per_order_max_inr === null ? null : plainDecimal(row.per_order_max_inr),
    paused: row.paused,
    retiredAt: row.retired_at?.toISOString() ?? null,
    frozenAt: row.frozen_at?.toISOString() ?? null,
    frozenNote: row.frozen_note,
    fromSettings: row.settings_field !== null,
    receivedTodayInr: plainDecimal(usage.receivedToday),
    heldInr: plainDecimal(usage.held),
    /** Received today as a share of the cap, 0–100 and more; null without a cap. */
    capUsedPercent:
      cap === null
        ? null
        : Number(readDecimal(usage.receivedToday)?.div(cap).mul(100).toFixed(1, 1) ?? 0),
    openOrders: usage.openOrders,
    /** Customers were shown it: its UPI ID, account number and IFSC are fixed. */
    wasShown: usage.wasShown,
  };
}
