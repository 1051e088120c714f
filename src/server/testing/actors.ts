import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { ensureAdmin } from "../platform/auth/ensure-admin";
import type { Database } from "../platform/db/database";
import type { TestApp } from "./test-app";
import { createClient, readLatestMail } from "./test-client";

let actorCounter = 0;

export function freshEmail(prefix: string) {
  actorCounter += 1;
  return `${prefix}-${actorCounter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export type Client = ReturnType<typeof createClient>;

/** A signed-in customer with a fresh account (every one of the same WhatsApp number unless given). */
export async function signedInCustomer(
  testApp: TestApp,
  email = freshEmail("customer"),
  whatsappNumber?: string,
) {
  const client = createClient(testApp);
  await client.signUp(email, "secret1", whatsappNumber);
  const signIn = await client.signIn(email, "secret1");
  expect(signIn.status).toBe(200);
  return Object.assign(client, { email, userId: signIn.json.user.id as string });
}

/** A signed-in customer who opened the verification link of their sign-up e-mail. */
export async function verifiedCustomer(testApp: TestApp, email = freshEmail("customer")) {
  const customer = await signedInCustomer(testApp, email);
  const { link } = await readLatestMail(testApp, email);
  if (!link) throw new Error(`No verification link for ${email}`);
  await customer.follow(link);
  const session = await customer.get("/api/auth/get-session");
  expect(session.json.user.emailVerified).toBe(true);
  return customer;
}

/** A signed-in admin; stepped up unless told otherwise. */
export async function signedInAdmin(
  testApp: TestApp,
  { isElevated = true, email = freshEmail("admin") }: { isElevated?: boolean; email?: string } = {},
) {
  await ensureAdmin(testApp, { email, password: "admin-pass" }, "admin:create");
  const client = createClient(testApp);
  const signIn = await client.signIn(email, "admin-pass");
  expect(signIn.status).toBe(200);
  if (isElevated) {
    const stepUp = await client.post("/api/admin/session/step-up", { password: "admin-pass" });
    expect(stepUp.status).toBe(200);
  }
  return Object.assign(client, { email, userId: signIn.json.user.id as string });
}

/** The admin's failed step-ups in the audit log, oldest first. */
export function stepUpFailures(testApp: TestApp, adminId: string) {
  return testApp.db
    .selectFrom("audit_log")
    .select("details")
    .where("actor_id", "=", adminId)
    .where("action", "=", "admin.step_up_failed")
    .orderBy("id")
    .execute();
}

/** Verified customers inserted straight into the database: a race needs many, not their sign-up. */
export async function insertVerifiedCustomers(db: Database, count: number) {
  const ids = Array.from({ length: count }, () => randomUUID());
  await db
    .insertInto("user")
    .values(
      ids.map((id) => ({
        id,
        name: "Racer",
        email: `${id}@example.com`,
        emailVerified: true,
        createdAt: new Date(),
        updatedAt: new Date(),
      })),
    )
    .execute();
  return ids;
}
