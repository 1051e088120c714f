import type { Insertable, Updateable } from "kysely";
import { expect } from "vitest";
import { offerReceivingAccount } from "../domains/receiving-accounts/offer-receiving-account";
import type { Database } from "../platform/db/database";
import type { ReceivingAccountsTable, SiteSettingsTable } from "../platform/db/schema";
import { getSiteSettings } from "../platform/settings/site-settings";
import { createClient, type RequestTarget } from "./test-client";

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
export const PROCESS_ADMIN = {
  email: "accounts-admin@example.com",
  password: "accounts-admin-pass",
};

/** The environment for a server process whose tests add receiving accounts as its admin. */
export function withProcessAdmin(env: Record<string, string>): Record<string, string> {
  return { ADMIN_EMAIL: PROCESS_ADMIN.email, ADMIN_PASSWORD: PROCESS_ADMIN.password, ...env };
}

/** The process's admin, signed in and stepped up. */
async function stepUpProcessAdmin(target: RequestTarget, admin: typeof PROCESS_ADMIN) {
  const client = createClient(target);
  expect((await client.signIn(admin.email, admin.password)).status).toBe(200);
  const stepUp = await client.post("/api/admin/session/step-up", { password: admin.password });
  expect(stepUp.status).toBe(200);
  return client;
}

/** Adds an uncapped UPI account to a running server, through its admin API as an operator would. */
export async function addUpiAccountAsAdmin(target: RequestTarget, admin = PROCESS_ADMIN) {
  const client = await stepUpProcessAdmin(target, admin);
  const added = await client.post("/api/admin/receiving-accounts", {
    kind: "upi",
    label: "Desk UPI",
    upiId: "desk@okhdfcbank",
    payeeName: "RupeeDesk",
    sendMethods: ["upi"],
    dailyCapInr: "",
    perOrderMaxInr: "",
    paused: false,
  });
  expect(added.status, added.text).toBe(201);
}

/** Changes some settings of a running server, through its admin API (which takes every field). */
export async function saveSettingsAsAdmin(
  target: RequestTarget,
  changes: Record<string, string>,
  admin = PROCESS_ADMIN,
) {
  const client = await stepUpProcessAdmin(target, admin);
  const {
    supportDefaults: _defaults,
    updatedAt: _updatedAt,
    ...settings
  } = (await client.get("/api/admin/settings")).json;
  const asForm = Object.entries({ ...settings, ...changes }).map(([field, value]) => [
    field,
    value ?? "",
  ]);
  const saved = await client.request("PUT", "/api/admin/settings", Object.fromEntries(asForm));
  expect(saved.status, saved.text).toBe(200);
}

/**
 * The payment step for a customer inserted straight into the database (a race
 * needs many, not their sign-up), under the settings in force; nobody is told.
 */
export async function offerFor(
  db: Database,
  customerId: string,
  { sendCurrency = "upi_inr", amount }: { sendCurrency?: string; amount: string },
) {
  return offerReceivingAccount(
    db,
    { customer: { id: customerId, emailVerified: true }, sendCurrency, amount },
    { settings: await getSiteSettings(db), notify: { publicUrl: "", telegram: false } },
  );
}

/** Sets the payment offer rules' settings (decision 030), as an admin's save would. */
export async function setOfferSettings(
  db: Database,
  settings: Partial<Updateable<SiteSettingsTable>>,
) {
  await db.updateTable("site_settings").set(settings).where("id", "=", 1).execute();
}
