import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe("compression", () => {
  it("gzips a large answer for a client that accepts it, and says so", async () => {
    const response = await testApp.app.request("/api/openapi.json", {
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toContain("Accept-Encoding");
    const document = JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString());
    expect(document.paths["/api/orders"]).toBeDefined();
  });

  it("answers a write plainly, even to a client that accepts gzip", async () => {
    const response = await testApp.app.request("/api/orders", {
      method: "POST",
      headers: { "accept-encoding": "gzip", "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect((await response.json()).code).toBe("UNAUTHENTICATED");
  });

  it("answers plainly a client that accepts no encoding", async () => {
    const response = await testApp.app.request("/api/openapi.json");
    expect(response.headers.get("content-encoding")).toBeNull();
    expect((await response.json()).paths["/api/orders"]).toBeDefined();
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("vary")).toContain("Accept-Encoding");
  });
});
