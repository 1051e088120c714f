import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin, signedInCustomer } from "../../testing/actors";
import { createTestApp, type TestApp } from "../../testing/test-app";

const backupDir = mkdtempSync(join(tmpdir(), "rupeedesk-checklist-"));
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ BACKUP_DIR: backupDir });
});
afterAll(async () => {
  await testApp.close();
  rmSync(backupDir, { recursive: true, force: true });
});

async function checklistOf(app: TestApp) {
  const admin = await signedInAdmin(app);
  const response = await admin.get("/api/admin/checklist");
  expect(response.status).toBe(200);
  const done = Object.fromEntries(
    (response.json.items as { id: string; done: boolean }[]).map((item) => [item.id, item.done]),
  );
  return { ...response.json, done };
}

describe("the first-run checklist", () => {
  it("names what a new desk lacks: operator alerts and a backup", async () => {
    const checklist = await checklistOf(testApp);
    expect(checklist.done).toEqual({
      receiving_accounts: true,
      operator_alerts: false,
      backups: false,
      smtp: true, // not production: files are fine
    });
    expect(checklist.lastBackupAt).toBeNull();
    expect(checklist.backupDailyAt).toBeNull();
  });

  it("an admin's Back Up Now takes a backup, audited, and the item is done", async () => {
    const admin = await signedInAdmin(testApp);
    const response = await admin.post("/api/admin/backups");
    expect(response.status, response.text).toBe(201);
    expect(readdirSync(backupDir)).toContain(response.json.fileName);
    const audit = await testApp.db
      .selectFrom("audit_log")
      .select(["actor_email", "details"])
      .where("action", "=", "backup.created")
      .executeTakeFirstOrThrow();
    expect(audit.actor_email).toBe(admin.email);
    expect(audit.details).toMatchObject({ fileName: response.json.fileName });
    // Another at once is refused, and writes nothing: each pushes the oldest backup out.
    const files = readdirSync(backupDir);
    const again = await admin.post("/api/admin/backups");
    expect(again.status).toBe(429);
    expect(again.json).toMatchObject({
      code: "BACKUP_TOO_SOON",
      error: expect.stringMatching(/less than 10 minutes ago/),
    });
    expect(readdirSync(backupDir)).toEqual(files);
    const checklist = await checklistOf(testApp);
    expect(checklist.done.backups).toBe(true);
    expect(Date.now() - Date.parse(checklist.lastBackupAt)).toBeLessThan(60_000);
  });

  it("a backup older than a day does not count", async () => {
    await testApp.db
      .updateTable("backups")
      .set({ finished_at: new Date(Date.now() - 25 * 3600_000) })
      .execute();
    expect((await checklistOf(testApp)).done.backups).toBe(false);
  });

  it("counts only receiving accounts in service: paused and retired ones take no payments", async () => {
    await testApp.db.updateTable("receiving_accounts").set({ paused: true }).execute();
    expect((await checklistOf(testApp)).done.receiving_accounts).toBe(false);
    await testApp.db
      .updateTable("receiving_accounts")
      .set({ paused: false, retired_at: new Date() })
      .execute();
    expect((await checklistOf(testApp)).done.receiving_accounts).toBe(false);
  });

  it("is refused to customers and to admins without a step-up, and takes no backup for them", async () => {
    const before = readdirSync(backupDir).length;
    const customer = await signedInCustomer(testApp);
    const unelevated = await signedInAdmin(testApp, { isElevated: false });
    for (const client of [customer, unelevated]) {
      expect((await client.get("/api/admin/checklist")).status).toBe(403);
      expect((await client.post("/api/admin/backups")).status).toBe(403);
    }
    expect(readdirSync(backupDir)).toHaveLength(before);
  });
});

describe("the checklist under another configuration", () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));
  const open = async (env: Record<string, string>) => {
    const app = await createTestApp(env);
    apps.push(app);
    return (await checklistOf(app)).done;
  };

  it("takes Telegram or an operator e-mail as operator alerts", async () => {
    expect(
      (await open({ TELEGRAM_BOT_TOKEN: "123:abc", TELEGRAM_CHAT_ID: "-100" })).operator_alerts,
    ).toBe(true);
    expect((await open({ ADMIN_NOTIFY_EMAIL: "desk@example.com" })).operator_alerts).toBe(true);
  });

  it("in production, wants SMTP", async () => {
    // Production also requires the documents' key.
    const production = { NODE_ENV: "production", DOCUMENT_KEY: "ab".repeat(32) };
    expect((await open(production)).smtp).toBe(false);
    expect((await open({ ...production, SMTP_URL: "smtp://mail.example.com:587" })).smtp).toBe(
      true,
    );
  });

  it("tells the daily backup's time", async () => {
    const app = await createTestApp({ BACKUP_DAILY_AT: "02:30" });
    apps.push(app);
    expect((await checklistOf(app)).backupDailyAt).toBe("02:30");
  });
});
