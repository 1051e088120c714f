import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "../platform/config/env";
import { isPostgresRun, scratchPostgresDatabase } from "../testing/postgres";
import { openRuntime, type Runtime } from "./runtime";

/*
 * Several processes behind one load balancer start at the same moment on a new
 * (or just upgraded) database: each must come up, with one schema and one admin.
 * PostgreSQL only (PGlite is one process).
 */

const dataDirs: string[] = [];
const runtimes: Runtime[] = [];
let database: Awaited<ReturnType<typeof scratchPostgresDatabase>>;

afterAll(async () => {
  await Promise.all(runtimes.map((runtime) => runtime.close()));
  await database?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(isPostgresRun())("servers starting together on a new database", () => {
  it("all start, migrating once and creating one admin", { timeout: 90_000 }, async () => {
    database = await scratchPostgresDatabase("start");
    const secret = randomBytes(32).toString("hex");
    const starts = Array.from({ length: 4 }, () => {
      const dataDir = mkdtempSync(join(tmpdir(), "rupeedesk-start-"));
      dataDirs.push(dataDir);
      const env = parseEnv({
        DATABASE_URL: database?.url,
        DATA_DIR: dataDir,
        BETTER_AUTH_SECRET: secret,
        ADMIN_EMAIL: "start-admin@example.com",
        ADMIN_PASSWORD: "admin-pass-1",
        LOG_LEVEL: "silent",
      });
      return openRuntime(env).then((runtime) => {
        runtimes.push(runtime);
        return runtime;
      });
    });
    const outcomes = await Promise.allSettled(starts);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(4).fill("fulfilled"));

    const { db } = runtimes[0]?.context ?? {};
    const admins = await db
      ?.selectFrom("user")
      .select(["email", "role"])
      .where("email", "=", "start-admin@example.com")
      .execute();
    expect(admins).toEqual([{ email: "start-admin@example.com", role: "admin" }]);
    const accounts = await db?.selectFrom("account").select("id").execute();
    expect(accounts).toHaveLength(1);
  });
});
