import { afterAll, describe, expect, it } from "vitest";
import { signedInCustomer } from "../../testing/actors";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createClient } from "../../testing/test-client";

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

async function headersOf(overrides: Record<string, string> = {}) {
  const testApp = await createTestApp(overrides);
  apps.push(testApp);
  return (await testApp.app.request("/api/health")).headers;
}

describe("security headers", () => {
  it("send a strict CSP with no inline script, and refuse framing and sniffing", async () => {
    const headers = await headersOf();
    const csp = headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("promise HTTPS (HSTS) only when the public URL is HTTPS", async () => {
    expect((await headersOf()).get("strict-transport-security")).toBeNull();
    const https = await headersOf({ PUBLIC_URL: "https://desk.example.in" });
    expect(https.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("mark the session cookie Secure when the public URL is HTTPS, and httpOnly always", async () => {
    const sessionCookieOf = async (publicUrl: string) => {
      const testApp = await createTestApp({ PUBLIC_URL: publicUrl });
      apps.push(testApp);
      const client = createClient({ ...testApp, origin: publicUrl });
      await client.signUp("cookie@example.com", "secret1");
      const signIn = await client.signIn("cookie@example.com", "secret1");
      expect(signIn.status).toBe(200);
      return signIn.headers.getSetCookie().find((cookie) => cookie.includes("session_token="));
    };
    const overHttps = await sessionCookieOf("https://desk.example.in");
    expect(overHttps).toMatch(/; Secure/i);
    expect(overHttps).toMatch(/; HttpOnly/i);
    expect(overHttps).toMatch(/; SameSite=Lax/i);
    const overHttp = await sessionCookieOf("http://localhost:3000");
    expect(overHttp).not.toMatch(/; Secure/i);
    expect(overHttp).toMatch(/; HttpOnly/i);
  });

  it("keep API answers out of caches", async () => {
    const testApp = await createTestApp();
    apps.push(testApp);
    const customer = await signedInCustomer(testApp);
    for (const path of ["/api/orders", "/api/site-settings", "/api/nowhere"]) {
      expect((await customer.get(path)).headers.get("cache-control"), path).toBe("no-store");
    }
  });
});
