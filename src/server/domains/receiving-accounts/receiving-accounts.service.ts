import { type Insertable, type Selectable, sql, type Transaction, type Updateable } from "kysely";
import { plainDecimal } from "../../../shared/money";
import type { ReceivingAccountInput } from "../../../shared/receiving-account-input";
import { readDecimal } from "../../../shared/site-settings-input";
import { recordAudit } from "../../platform/audit/audit";
import type { Database } from "../../platform/db/database";
import type { DB, ReceivingAccountKind, ReceivingAccountsTable } from "../../platform/db/schema";
import { AppError, uniqueViolation } from "../../platform/http/errors";
import { rupeesTakenToday } from "./account-taken-today";

/*
 * The Receiving Accounts page (docs/decisions/019): what each account took
 * today against its cap, and the audited changes to accounts.
 */

type AccountRow = Selectable<ReceivingAccountsTable>;
export interface Actor {
  id: string;
  email: string;
}

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
  row: AccountRow,
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

/** The columns that say where the money goes: fixed once a customer was shown them. */
const PAYMENT_IDENTITY = ["kind", "upi_id", "bank_account_number", "bank_ifsc_code"] as const;

function diffColumns(before: AccountRow, after: Partial<Record<keyof AccountRow, unknown>>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [column, value] of Object.entries(after)) {
    const old = before[column as keyof AccountRow];
    if (JSON.stringify(old) !== JSON.stringify(value)) changes[column] = { from: old, to: value };
  }
  return changes;
}

async function audit(
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

/** Adds an account, last in the rotation. */
export async function createReceivingAccount(
  db: Database,
  actor: Actor,
  input: ReceivingAccountInput,
  ipAddress?: string,
) {
  return db.transaction().execute(async (trx) => {
    const id = await insertAccount(trx, toColumns(input));
    await audit(trx, actor, "receiving_account.created", id, { to: toColumns(input) }, ipAddress);
    return id;
  });
}

async function insertAccount(
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
async function refusingDuplicates<T>(write: Promise<T>): Promise<T> {
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
async function lockAccount(trx: Transaction<DB>, id: string, { orRetired = false } = {}) {
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
async function wasShown(trx: Transaction<DB>, id: string) {
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
    if (columns.some((column) => (PAYMENT_IDENTITY as readonly string[]).includes(column))) {
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
    await audit(trx, actor, action, id, changes, ipAddress);
  });
}

/**
 * The bank froze the account (a lien after a fraud complaint, docs/decisions/042): it
 * is offered to nobody from now, not even to a customer who was shown it, and every
 * open order paid into it is held (`account_frozen`), released holds included, so no
 * coins go out against money the bank may take back. Audited with the note.
 */
export async function freezeReceivingAccount(
  db: Database,
  actor: Actor,
  id: string,
  note: string,
  ipAddress?: string,
) {
  return db.transaction().execute(async (trx) => {
    // A retired account still has the orders paid into it before: they are held too.
    const account = await lockAccount(trx, id, { orRetired: true });
    if (account.frozen_at) {
      throw new AppError(409, "ACCOUNT_FROZEN", "This account is marked frozen already.");
    }
    await trx
      .updateTable("receiving_accounts")
      .set({ frozen_at: sql<Date>`now()`, frozen_note: note, updated_at: sql<Date>`now()` })
      .where("id", "=", id)
      .execute();
    const held = await trx
      .insertInto("order_holds")
      .columns(["order_id", "rules"])
      .expression((eb) =>
        eb
          .selectFrom("orders")
          .select(["id", sql<string[]>`ARRAY['account_frozen']`.as("rules")])
          .where("receiving_account_id", "=", id)
          .where("status", "in", ["pending", "processing"]),
      )
      .onConflict((conflict) =>
        conflict.column("order_id").doUpdateSet({
          rules: sql<string[]>`CASE WHEN 'account_frozen' = ANY (order_holds.rules)
            THEN order_holds.rules ELSE order_holds.rules || 'account_frozen'::text END`,
          released_at: null,
          released_by: null,
        }),
      )
      .returning("order_id")
      .execute();
    await audit(
      trx,
      actor,
      "receiving_account.frozen",
      id,
      { label: account.label, note, ordersHeld: held.length },
      ipAddress,
    );
    return { id, ordersHeld: held.length };
  });
}

/** The bank lifted the freeze: the account may be offered again. Its orders' holds stay for an operator to release. */
export async function unfreezeReceivingAccount(
  db: Database,
  actor: Actor,
  id: string,
  ipAddress?: string,
) {
  await db.transaction().execute(async (trx) => {
    const account = await lockAccount(trx, id, { orRetired: true });
    if (!account.frozen_at) {
      throw new AppError(409, "ACCOUNT_NOT_FROZEN", "This account is not marked frozen.");
    }
    await trx
      .updateTable("receiving_accounts")
      .set({ frozen_at: null, frozen_note: null, updated_at: sql<Date>`now()` })
      .where("id", "=", id)
      .execute();
    await audit(
      trx,
      actor,
      "receiving_account.unfrozen",
      id,
      {
        label: account.label,
        frozenSince: account.frozen_at.toISOString(),
        note: account.frozen_note,
      },
      ipAddress,
    );
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
    await retire(trx, actor, account, {}, ipAddress);
  });
}

async function retire(
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
  await audit(
    trx,
    actor,
    "receiving_account.retired",
    account.id,
    { label: account.label, ...details },
    ipAddress,
  );
}

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
    await retire(trx, actor, linked, { by: "settings" }, ipAddress);
    return;
  }
  if (isEmpty(details)) return;
  if (linked) {
    const changes = diffColumns(linked, columns);
    if (Object.keys(changes).length === 0) return;
    const identityChanged = Object.keys(changes).some((column) =>
      (PAYMENT_IDENTITY as readonly string[]).includes(column),
    );
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
      await audit(
        trx,
        actor,
        "receiving_account.updated",
        linked.id,
        { ...changes, by: "settings" },
        ipAddress,
      );
      return;
    }
    await retire(trx, actor, linked, { by: "settings" }, ipAddress);
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
  await audit(
    trx,
    actor,
    "receiving_account.created",
    id,
    { to: values, by: "settings" },
    ipAddress,
  );
}
