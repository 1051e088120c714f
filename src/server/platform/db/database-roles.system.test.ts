import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openRuntime, type Runtime } from "../../app/runtime";
import { createLoginRoles } from "../../testing/database-roles";
import { isPostgresRun, scratchPostgresDatabase } from "../../testing/postgres";
import { runEntryPoint } from "../../testing/run-process";
import { parseEnv } from "../config/env";

/*
 * A desk on PostgreSQL with a role per process (decision 056): `npm run db:migrate`
 * migrates as the owner and grants the roles; the server then serves through the web's
 * role, which cannot touch the payout signer's ledger, and the signer's may write
 * nothing but it. PostgreSQL only (PGlite has one process and no roles).
 */

let database: Awaited<ReturnType<typeof scratchPostgresDatabase>>;
let roles: Awaited<ReturnType<typeof createLoginRoles>>;
let runtime: Runtime | undefined;
let migrated: Awaited<ReturnType<typeof runEntryPoint>> | undefined;
const dataDir = mkdtempSync(join(tmpdir(), "rupeedesk-roles-"));

/** The web process's environment: its own role, with no way to create a table. */
const webEnv = () =>
  parseEnv({ DATABASE_URL: roles?.webUrl, DATA_DIR: dataDir, LOG_LEVEL: "silent" });

/** Runs `statement` as `url`'s role; answers its error's message, or "ok". */
async function tryAs(url: string | undefined, statement: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
    return "ok";
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end();
  }
}

describe.runIf(isPostgresRun())("the web's and the signer's database roles", () => {
  beforeAll(async () => {
    database = await scratchPostgresDatabase("roles");
    roles = await createLoginRoles(database?.url);
    migrated = await runEntryPoint("db-migrate", [], {
      DATABASE_URL: database?.url ?? "",
      DATABASE_WEB_ROLE: roles?.roles.web ?? "",
      SIGNER_DATABASE_ROLE: roles?.roles.signer ?? "",
      DATA_DIR: dataDir,
      ADMIN_EMAIL: "roles-admin@example.com",
      ADMIN_PASSWORD: "admin-pass-1",
    });
    runtime = await openRuntime(webEnv());
  }, 120_000);
  afterAll(async () => {
    await runtime?.close();
    await roles?.drop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("migrates a new database as its owner, then serves as the web's role", async () => {
    expect(migrated?.stderr).toBe("");
    expect(migrated?.stdout).toContain(
      `The database is migrated. The web's role ${roles?.roles.web} may use it, but not write the signer's ledger. The signer's role ${roles?.roles.signer} may read what it checks and write its ledger.`,
    );
    const db = runtime?.context.db;
    // The admin made at start, written through the web's role.
    const [admin] = (await db?.selectFrom("user").select("email").execute()) ?? [];
    expect(admin).toEqual({ email: "roles-admin@example.com" });
    if (!db) throw new Error("the runtime did not start");
    const { rows } = await sql<{ role: string }>`SELECT current_user AS role`.execute(db);
    expect(rows).toEqual([{ role: roles?.roles.web }]);
    // The web's role makes no table: only the owner does.
    expect(await tryAs(roles?.webUrl, "CREATE TABLE web_made (id int)")).toMatch(
      /permission denied/,
    );
  });

  it("leaves the web's role no way to write or remove what the signer signed, nor which migrations ran", async () => {
    const web = roles?.webUrl;
    for (const statement of [
      "DELETE FROM autopilot_sends",
      "UPDATE autopilot_sends SET broadcast_at = NULL, amount = 1",
      "INSERT INTO autopilot_sends (order_id, network, from_address, nonce, to_address, amount, signed_tx, tx_hash) SELECT id, 'erc20', '0x', 0, '0x', 1, '0x', '0x' FROM orders LIMIT 1",
      "TRUNCATE autopilot_sends",
      "DELETE FROM autopilot_replaced_sends",
      "DELETE FROM autopilot_refusals",
      "UPDATE autopilot_signers SET sender_address = '0x'",
      "DELETE FROM kysely_migration",
    ]) {
      expect(await tryAs(web, statement), statement).toMatch(/permission denied/);
    }
    // What it does write: the operators told, and the shortfalls a resume clears.
    expect(await tryAs(web, "UPDATE autopilot_sends SET revert_alert_sent = true")).toBe("ok");
    expect(await tryAs(web, "UPDATE autopilot_signers SET shortfalls = 0")).toBe("ok");
    expect(await tryAs(web, "UPDATE autopilot_networks SET enabled = false")).toBe("ok");
  });

  it("lets the signer's role read and lock what it checks, and write nothing but its ledger", async () => {
    const signer = roles?.signerUrl;
    for (const statement of [
      "UPDATE orders SET wallet_address = '0x0000000000000000000000000000000000000001'",
      "UPDATE orders SET receive_amount = 1000000, status = 'processing'",
      "INSERT INTO autopilot_approvals (order_id, approved_by, approved_by_email) SELECT id, user_id, 'x' FROM orders LIMIT 1",
      "UPDATE autopilot_networks SET max_payout_usdt = 1000000000",
      `UPDATE "user" SET role = 'admin'`,
      "DELETE FROM autopilot_sends",
      "DELETE FROM audit_log",
      "SELECT * FROM session",
      "SELECT * FROM customer_verifications",
    ]) {
      expect(await tryAs(signer, statement), statement).toMatch(/permission denied/);
    }
    for (const statement of [
      "SELECT id FROM orders FOR UPDATE",
      "SELECT network FROM autopilot_networks FOR UPDATE",
      "SELECT * FROM autopilot_sends",
      "UPDATE autopilot_switch SET stopped = false, stopped_reason = NULL, changed_at = now()",
      "INSERT INTO audit_log (action, target_type, target_id) VALUES ('settings.saved', 'settings', 'autopilot')",
    ]) {
      expect(await tryAs(signer, statement), statement).toBe("ok");
    }
  });

  // Last: it takes a migration back.
  it("will not start as the web's role on a database that lacks a migration, and says to run db:migrate", async () => {
    const owner = new pg.Client({ connectionString: database?.url });
    await owner.connect();
    try {
      await owner.query("DELETE FROM kysely_migration WHERE name = '0137-autopilot-hot-wallet'");
      await expect(openRuntime(webEnv())).rejects.toThrow(
        "The database lacks this release's migrations (0137-autopilot-hot-wallet) and this role may not create tables: run npm run db:migrate with the owner's DATABASE_URL first.",
      );
    } finally {
      await owner.end();
    }
  });
});
