import type { Updateable } from "kysely";
import { expect } from "vitest";
import { offerReceivingAccount } from "../domains/receiving-accounts/offer-receiving-account";
import type { Database } from "../platform/db/database";
import type { SiteSettingsTable } from "../platform/db/schema";
import { getSiteSettings } from "../platform/settings-store/site-settings";
import { createClient, type RequestTarget } from "./test-client";

/* The payment step, its settings and an admin process, as tests drive them. */

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
