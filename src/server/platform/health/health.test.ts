import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe("system routes", () => {
  it("answers the health check when the database answers", async () => {
    const response = await testApp.app.request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("answers 503 when the database is gone", async () => {
    const broken = await createTestApp();
    await broken.close();
    const response = await broken.app.request("/api/health");
    expect(response.status).toBe(503);
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await testApp.app.request("/api/does-not-exist");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not found" });
  });

  it("documents its own routes and better-auth's in /api/openapi.json", async () => {
    const response = await testApp.app.request("/api/openapi.json");
    const document = (await response.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/health",
        "/api/site-settings",
        "/api/auth/sign-in/email",
        "/api/auth/sign-up/email",
        "/api/auth/request-password-reset",
      ]),
    );
  });
});
