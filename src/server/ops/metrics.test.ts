import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInCustomer } from "../testing/actors";
import { placeOrder } from "../testing/orders";
import { createTestApp, type TestApp } from "../testing/test-app";

const TOKEN = "metrics-token-for-tests";
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => testApp.close());

async function readMetrics() {
  const response = await testApp.app.request("/metrics", {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.status).toBe(200);
  return response.text();
}

/** The value of one series in Prometheus text format, 0 when it does not exist yet. */
function seriesValue(text: string, series: string) {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const ORDERS_PLACED =
  'rupeedesk_http_requests_total{method="POST",route="/api/orders",status="201"}';

describe("metrics", () => {
  // First, while nothing else in this app queues or delivers messages between the reads.
  it("reports the outbox messages waiting to be sent", async () => {
    const pending = 'rupeedesk_outbox_messages{state="pending"}';
    const before = seriesValue(await readMetrics(), pending);
    const inAnHour = new Date(Date.now() + 60 * 60 * 1000);
    await testApp.db
      .insertInto("notification_outbox")
      .values({ channel: "telegram", topic: "test", payload: "{}", next_attempt_at: inAnHour })
      .execute();
    expect(seriesValue(await readMetrics(), pending)).toBe(before + 1);
  });

  it("counts a placed order under its route pattern", async () => {
    const customer = await signedInCustomer(testApp);
    const before = seriesValue(await readMetrics(), ORDERS_PLACED);
    const order = await placeOrder(customer);
    const after = await readMetrics();
    expect(seriesValue(after, ORDERS_PLACED)).toBe(before + 1);
    expect(after).toContain("rupeedesk_http_request_duration_seconds_bucket");
    expect(after).not.toContain(order.id);
  });

  it("refuses /metrics without the token or with a wrong one", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-of-some-length", TOKEN]) {
      const headers: Record<string, string> = authorization ? { authorization } : {};
      const response = await testApp.app.request("/metrics", { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: "UNAUTHORIZED" });
    }
  });

  it("has no /metrics at all when no token is configured", async () => {
    const open = await createTestApp();
    const response = await open.app.request("/metrics");
    await open.close();
    expect(response.status).toBe(404);
  });
});
