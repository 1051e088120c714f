import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app/create-app";
import { openRuntime } from "../../app/runtime";
import { verifiedCustomer } from "../../testing/actors";
import { TEST_ORIGIN } from "../../testing/origin";
import { scratchPostgresDatabase } from "../../testing/postgres";
import { runEntryPoint } from "../../testing/run-process";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createClient } from "../../testing/test-client";
import { parseEnv } from "../config/env";
import { ensureAdmin } from "./ensure-admin";

let testApp: TestApp;
beforeAll(async () => {
  // better-auth's own password hash, as production's: the other tests use a cheaper one.
  testApp = await createTestApp({}, { realPasswords: true });
});
afterAll(() => testApp.close());

const findUser = (email: string) =>
  testApp.db.selectFrom("user").selectAll().where("email", "=", email).executeTakeFirst();

async function credentialAccounts(email: string) {
  return testApp.db
    .selectFrom("account")
    .innerJoin("user", "user.id", "account.userId")
    .select("account.id")
    .where("user.email", "=", email)
    .where("account.providerId", "=", "credential")
    .execute();
}

/** The audit log's role changes of the account with this address, oldest first. */
function roleChanges(email: string) {
  return testApp.db
    .selectFrom("audit_log")
    .innerJoin("user", "user.id", "audit_log.target_id")
    .select(["audit_log.actor_id", "audit_log.details"])
    .where("user.email", "=", email)
    .where("audit_log.action", "=", "user.role_changed")
    .orderBy("audit_log.id")
    .execute();
}

/** Signs in through the API and answers the session's role, or the refusal's status. */
async function signInRole(app: TestApp, email: string, password: string) {
  const client = createClient(app);
  const response = await client.signIn(email, password);
  if (response.status !== 200) return response.status;
  return (await client.get("/api/auth/get-session")).json.user.role as string;
}

describe("ensureAdmin", () => {
  it("creates a verified admin who can sign in", async () => {
    const result = await ensureAdmin(
      testApp,
      {
        email: " Boss@Example.com ",
        password: "admin-pass",
      },
      "admin:create",
    );
    expect(result).toBe("created");
    expect(await findUser("boss@example.com")).toMatchObject({
      role: "admin",
      emailVerified: true,
    });
    expect(await signInRole(testApp, "boss@example.com", "admin-pass")).toBe("admin");
  });

  it("promotes a verified customer, who keeps their own password", async () => {
    const customer = await verifiedCustomer(testApp);
    expect(
      await ensureAdmin(testApp, { email: customer.email, password: "other-pass" }, "admin:create"),
    ).toBe("promoted");
    expect(await findUser(customer.email)).toMatchObject({ role: "admin", emailVerified: true });
    expect(await signInRole(testApp, customer.email, "secret1")).toBe("admin");
    expect(await signInRole(testApp, customer.email, "other-pass")).toBe(401);
    expect(await credentialAccounts(customer.email)).toHaveLength(1);
    // Made by the system, on the operator's word: the audit log says so.
    expect(await roleChanges(customer.email)).toEqual([
      {
        actor_id: null,
        details: {
          email: customer.email,
          from: "user",
          to: "admin",
          via: "admin:create",
          result: "promoted",
        },
      },
    ]);
  });

  it("takes an unverified account with the address from whoever signed it up: their password and sessions end", async () => {
    // Someone signs up first with the address the operator is about to make admin.
    const email = "future-admin@example.com";
    const squatter = createClient(testApp);
    expect((await squatter.signUp(email, "squatter1")).status).toBe(200);
    expect((await squatter.signIn(email, "squatter1")).status).toBe(200);
    const enrol = await squatter.post("/api/auth/two-factor/enable", { password: "squatter1" });
    expect(enrol.status, enrol.text).toBe(200);

    expect(await ensureAdmin(testApp, { email, password: "operator-pass" }, "admin:create")).toBe(
      "reclaimed",
    );
    expect(await findUser(email)).toMatchObject({ role: "admin", emailVerified: true });
    expect(await signInRole(testApp, email, "squatter1")).toBe(401);
    expect(await signInRole(testApp, email, "operator-pass")).toBe("admin");
    expect((await squatter.get("/api/auth/get-session")).json).toBeNull();
    expect(
      (await squatter.post("/api/admin/session/step-up", { password: "squatter1" })).status,
    ).toBe(401);
    expect(await credentialAccounts(email)).toHaveLength(1);
    // better-auth's own table, outside the app's schema.
    const secondFactors = await sql`
      SELECT 1 FROM "twoFactor" JOIN "user" ON "user".id = "twoFactor"."userId"
      WHERE "user".email = ${email}`.execute(testApp.db);
    expect(secondFactors.rows).toHaveLength(0);
  });

  it("is safe to run again: one user, one password, still admin", async () => {
    const email = "twice@example.com";
    expect(await ensureAdmin(testApp, { email, password: "first-pass" }, "admin:create")).toBe(
      "created",
    );
    expect(await ensureAdmin(testApp, { email, password: "second-pass" }, "admin:create")).toBe(
      "unchanged",
    );
    expect(await roleChanges(email)).toEqual([
      {
        actor_id: null,
        details: { email, role: "admin", via: "admin:create", result: "created" },
      },
    ]);
    const users = await testApp.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .execute();
    expect(users).toHaveLength(1);
    expect(await credentialAccounts(email)).toHaveLength(1);
    expect(await signInRole(testApp, email, "first-pass")).toBe("admin");
  });

  it("runs at start when ADMIN_EMAIL and ADMIN_PASSWORD are set", async () => {
    const started = await createTestApp({
      ADMIN_EMAIL: "ops@example.com",
      ADMIN_PASSWORD: "ops-pass1",
    });
    try {
      expect(await signInRole(started, "ops@example.com", "ops-pass1")).toBe("admin");
    } finally {
      await started.close();
    }
  });
});

describe("npm run admin:create", () => {
  // A process of its own migrates a new database, then the test opens it again: on a
  // 2-core machine busy with browsers that took more than the default 30 s.
  it("creates an admin in the configured database, who can then sign in", {
    timeout: 120_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "rupeedesk-cli-"));
    const database = await scratchPostgresDatabase("cli");
    try {
      const env = {
        DATA_DIR: dataDir,
        PUBLIC_URL: TEST_ORIGIN,
        ...(database ? { DATABASE_URL: database.url } : {}),
      };
      const result = await runEntryPoint(
        "create-admin",
        ["--email", "cli-admin@example.com", "--password", "cli-pass1"],
        env,
      );
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      expect(result.stdout.trim()).toBe("Created admin cli-admin@example.com.");

      const runtime = await openRuntime(parseEnv({ ...env, LOG_LEVEL: "silent" }), {
        logger: pino({ level: "silent" }),
      });
      try {
        const app = createApp(runtime.context);
        const signIn = await app.request("/api/auth/sign-in/email", {
          method: "POST",
          headers: { "content-type": "application/json", origin: TEST_ORIGIN },
          body: JSON.stringify({ email: "cli-admin@example.com", password: "cli-pass1" }),
        });
        expect(signIn.status).toBe(200);
        const user = await runtime.context.db
          .selectFrom("user")
          .select(["role", "emailVerified"])
          .where("email", "=", "cli-admin@example.com")
          .executeTakeFirstOrThrow();
        expect(user).toEqual({ role: "admin", emailVerified: true });
      } finally {
        await runtime.close();
      }
    } finally {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("refuses a short password with exit 1 and one clear line", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "rupeedesk-cli-"));
    try {
      const result = await runEntryPoint(
        "create-admin",
        ["--email", "cli-admin@example.com", "--password", "12345"],
        { DATA_DIR: dataDir },
      );
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr.trimEnd().split("\n")).toEqual([
        "--password must be at least 6 characters",
      ]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
