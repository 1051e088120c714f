import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditAction } from "../../../shared/audit-actions";
import { recordAudit } from "../../platform/audit-trail/audit";
import { type Client, freshEmail, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { createTestApp, type TestApp } from "../../testing/test-app";

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

type Entry = { id: string; action: string; actorEmail: string | null; details: unknown };

/** Every entry the filter gives, following the cursor page by page. */
async function readAll(client: Client, query: Record<string, string>) {
  const entries: Entry[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const params = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) });
    const response = await client.get(`/api/admin/audit?${params}`);
    expect(response.status).toBe(200);
    entries.push(...response.json.entries);
    cursor = response.json.nextCursor;
    pages += 1;
  } while (cursor);
  return { entries, pages };
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp, { email: freshEmail("auditor") });
  const other = { id: admin.userId, email: "second_admin%ops@example.com" };
  const actions: AuditAction[] = ["user.blocked", "order.created", "user.unblocked"];
  for (let index = 0; index < 12; index += 1) {
    await recordAudit(testApp.db, {
      actor: index % 2 === 0 ? other : { id: admin.userId, email: admin.email },
      action: actions[index % 3] ?? "user.blocked",
      target: { type: "user", id: `user-${index}` },
      details: { index },
    });
  }
});
afterAll(() => testApp.close());

describe("GET /api/admin/audit", () => {
  it("lists entries newest first, with the step-up that opened the panel", async () => {
    const response = await admin.get("/api/admin/audit?limit=3");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { entries } = response.json;
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({
      action: "user.unblocked",
      actorEmail: admin.email,
      targetType: "user",
      targetId: "user-11",
      details: { index: 11 },
    });
    expect(entries[1]).toMatchObject({
      targetId: "user-10",
      actorEmail: "second_admin%ops@example.com",
    });
    expect(BigInt(entries[0].id)).toBeGreaterThan(BigInt(entries[1].id));
    expect(Date.parse(entries[0].createdAt)).not.toBeNaN();

    const all = await readAll(admin, {});
    expect(all.entries.some((entry) => entry.action === "admin.step_up")).toBe(true);
  });

  it("pages with a cursor: no entry twice, none missed", async () => {
    const whole = await readAll(admin, { limit: "100" });
    const paged = await readAll(admin, { limit: "5" });
    expect(paged.pages).toBeGreaterThan(2);
    expect(paged.entries.map((entry) => entry.id)).toEqual(whole.entries.map((entry) => entry.id));
    const ids = paged.entries.map((entry) => BigInt(entry.id));
    expect([...ids].sort((a, b) => (a > b ? -1 : 1))).toEqual(ids);
  });

  it("filters by action", async () => {
    const { entries } = await readAll(admin, { action: "order.created", limit: "2" });
    expect(entries).toHaveLength(4);
    expect(entries.every((entry) => entry.action === "order.created")).toBe(true);
  });

  it("filters by a part of the actor's e-mail, case-insensitively, with % and _ taken literally", async () => {
    const byName = await readAll(admin, { actor: "SECOND_ADMIN%" });
    expect(byName.entries).toHaveLength(6);
    expect(
      byName.entries.every((entry) => entry.actorEmail === "second_admin%ops@example.com"),
    ).toBe(true);
    expect((await readAll(admin, { actor: "%" })).entries).toHaveLength(6);
    expect((await readAll(admin, { actor: "_" })).entries).toHaveLength(6);

    const both = await readAll(admin, { actor: "auditor", action: "user.unblocked" });
    expect(both.entries.map((entry) => entry.details)).toEqual([{ index: 11 }, { index: 5 }]);
  });

  it("refuses an unknown action, a malformed cursor and a bad limit", async () => {
    for (const query of [
      "action=user.deleted",
      "cursor=abc",
      "cursor=-1",
      "limit=0",
      "limit=101",
    ]) {
      const response = await admin.get(`/api/admin/audit?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json.error).toEqual(expect.any(String));
    }
  });

  it("is for stepped-up admins only", async () => {
    const customer = await signedInCustomer(testApp);
    expect((await customer.get("/api/admin/audit")).status).toBe(403);
    const notStepped = await signedInAdmin(testApp, { isElevated: false });
    expect((await notStepped.get("/api/admin/audit")).status).toBe(403);
  });
});
