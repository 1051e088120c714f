import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin, signedInCustomer, stepUpFailures } from "../../testing/actors";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createClient } from "../../testing/test-client";
import { STEP_UP_MAX_FAILURES } from "./step-up";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function auditActions(actorId: string) {
  const rows = await testApp.db
    .selectFrom("audit_log")
    .select("action")
    .where("actor_id", "=", actorId)
    .orderBy("id")
    .execute();
  return rows.map((row) => row.action);
}

describe("admin step-up", () => {
  it("refuses anonymous callers and customers", async () => {
    expect((await createClient(testApp).get("/api/admin/session")).status).toBe(401);
    const customer = await signedInCustomer(testApp);
    const response = await customer.post("/api/admin/session/step-up", { password: "secret1" });
    expect(response.status).toBe(403);
    expect(await auditActions(customer.userId)).toEqual([]);
  });

  it("elevates an admin's session with their own password, and audits it", async () => {
    const admin = await signedInAdmin(testApp, { isElevated: false });
    expect((await admin.get("/api/admin/session")).json).toMatchObject({ isElevated: false });

    const wrong = await admin.post("/api/admin/session/step-up", { password: "nope" });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error).toBe("Incorrect password. Please try again.");
    expect((await admin.get("/api/admin/session")).json.isElevated).toBe(false);

    const right = await admin.post("/api/admin/session/step-up", { password: "admin-pass" });
    expect(right.status).toBe(200);
    expect((await admin.get("/api/admin/session")).json.isElevated).toBe(true);
    expect(await auditActions(admin.userId)).toEqual(["admin.step_up_failed", "admin.step_up"]);
  });

  it("elevates only the session that stepped up", async () => {
    const admin = await signedInAdmin(testApp);
    const otherDevice = createClient(testApp);
    await otherDevice.signIn(admin.email, "admin-pass");
    expect((await otherDevice.get("/api/admin/session")).json.isElevated).toBe(false);
  });

  it("lapses after 30 minutes idle, and ends with step-down", async () => {
    const admin = await signedInAdmin(testApp);
    await testApp.db
      .updateTable("admin_elevations")
      .set({ last_active_at: sql`now() - interval '31 minutes'` })
      .where("user_id", "=", admin.userId)
      .execute();
    expect((await admin.get("/api/admin/session")).json.isElevated).toBe(false);

    await admin.post("/api/admin/session/step-up", { password: "admin-pass" });
    const down = await admin.post("/api/admin/session/step-down");
    expect(down.json.isElevated).toBe(false);
    expect((await admin.get("/api/admin/session")).json.isElevated).toBe(false);
  });

  it("lapses after a working day however busy the session was", async () => {
    const admin = await signedInAdmin(testApp);
    await testApp.db
      .updateTable("admin_elevations")
      .set({ elevated_at: sql`now() - interval '8 hours 1 minute'`, last_active_at: sql`now()` })
      .where("user_id", "=", admin.userId)
      .execute();
    expect((await admin.get("/api/admin/session")).json.isElevated).toBe(false);
    expect((await admin.get("/api/admin/users")).status).toBe(403);
  });

  it(`locks step-up after ${STEP_UP_MAX_FAILURES} failures`, async () => {
    const admin = await signedInAdmin(testApp, { isElevated: false });
    for (let i = 0; i < STEP_UP_MAX_FAILURES; i++) {
      await admin.post("/api/admin/session/step-up", { password: "wrong" });
    }
    const locked = await admin.post("/api/admin/session/step-up", { password: "admin-pass" });
    expect(locked.status).toBe(429);
    expect((await admin.get("/api/admin/session")).json.isElevated).toBe(false);
  });

  it("ends every elevated session of the admin when the lockout is reached", async () => {
    const admin = await signedInAdmin(testApp);
    const otherDevice = createClient(testApp);
    await otherDevice.signIn(admin.email, "admin-pass");
    for (let i = 0; i < STEP_UP_MAX_FAILURES - 1; i++) {
      await otherDevice.post("/api/admin/session/step-up", { password: "wrong" });
    }
    // Guessing has not reached the lockout: the session stepped up before keeps its rights.
    expect((await admin.get("/api/admin/session")).json.isElevated).toBe(true);

    await otherDevice.post("/api/admin/session/step-up", { password: "wrong" });
    expect((await admin.get("/api/admin/session")).json.isElevated).toBe(false);
    expect((await auditActions(admin.userId)).at(-1)).toBe("admin.step_up_locked");
  });

  it("locks step-up after 5 failures even when the tries are sent all at once", async () => {
    const admin = await signedInAdmin(testApp, { isElevated: false });
    const tries = await Promise.all(
      Array.from({ length: 4 * STEP_UP_MAX_FAILURES }, () =>
        admin.post("/api/admin/session/step-up", { password: "wrong" }),
      ),
    );
    const statuses = tries.map((response) => response.status);
    // Each password checked is one of the five; the others are refused unchecked.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(
      STEP_UP_MAX_FAILURES,
    );
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    const failures = await stepUpFailures(testApp, admin.userId);
    expect(failures.length).toBeLessThanOrEqual(STEP_UP_MAX_FAILURES);

    const locked = await admin.post("/api/admin/session/step-up", { password: "admin-pass" });
    expect(locked.status).toBe(429);
  });

  it("refuses an empty password with 400", async () => {
    const admin = await signedInAdmin(testApp, { isElevated: false });
    const response = await admin.post("/api/admin/session/step-up", { password: "" });
    expect(response.status).toBe(400);
    expect(response.json.error).toMatch(/password/);
  });
});
