import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { OrderAnnouncer } from "./order-changes";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const order = {
  id: "00000000-0000-4000-8000-000000000000",
  user_id: "u",
  status: "pending" as const,
};

describe("the order announcer", () => {
  it("drains only once a send already under way has finished", async () => {
    const slowDb = testApp.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return args.result;
      },
    });
    const announcer = new OrderAnnouncer(slowDb, pino({ level: "silent" }));
    let isSent = false;
    const sent = announcer.announce(order, "created").then(() => {
      isSent = true;
    });
    await new Promise((resolve) => setImmediate(resolve)); // the batch's send has begun
    await announcer.drain();
    expect(isSent).toBe(true);
    await sent;
  });

  it("logs a failed announcement instead of failing the caller", async () => {
    const failingDb = testApp.db.withPlugin({
      transformQuery: () => {
        throw new Error("the database is gone");
      },
      transformResult: async (args) => args.result,
    });
    const logged: unknown[] = [];
    const logger = pino({ level: "error" }, { write: (line: string) => logged.push(line) });
    const announcer = new OrderAnnouncer(failingDb, logger);
    await expect(announcer.announce(order, "status")).resolves.toBeUndefined();
    expect(String(logged[0])).toContain("could not announce order changes");
  });
});
