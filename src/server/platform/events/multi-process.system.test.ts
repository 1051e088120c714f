import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshEmail } from "../../testing/actors";
import { placeOrder } from "../../testing/orders";
import { isPostgresRun, scratchPostgresDatabase } from "../../testing/postgres";
import { addUpiAccountAsAdmin } from "../../testing/receiving-accounts";
import {
  type ServerProcess,
  serverTestTimeout,
  startServerProcess,
} from "../../testing/server-process";
import { readEvents } from "../../testing/sse";
import { createClient } from "../../testing/test-client";

/*
 * Two server processes on one PostgreSQL database: a change made through one
 * reaches event streams held by the other. PostgreSQL only (PGlite is one process).
 */

const dataDir = mkdtempSync(join(tmpdir(), "rupeedesk-multi-"));
const admin = { email: "multi-admin@example.com", password: "admin-pass-1" };
let database: Awaited<ReturnType<typeof scratchPostgresDatabase>>;
let processA: ServerProcess;
let processB: ServerProcess;

beforeAll(async () => {
  database = await scratchPostgresDatabase("multi");
  if (!database) return;
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    TRUST_PROXY: "true",
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  };
  // Together, as behind a load balancer: start-up steps take turns (concurrent-start.system.test.ts).
  [processA, processB] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  await addUpiAccountAsAdmin(processA, admin);
}, serverTestTimeout(1));

afterAll(async () => {
  await processA?.stop();
  await processB?.stop();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function customerWithOrder(server: ServerProcess) {
  const customer = createClient(server);
  const email = freshEmail("multi");
  await customer.signUp(email, "secret1");
  expect((await customer.signIn(email, "secret1")).status).toBe(200);
  return { customer, orderId: (await placeOrder(customer)).id };
}

function openStream(server: ServerProcess, client: ReturnType<typeof createClient>, path: string) {
  return fetch(`${server.baseUrl}${path}`, {
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
}

describe.runIf(isPostgresRun())("two server processes on one database", () => {
  it("deliver a change made through A to streams held by B, within 1 s, to the right customer only", async () => {
    const first = await customerWithOrder(processB);
    const second = await customerWithOrder(processB);
    const firstEvents = readEvents(
      await openStream(processB, first.customer, `/api/orders/${first.orderId}/events`),
    );
    const secondEvents = readEvents(
      await openStream(processB, second.customer, `/api/orders/${second.orderId}/events`),
    );
    expect(JSON.parse((await firstEvents.next()).data).status).toBe("pending");
    expect(JSON.parse((await secondEvents.next()).data).status).toBe("pending");

    const operator = createClient(processA);
    expect((await operator.signIn(admin.email, admin.password)).status).toBe(200);
    expect(
      (await operator.post("/api/admin/session/step-up", { password: admin.password })).status,
    ).toBe(200);
    const adminFeed = readEvents(await openStream(processB, operator, "/api/admin/order-events"));
    expect((await adminFeed.next()).event).toBe("pending");

    const started = Date.now();
    const change = await operator.post(`/api/admin/orders/${first.orderId}/status`, {
      status: "completed",
      payoutTxHash: "01b4cde4197b9d1a1ff09ef5d2b1d939d3ec2401b3f002ebd0802c0f30a6e4ca",
    });
    expect(change.status).toBe(200);
    const received = await firstEvents.next(1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(JSON.parse(received.data)).toEqual({ orderId: first.orderId, status: "completed" });
    expect(JSON.parse((await adminFeed.next(1000)).data)).toMatchObject({
      orderId: first.orderId,
      status: "completed",
    });

    await expect(secondEvents.next(1000)).rejects.toThrow("No event in time");
    await Promise.all([firstEvents.close(), secondEvents.close(), adminFeed.close()]);
  });
});
