import type { Insertable } from "kysely";
import type { Database } from "../platform/db/database";
import type { ReceivingAccountsTable } from "../platform/db/schema";

/* Receiving accounts for tests: every test app starts with one of each kind. */

let counter = 0;

/** Adds a UPI account (uncapped unless told) and returns its id. */
export async function insertUpiAccount(
  db: Database,
  overrides: Partial<Insertable<ReceivingAccountsTable>> = {},
) {
  counter += 1;
  const { id } = await db
    .insertInto("receiving_accounts")
    .values({
      kind: "upi",
      label: `UPI ${counter}`,
      upi_id: `desk${counter}@okhdfcbank`,
      payee_name: "RupeeDesk",
      send_methods: ["upi"],
      ...overrides,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** Adds a bank account serving bank transfer, cash deposit and digital rupee. */
export async function insertBankAccount(
  db: Database,
  overrides: Partial<Insertable<ReceivingAccountsTable>> = {},
) {
  counter += 1;
  const { id } = await db
    .insertInto("receiving_accounts")
    .values({
      kind: "bank",
      label: `Bank ${counter}`,
      payee_name: "RupeeDesk Pvt Ltd",
      bank_name: "HDFC Bank",
      bank_account_holder_name: "RupeeDesk Pvt Ltd",
      bank_account_number: String(50100000000000 + counter),
      bank_ifsc_code: "HDFC0001234",
      send_methods: ["bank", "cash", "erupee"],
      ...overrides,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** Takes every account out of service, so a test starts from the accounts it adds. */
export async function retireReceivingAccounts(db: Database) {
  await db.updateTable("receiving_accounts").set({ retired_at: new Date() }).execute();
}

/** The admin a server process under test is started with, to set up its accounts. */
