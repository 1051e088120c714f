import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderStatus } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";
import {
  type Client,
  freshEmail,
  signedInAdmin,
  signedInCustomer,
  verifiedCustomer,
} from "../../testing/actors";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createClient } from "../../testing/test-client";
import { setUserRole } from "./admin-users.service";

let testApp: TestApp;
let admin: Client & { email: string; userId: string };

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
});
afterAll(() => testApp.close());

const UNKNOWN_ID = "no-such-user-id";

/** What admins did to this user, oldest first (not the system's entries, such as a test admin's creation). */
async function auditFor(targetId: string) {
  return testApp.db
    .selectFrom("audit_log")
    .select(["action", "actor_id", "actor_email", "details", "target_type"])
    .where("target_id", "=", targetId)
    .where("actor_id", "is not", null)
    .orderBy("id")
    .execute();
}

async function userRow(id: string) {
  return testApp.db
    .selectFrom("user")
    .select(["role", "banned", "banReason", "banExpires"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

async function seedOrder(userId: string, status: OrderStatus, send: string) {
  await testApp.db
    .insertInto("orders")
    .values({
      user_id: userId,
      user_email: "seed@example.com",
      send_currency: "upi_inr",
      send_amount: send,
      receive_currency: "usdt",
      receive_amount: "1.0000",
      exchange_rate: "86",
      network: "trc20",
      wallet_address: "TXYZ",
      payment_reference: randomUUID(),
      status,
    })
    .execute();
}

describe("listing users", () => {
  const marker = `find-${Math.random().toString(36).slice(2, 8)}`;
  const emails: string[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 5; i++) {
      const email = freshEmail(`${marker}-${i}`);
      emails.push(email);
      await createClient(testApp).signUp(email, "secret1");
    }
  });

  it("finds users by any part of the e-mail, ignoring case, newest first", async () => {
    const response = await admin.get(`/api/admin/users?search=${marker.toUpperCase()}`);
    expect(response.status).toBe(200);
    expect(response.json.users.map((user: { email: string }) => user.email)).toEqual(
      [...emails].reverse(),
    );
    expect(response.json.nextCursor).toBeNull();
    expect(response.json.users[0]).toMatchObject({
      role: "user",
      isBlocked: false,
      emailVerified: false,
    });
    expect(Date.parse(response.json.users[0].createdAt)).not.toBeNaN();
  });

  it("pages with a cursor, without repeats or gaps", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query = new URLSearchParams({ search: marker, limit: "2" });
      if (cursor) query.set("cursor", cursor);
      const response = await admin.get(`/api/admin/users?${query}`);
      expect(response.status).toBe(200);
      expect(response.json.users.length).toBeLessThanOrEqual(2);
      seen.push(...response.json.users.map((user: { email: string }) => user.email));
      cursor = response.json.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...emails].reverse());
  });

  it("lists everyone without a search, a page at a time", async () => {
    const response = await admin.get("/api/admin/users?limit=3");
    expect(response.json.users).toHaveLength(3);
    expect(response.json.nextCursor).toEqual(expect.any(String));
  });

  it("treats LIKE wildcards in the search as plain characters", async () => {
    for (const search of ["%", "_", "\\"]) {
      const response = await admin.get(`/api/admin/users?search=${encodeURIComponent(search)}`);
      expect(response.status).toBe(200);
      expect(response.json.users).toEqual([]);
    }
  });

  it("refuses a forged cursor and a bad limit with 400", async () => {
    const forged = await admin.get("/api/admin/users?cursor=not-a-cursor");
    expect(forged.status).toBe(400);
    expect(forged.json.error).toBe("This page link is not valid.");
    expect((await admin.get("/api/admin/users?limit=0")).status).toBe(400);
    expect((await admin.get("/api/admin/users?limit=1000")).status).toBe(400);
  });
});

describe("user details", () => {
  it("gives the user's order totals and volume as an exact decimal string", async () => {
    const customer = await signedInCustomer(testApp);
    await seedOrder(customer.userId, "completed", "1000.50");
    await seedOrder(customer.userId, "completed", "0.25");
    await seedOrder(customer.userId, "pending", "500.00");
    await seedOrder(customer.userId, "cancelled", "700.00");
    const response = await admin.get(`/api/admin/users/${customer.userId}`);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      id: customer.userId,
      email: customer.email,
      role: "user",
      createdAt: expect.any(String),
      isBlocked: false,
      emailVerified: false,
      whatsappNumber: "+919876543210",
      totalOrders: 4,
      completedOrders: 2,
      totalVolumeInr: "1000.75",
      referralCode: null,
      referredBy: null,
      referralEarnings: "0",
      hold: null,
    });
  });

  it("answers zeros for a user without orders", async () => {
    const customer = await signedInCustomer(testApp);
    const response = await admin.get(`/api/admin/users/${customer.userId}`);
    expect(response.json).toMatchObject({
      totalOrders: 0,
      completedOrders: 0,
      totalVolumeInr: "0.00",
    });
  });
});

describe("changing a user's role", () => {
  it("makes a user an admin and back, auditing old and new role", async () => {
    const customer = await verifiedCustomer(testApp);
    const promoted = await admin.post(`/api/admin/users/${customer.userId}/role`, {
      role: "admin",
    });
    expect(promoted.status).toBe(200);
    expect(promoted.json).toMatchObject({ id: customer.userId, role: "admin" });
    expect((await userRow(customer.userId)).role).toBe("admin");

    const demoted = await admin.post(`/api/admin/users/${customer.userId}/role`, { role: "user" });
    expect(demoted.status).toBe(200);
    expect(demoted.json.role).toBe("user");
    expect((await userRow(customer.userId)).role).toBe("user");

    expect(await auditFor(customer.userId)).toEqual([
      {
        action: "user.role_changed",
        actor_id: admin.userId,
        actor_email: admin.email,
        target_type: "user",
        details: { email: customer.email, from: "user", to: "admin" },
      },
      {
        action: "user.role_changed",
        actor_id: admin.userId,
        actor_email: admin.email,
        target_type: "user",
        details: { email: customer.email, from: "admin", to: "user" },
      },
    ]);
  });

  it("gives the new admin the panel after their own step-up, and takes it away on demotion", async () => {
    const other = await signedInAdmin(testApp);
    expect((await other.get("/api/admin/users")).status).toBe(200);
    await admin.post(`/api/admin/users/${other.userId}/role`, { role: "user" });
    expect((await other.get("/api/admin/users")).status).toBe(403);

    // Promoted again, their old step-up does not come back with the role.
    await admin.post(`/api/admin/users/${other.userId}/role`, { role: "admin" });
    const again = await other.get("/api/admin/users");
    expect(again.status).toBe(403);
    expect(again.json.code).toBe("STEP_UP_REQUIRED");
  });

  it("refuses to promote a user who has not verified their e-mail address", async () => {
    // Anyone can sign up with a colleague's address; only its owner can verify it.
    const customer = await signedInCustomer(testApp);
    const response = await admin.post(`/api/admin/users/${customer.userId}/role`, {
      role: "admin",
    });
    expect(response.status).toBe(409);
    expect(response.json).toMatchObject({
      code: "EMAIL_NOT_VERIFIED",
      error:
        "This user has not verified their e-mail address yet. Only a verified user can be made an administrator.",
    });
    expect((await userRow(customer.userId)).role).toBe("user");
    expect(await auditFor(customer.userId)).toEqual([]);
  });

  it("does nothing, and audits nothing, when the role is already the one asked for", async () => {
    const customer = await signedInCustomer(testApp);
    const response = await admin.post(`/api/admin/users/${customer.userId}/role`, {
      role: "user",
    });
    expect(response.status).toBe(200);
    expect(await auditFor(customer.userId)).toEqual([]);
  });

  it("refuses an admin demoting themselves", async () => {
    const response = await admin.post(`/api/admin/users/${admin.userId}/role`, { role: "user" });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      code: "CANNOT_DEMOTE_SELF",
      error: "You cannot remove your own administrator role. Ask another administrator.",
    });
    expect((await userRow(admin.userId)).role).toBe("admin");
    expect(await auditFor(admin.userId)).toEqual([]);
  });

  it("refuses a role that is not admin or user", async () => {
    const customer = await signedInCustomer(testApp);
    for (const body of [{ role: "superuser" }, { role: "" }, {}]) {
      const response = await admin.post(`/api/admin/users/${customer.userId}/role`, body);
      expect(response.status).toBe(400);
      expect(response.json.error).toBe("role: The role must be admin or user.");
    }
    expect((await userRow(customer.userId)).role).toBe("user");
    expect(await auditFor(customer.userId)).toEqual([]);
  });

  it("refuses to demote the last admin (two admins demoting each other at once)", async () => {
    // Simulates the race: by the time this admin's demotion of the other runs,
    // the other's demotion of this admin has committed. Only `target` is left.
    const actor = await signedInAdmin(testApp);
    const target = await signedInAdmin(testApp);
    await testApp.db
      .updateTable("user")
      .set({ role: "user" })
      .where("role", "=", "admin")
      .where("id", "!=", target.userId)
      .execute();
    try {
      const refusal = await setUserRole(testApp.db, {
        actor: { id: actor.userId, email: actor.email },
        userId: target.userId,
        role: "user",
      }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({
        status: 409,
        code: "LAST_ADMIN",
        message: "This is the last administrator. Make another user an administrator first.",
      });
      expect((await userRow(target.userId)).role).toBe("admin");
      expect(await auditFor(target.userId)).toEqual([]);
    } finally {
      await testApp.db
        .updateTable("user")
        .set({ role: "admin" })
        .where("id", "in", [admin.userId, actor.userId])
        .execute();
    }
  });
});

describe("blocking a user", () => {
  it("ends their sessions at once, refuses sign-in, and unblocking lets them back", async () => {
    const customer = await signedInCustomer(testApp);
    const secondDevice = createClient(testApp);
    expect((await secondDevice.signIn(customer.email, "secret1")).status).toBe(200);
    expect((await customer.get("/api/orders")).status).toBe(200);

    const blocked = await admin.post(`/api/admin/users/${customer.userId}/block`);
    expect(blocked.status).toBe(200);
    expect(blocked.json).toMatchObject({ id: customer.userId, isBlocked: true });
    expect(await userRow(customer.userId)).toEqual({
      role: "user",
      banned: true,
      banReason: null,
      banExpires: null,
    });

    expect((await customer.get("/api/orders")).status).toBe(401);
    expect((await secondDevice.get("/api/orders")).status).toBe(401);
    const sessions = await testApp.db
      .selectFrom("session")
      .select("id")
      .where("userId", "=", customer.userId)
      .execute();
    expect(sessions).toEqual([]);

    const signIn = await createClient(testApp).signIn(customer.email, "secret1");
    expect(signIn.status).toBe(403);
    expect(signIn.json.code).toBe("BANNED_USER");
    expect(signIn.json.message).toMatch(/^Your account is blocked\./);

    const listed = await admin.get(`/api/admin/users?search=${encodeURIComponent(customer.email)}`);
    expect(listed.json.users).toEqual([expect.objectContaining({ isBlocked: true })]);

    const unblocked = await admin.post(`/api/admin/users/${customer.userId}/unblock`);
    expect(unblocked.status).toBe(200);
    expect(unblocked.json.isBlocked).toBe(false);
    expect((await userRow(customer.userId)).banned).toBe(false);
    const back = createClient(testApp);
    expect((await back.signIn(customer.email, "secret1")).status).toBe(200);
    expect((await back.get("/api/orders")).status).toBe(200);

    expect(await auditFor(customer.userId)).toEqual([
      {
        action: "user.blocked",
        actor_id: admin.userId,
        actor_email: admin.email,
        target_type: "user",
        details: { email: customer.email, from: "active", to: "blocked", sessionsEnded: 2 },
      },
      {
        action: "user.unblocked",
        actor_id: admin.userId,
        actor_email: admin.email,
        target_type: "user",
        details: { email: customer.email, from: "blocked", to: "active" },
      },
    ]);
  });

  it("throws a blocked admin out of the panel, step-up and all", async () => {
    const other = await signedInAdmin(testApp);
    expect((await other.get("/api/admin/dashboard")).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${other.userId}/block`)).status).toBe(200);
    expect((await other.get("/api/admin/dashboard")).status).toBe(401);
    const elevations = await testApp.db
      .selectFrom("admin_elevations")
      .select("session_id")
      .where("user_id", "=", other.userId)
      .execute();
    expect(elevations).toEqual([]);
    expect((await createClient(testApp).signIn(other.email, "admin-pass")).status).toBe(403);
  });

  it("refuses an admin blocking themselves", async () => {
    const response = await admin.post(`/api/admin/users/${admin.userId}/block`);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      code: "CANNOT_BLOCK_SELF",
      error: "You cannot block your own account.",
    });
    expect((await userRow(admin.userId)).banned).not.toBe(true);
    expect((await admin.get("/api/admin/users")).status).toBe(200);
    expect(await auditFor(admin.userId)).toEqual([]);
  });

  it("does nothing new when the user is already blocked or not blocked", async () => {
    const customer = await signedInCustomer(testApp);
    expect((await admin.post(`/api/admin/users/${customer.userId}/unblock`)).status).toBe(200);
    await admin.post(`/api/admin/users/${customer.userId}/block`);
    expect((await admin.post(`/api/admin/users/${customer.userId}/block`)).status).toBe(200);
    expect((await auditFor(customer.userId)).map((entry) => entry.action)).toEqual([
      "user.blocked",
    ]);
  });
});

describe("an unknown user id", () => {
  it("answers 404 to every user route and changes nothing", async () => {
    const before = await testApp.db.selectFrom("audit_log").select("id").execute();
    const answers = [
      await admin.get(`/api/admin/users/${UNKNOWN_ID}`),
      await admin.post(`/api/admin/users/${UNKNOWN_ID}/role`, { role: "admin" }),
      await admin.post(`/api/admin/users/${UNKNOWN_ID}/block`),
      await admin.post(`/api/admin/users/${UNKNOWN_ID}/unblock`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.json).toMatchObject({ code: "USER_NOT_FOUND", error: "User not found." });
    }
    const after = await testApp.db.selectFrom("audit_log").select("id").execute();
    expect(after).toHaveLength(before.length);
  });
});

describe("better-auth's own admin endpoints", () => {
  it("cannot change roles or bans around the step-up and the audit log", async () => {
    const unelevated = await signedInAdmin(testApp, { isElevated: false });
    const customer = await signedInCustomer(testApp);
    const attempts = [
      ["/api/auth/admin/set-role", { userId: customer.userId, role: "admin" }],
      ["/api/auth/admin/ban-user", { userId: customer.userId }],
      ["/api/auth/admin/unban-user", { userId: customer.userId }],
      ["/api/auth/admin/impersonate-user", { userId: customer.userId }],
      ["/api/auth/admin/remove-user", { userId: customer.userId }],
    ] as const;
    for (const [path, body] of attempts) {
      for (const caller of [unelevated, admin]) {
        const response = await caller.post(path, body);
        expect(response.status, path).toBe(404);
      }
    }
    expect(await userRow(customer.userId)).toMatchObject({ role: "user", banned: false });
  });
});

describe("malformed user ids", () => {
  it("are refused with 400 before they reach the database", async () => {
    const admin = await signedInAdmin(testApp);
    for (const id of ["%00", "a%20b", "x".repeat(101)]) {
      const response = await admin.post(`/api/admin/users/${id}/unblock`);
      expect(response.status).toBe(400);
    }
  });
});
