import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ORIGIN } from "../../testing/origin";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createClient } from "../../testing/test-client";
import { AUTH_RATE_LIMITS, CLIENT_IP_HEADER } from "./auth";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
  await createClient(testApp).signUp("limited@example.com", "secret1");
});
afterAll(() => testApp.close());

/** Per endpoint: a request that is answered normally (not 429) until the limit. */
const endpoints = [
  {
    path: "/sign-up/email",
    body: { email: "someone@example.com", password: "secret1", name: "", whatsappNumber: "1" },
    normal: 400,
  },
  {
    path: "/request-password-reset",
    body: { email: "limited@example.com", redirectTo: "/update-password" },
    normal: 200,
  },
] as const;

describe("auth rate limits", () => {
  it("sign-in: past the limit one address gets 429 even with the right password; another is served", async () => {
    const { max, window } = AUTH_RATE_LIMITS["/sign-in/email"];
    const attacker = createClient(testApp);
    for (let attempt = 1; attempt <= max; attempt++) {
      expect((await attacker.signIn("limited@example.com", `guess-${attempt}`)).status).toBe(401);
    }
    const blocked = await attacker.signIn("limited@example.com", "guess-more");
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toMatch(/too many requests/i);
    const retryAfter = Number(blocked.headers.get("x-retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(window);

    expect((await attacker.signIn("limited@example.com", "secret1")).status).toBe(429);
    expect(attacker.cookies.size).toBe(0);

    const customer = createClient(testApp);
    expect((await customer.signIn("limited@example.com", "secret1")).status).toBe(200);
  });

  it("never limits reading the session: 150 page loads from one address in a minute stay signed in", async () => {
    const customer = createClient(testApp);
    expect((await customer.signIn("limited@example.com", "secret1")).status).toBe(200);
    for (let load = 0; load < 150; load++) {
      const session = await customer.get("/api/auth/get-session");
      expect(session.status, `page load ${load + 1}`).toBe(200);
      expect(session.json.user.email).toBe("limited@example.com");
    }
  });

  it("behind a proxy, keys on the address the proxy saw, not on what the client put before it", async () => {
    const { max } = AUTH_RATE_LIMITS["/request-password-reset"];
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= max; attempt++) {
      const response = await testApp.app.request("/api/auth/request-password-reset", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: TEST_ORIGIN,
          // The client's own header, with the proxy's entry appended.
          "x-forwarded-for": `198.51.100.${attempt}, 203.0.113.77`,
        },
        body: JSON.stringify({ email: "nobody@example.com", redirectTo: "/update-password" }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(max).fill(200), 429]);
  });

  it.each(endpoints)(
    "$path: one address gets 429 past the limit, another address is still served",
    async ({ path, body, normal }) => {
      const { max } = AUTH_RATE_LIMITS[path];
      const attacker = createClient(testApp);
      for (let attempt = 1; attempt <= max; attempt++) {
        expect((await attacker.post(`/api/auth${path}`, body)).status).toBe(normal);
      }
      const blocked = await attacker.post(`/api/auth${path}`, body);
      expect(blocked.status).toBe(429);
      expect(blocked.json.message).toMatch(/too many requests/i);

      expect((await createClient(testApp).post(`/api/auth${path}`, body)).status).toBe(normal);
    },
  );

  it("ignores the internal client-IP header when a client sends it (behind a trusted proxy)", async () => {
    const attacker = createClient(testApp);
    const { max } = AUTH_RATE_LIMITS["/request-password-reset"];
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= max; attempt++) {
      const response = await attacker.post(
        "/api/auth/request-password-reset",
        { email: "nobody@example.com", redirectTo: "/update-password" },
        { [CLIENT_IP_HEADER]: `198.51.100.${attempt}` },
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(max).fill(200), 429]);
  });
});

describe("auth rate limits on a real socket, no proxy trusted", () => {
  let socketApp: TestApp;
  let baseUrl: string;
  let server: ReturnType<typeof serve>;
  beforeAll(async () => {
    socketApp = await createTestApp({ TRUST_PROXY: "false" });
    await new Promise<void>((resolve) => {
      server = serve({ fetch: socketApp.app.fetch, hostname: "127.0.0.1", port: 0 }, () =>
        resolve(),
      );
    });
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await socketApp.close();
  });

  it("keys the limit on the socket address, whatever X-Forwarded-For and the internal header say", async () => {
    const { max } = AUTH_RATE_LIMITS["/request-password-reset"];
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= max; attempt++) {
      const response = await fetch(`${baseUrl}/api/auth/request-password-reset`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: TEST_ORIGIN,
          "x-forwarded-for": `203.0.113.${attempt}`,
          [CLIENT_IP_HEADER]: `198.51.100.${attempt}`,
        },
        body: JSON.stringify({ email: "nobody@example.com", redirectTo: "/update-password" }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(max).fill(200), 429]);
  });
});
