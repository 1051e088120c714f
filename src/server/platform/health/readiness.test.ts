import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { checkReadiness, OUTBOX_STUCK_AFTER_MS } from "./check-readiness";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const HOUR = 60 * 60 * 1000;

/** A message the worker will not touch during the test: it is due an hour from now. */
async function queueMessageDueIn(ms: number) {
  const dueAt = new Date(Date.now() + ms);
  await testApp.db
    .insertInto("notification_outbox")
    .values({ channel: "telegram", topic: "test", payload: "{}", next_attempt_at: dueAt })
    .execute();
  return dueAt;
}

describe("readiness", () => {
  it("is ready on a migrated database with nothing waiting", async () => {
    const response = await testApp.app.request("/api/health/ready");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("calls the outbox stuck once a due message waits longer than the limit, not before", async () => {
    const dueAt = await queueMessageDueIn(HOUR);
    const justInTime = new Date(dueAt.getTime() + OUTBOX_STUCK_AFTER_MS - 1000);
    expect(await checkReadiness(testApp.db, justInTime)).toEqual([]);
    const tooLate = new Date(dueAt.getTime() + OUTBOX_STUCK_AFTER_MS + 1000);
    expect(await checkReadiness(testApp.db, tooLate)).toEqual(["outbox"]);
    await testApp.db.deleteFrom("notification_outbox").where("topic", "=", "test").execute();
  });

  it("answers 503 naming the migrations when the database lacks one of this build's", async () => {
    await sql`delete from kysely_migration where name = '0016-step-up-attempts'`.execute(
      testApp.db,
    );
    const response = await testApp.app.request("/api/health/ready");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable", problems: ["migrations"] });
    await sql`insert into kysely_migration (name, timestamp) values ('0016-step-up-attempts', now())`.execute(
      testApp.db,
    );
    expect((await testApp.app.request("/api/health/ready")).status).toBe(200);
  });

  it("answers 503 naming the database when it is gone", async () => {
    const broken = await createTestApp();
    await broken.close();
    const response = await broken.app.request("/api/health/ready");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable", problems: ["database"] });
  });
});
