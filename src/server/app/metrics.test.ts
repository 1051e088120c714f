import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin, signedInCustomer } from "../testing/actors";
import { placeOrder } from "../testing/orders";
import { TEST_ORIGIN } from "../testing/origin";
import { readEvents } from "../testing/sse";
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

  it("reports orders by status", async () => {
    const customer = await signedInCustomer(testApp);
    const pending = 'rupeedesk_orders{status="pending"}';
    const before = await readMetrics();
    await placeOrder(customer);
    const after = await readMetrics();
    expect(seriesValue(after, pending)).toBe(seriesValue(before, pending) + 1);
    expect(after).toContain('rupeedesk_orders{status="cancelled"} ');
  });

  it("counts failed admin step-ups", async () => {
    const admin = await signedInAdmin(testApp, { isElevated: false });
    const series = "rupeedesk_admin_step_up_failures_total";
    const before = seriesValue(await readMetrics(), series);
    const failed = await admin.post("/api/admin/session/step-up", { password: "not-the-password" });
    expect(failed.status).toBe(401);
    expect(seriesValue(await readMetrics(), series)).toBe(before + 1);
  });

  it("reports the live order streams open in this process", async () => {
    const customer = await signedInCustomer(testApp);
    const order = await placeOrder(customer);
    const series = "rupeedesk_live_streams_open";
    const before = seriesValue(await readMetrics(), series);
    const response = await testApp.app.request(`/api/orders/${order.id}/events`, {
      headers: {
        origin: TEST_ORIGIN,
        cookie: [...customer.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      },
    });
    const events = readEvents(response);
    await events.next(); // the stream is open once it has said the order's status
    expect(seriesValue(await readMetrics(), series)).toBe(before + 1);
    await events.close();
    // The server sees the stream end after the client let go.
    while (seriesValue(await readMetrics(), series) !== before) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  });

  it("reports the PostgreSQL connection pool, where there is one", async () => {
    const text = await readMetrics();
    if (testApp.kind === "postgres") {
      expect(seriesValue(text, 'rupeedesk_db_pool_connections{state="open"}')).toBeGreaterThan(0);
      expect(text).toContain('rupeedesk_db_pool_connections{state="waiting"} ');
    } else {
      expect(text).not.toContain("rupeedesk_db_pool_connections");
    }
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
