import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freshEmail } from "../testing/actors";
import { placeOrder } from "../testing/orders";
import { addUpiAccountAsAdmin, withProcessAdmin } from "../testing/receiving-accounts";
import { serverTestTimeout, startServerProcess } from "../testing/server-process";
import { readEvents } from "../testing/sse";
import { createClient } from "../testing/test-client";

const dataDir = mkdtempSync(join(tmpdir(), "rupeedesk-shutdown-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("a clean stop (SIGTERM)", () => {
  it("ends open event streams and exits promptly with code 0", {
    timeout: serverTestTimeout(1),
  }, async () => {
    const server = await startServerProcess(
      withProcessAdmin({ DATA_DIR: dataDir, BETTER_AUTH_SECRET: randomBytes(32).toString("hex") }),
    );
    try {
      await addUpiAccountAsAdmin(server);
      const customer = createClient(server);
      const email = freshEmail("shutdown");
      await customer.signUp(email, "secret1");
      expect((await customer.signIn(email, "secret1")).status).toBe(200);
      const { id } = await placeOrder(customer);
      const stream = await fetch(`${server.baseUrl}/api/orders/${id}/events`, {
        headers: { cookie: [...customer.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
      const events = readEvents(stream);
      expect((await events.next()).event).toBe("status");

      const stoppedAt = Date.now();
      await server.stop("SIGTERM");
      expect(Date.now() - stoppedAt).toBeLessThan(5_000);
      expect(server.child.exitCode).toBe(0);
      await expect(events.next(1000)).rejects.toThrow();
    } finally {
      await server.stop("SIGKILL");
    }
  });
});
