import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPostgresRun } from "../../testing/postgres";
import { createTestApp, type TestApp } from "../../testing/test-app";
import type { AppError } from "../http/errors";
import { isBackupFileName } from "./backup-files";
import { lastDueAt } from "./backups";

const backupDir = mkdtempSync(join(tmpdir(), "rupeedesk-backups-"));
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    BACKUP_DIR: backupDir,
    BACKUP_KEEP: "2",
  });
});
afterAll(async () => {
  await testApp.close();
  rmSync(backupDir, { recursive: true, force: true });
});

const backupFiles = () => readdirSync(backupDir).filter(isBackupFileName).sort();

describe("backups", () => {
  it("writes a compressed backup named by its time, and records it", async () => {
    const backup = await testApp.backups.take("admin");
    expect(existsSync(backup.file)).toBe(true);
    expect(backup.fileName).toMatch(
      isPostgresRun() ? /^rupeedesk-.*\.pgdump$/ : /^rupeedesk-.*\.pglite\.tar\.gz$/,
    );
    const row = await testApp.db
      .selectFrom("backups")
      .selectAll()
      .where("file_name", "=", backup.fileName)
      .executeTakeFirstOrThrow();
    expect(row.trigger).toBe("admin");
    expect(Number(row.bytes)).toBe(backup.bytes);
  });

  it("keeps the newest BACKUP_KEEP backups and nothing else it did not write", async () => {
    const notOurs = join(backupDir, "notes.txt");
    writeFileSync(notOurs, "kept");
    const taken = [];
    for (let i = 0; i < 3; i += 1) taken.push((await testApp.backups.take("command")).fileName);
    expect(backupFiles()).toEqual(taken.slice(1));
    expect(existsSync(notOurs)).toBe(true);
  });

  it("spares the newest daily backups: backups taken by hand never push them out", async () => {
    const daily = await testApp.backups.take("schedule");
    for (let i = 0; i < 3; i += 1) await testApp.backups.take("admin");
    // BACKUP_KEEP is 2: the two newest, and the daily one beside them.
    expect(backupFiles()).toHaveLength(3);
    expect(backupFiles()).toContain(daily.fileName);
  });

  it("takes an admin's backup at most once in 10 minutes, and one at a time", async () => {
    // The backups taken by hand above do not count here.
    await testApp.db.deleteFrom("backups").where("trigger", "=", "admin").execute();
    const [first, second] = await Promise.allSettled([
      testApp.backups.takeForAdmin(),
      testApp.backups.takeForAdmin(),
    ]);
    expect(first.status).toBe("fulfilled");
    expect(second).toMatchObject({ status: "rejected", reason: { code: "BACKUP_UNDER_WAY" } });
    const files = backupFiles();
    const refusal = await testApp.backups.takeForAdmin().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toMatchObject({ status: 429, code: "BACKUP_TOO_SOON" });
    const { retryAfterSeconds } = (refusal as AppError).details ?? {};
    expect(retryAfterSeconds).toBeGreaterThan(8 * 60);
    expect(retryAfterSeconds).toBeLessThanOrEqual(10 * 60);
    expect(backupFiles()).toEqual(files);
    const elevenMinutesLater = new Date(Date.now() + 11 * 60_000);
    await expect(testApp.backups.takeForAdmin(elevenMinutesLater)).resolves.toMatchObject({
      bytes: expect.any(Number),
    });
  });

  it("takes the daily backup once per day, however many processes ask at once", async () => {
    const daily = await createTestApp({ BACKUP_DIR: backupDir, BACKUP_DAILY_AT: "02:30" });
    const now = new Date();
    const outcomes = await Promise.all([
      daily.backups.takeDailyIfDue(now),
      daily.backups.takeDailyIfDue(now),
      daily.backups.takeDailyIfDue(now),
    ]);
    const taken = outcomes.filter((outcome) => typeof outcome === "object");
    expect(taken).toHaveLength(1);
    expect(readdirSync(backupDir)).toContain(taken[0]?.fileName);
    expect(await daily.backups.takeDailyIfDue(now)).toBe("already-taken");
    const scheduled = await daily.db
      .selectFrom("backups")
      .select("id")
      .where("trigger", "=", "schedule")
      .execute();
    await daily.close();
    expect(scheduled).toHaveLength(1);
  });
});

describe("lastDueAt", () => {
  it("is today's HH:MM India time once it has passed, else yesterday's", () => {
    // 02:30 IST is 21:00 UTC the day before.
    expect(lastDueAt("02:30", new Date("2026-11-25T21:05:00Z")).toISOString()).toBe(
      "2026-11-25T21:00:00.000Z",
    );
    expect(lastDueAt("02:30", new Date("2026-11-25T20:59:00Z")).toISOString()).toBe(
      "2026-11-24T21:00:00.000Z",
    );
    // 23:45 IST on 25 November is 18:15 UTC.
    expect(lastDueAt("23:45", new Date("2026-11-25T18:15:00Z")).toISOString()).toBe(
      "2026-11-25T18:15:00.000Z",
    );
  });
});

describe.runIf(isPostgresRun())("backups of PostgreSQL", () => {
  it("says plainly when pg_dump cannot be found, and writes no file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rupeedesk-nodump-"));
    const broken = await createTestApp({ BACKUP_DIR: dir, PG_DUMP: "/nonexistent/pg_dump" });
    try {
      await expect(broken.backups.take("command")).rejects.toThrow(
        "/nonexistent/pg_dump was not found: install the PostgreSQL client programs of your server's version, or set PG_DUMP",
      );
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await broken.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
