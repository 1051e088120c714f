import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { postOrder } from "../testing/orders";
import { scratchPostgresDatabase } from "../testing/postgres";
import {
  addUpiAccountAsAdmin,
  saveSettingsAsAdmin,
  withProcessAdmin,
} from "../testing/receiving-accounts";
import { serverTestTimeout, startServerProcess } from "../testing/server-process";
import { createClient } from "../testing/test-client";

/*
 * Kills the server with SIGKILL while customers are placing orders, starts it
 * again on the same data, and checks that every order the server acknowledged
 * is stored exactly once, and that retrying the unanswered ones with their
 * idempotency keys creates no duplicate.
 */

const dataDir = mkdtempSync(join(tmpdir(), "rupeedesk-crash-"));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

/** PGlite in a data directory, or a fresh database on TEST_DATABASE_URL's server. */
async function storageEnv(): Promise<Record<string, string>> {
  const database = await scratchPostgresDatabase("crash");
  if (!database) return {};
  cleanups.push(database.drop);
  return { DATABASE_URL: database.url };
}

describe("a crash while orders are placed", () => {
  it("loses no acknowledged order and duplicates none", {
    timeout: serverTestTimeout(2),
  }, async () => {
    const env = withProcessAdmin({
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      TRUST_PROXY: "true",
      ORDER_RATE_LIMIT_PER_MINUTE: "100000",
      ...(await storageEnv()),
    });
    const first = await startServerProcess(env);
    await addUpiAccountAsAdmin(first);
    // One customer asks for 400 payment offers, far beyond what a desk allows an hour.
    await saveSettingsAsAdmin(first, {
      offersPerCustomerPerHour: "10000",
      offersPerAddressPerHour: "10000",
    });
    cleanups.push(() => first.stop("SIGKILL"));
    const customer = createClient(first);
    expect((await customer.signUp("crash@example.com", "secret1")).status).toBe(200);
    expect((await customer.signIn("crash@example.com", "secret1")).status).toBe(200);

    const attempts = Array.from({ length: 400 }, (_, i) => ({
      reference: String(700000000000 + i),
      key: `crash-test-key-${i}`,
      // Each payment is shown its account first: one offer per amount.
      amount: String(1000 + i),
    }));
    const place = (client: typeof customer, attempt: (typeof attempts)[number]) =>
      postOrder(
        client,
        {
          sendCurrency: "upi_inr",
          receiveCurrency: "usdt",
          network: "trc20",
          amount: attempt.amount,
          walletAddress: "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6",
          paymentReference: attempt.reference,
          payerName: "Rahul Kumar",
          quotedRate: "86",
        },
        { "idempotency-key": attempt.key },
      );

    // Four customers' worth of concurrent submissions; SIGKILL lands mid-stream.
    const acknowledged = new Map<string, string>();
    let next = 0;
    const submitter = async () => {
      while (next < attempts.length) {
        const attempt = attempts[next++];
        if (!attempt) return;
        try {
          const response = await place(customer, attempt);
          if (response.status === 201) acknowledged.set(attempt.reference, response.json.id);
        } catch {
          return; // the server is gone
        }
      }
    };
    const submitting = Promise.all([submitter(), submitter(), submitter(), submitter()]);
    while (acknowledged.size < 20) await new Promise((resolve) => setTimeout(resolve, 10));
    await first.stop("SIGKILL");
    await submitting;
    expect(acknowledged.size).toBeGreaterThanOrEqual(20);
    expect(acknowledged.size).toBeLessThan(attempts.length);

    const second = await startServerProcess(env);
    cleanups.push(() => second.stop("SIGKILL"));
    const again = createClient(second, customer.ip);
    expect((await again.signIn("crash@example.com", "secret1")).status).toBe(200);

    const stored = async () => {
      const orders: { id: string; paymentReference: string }[] = [];
      let cursor: string | null = "";
      while (cursor !== null) {
        const page = await again.get(`/api/orders?limit=50${cursor ? `&cursor=${cursor}` : ""}`);
        orders.push(...page.json.orders);
        cursor = page.json.nextCursor;
      }
      return orders;
    };

    const afterCrash = await stored();
    const byReference = new Map(afterCrash.map((order) => [order.paymentReference, order.id]));
    for (const [reference, id] of acknowledged) expect(byReference.get(reference)).toBe(id);
    expect(byReference.size).toBe(afterCrash.length);

    // Retrying everything with the same keys: acknowledged ones come back as they were.
    for (const attempt of attempts.slice(0, next)) {
      const response = await place(again, attempt);
      expect([200, 201]).toContain(response.status);
      if (acknowledged.has(attempt.reference)) {
        expect(response.status).toBe(200);
        expect(response.json.id).toBe(acknowledged.get(attempt.reference));
      }
    }
    const final = await stored();
    expect(final).toHaveLength(next);
    expect(new Set(final.map((order) => order.paymentReference)).size).toBe(next);
  });
});
