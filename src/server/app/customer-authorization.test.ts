import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createClient } from "../testing/test-client";

/*
 * Reads the API's own OpenAPI document and calls every operation of a signed-in
 * customer's own account (/api/account) without signing in, so a new account route is
 * covered the moment it is documented. What one customer may read of another's is each
 * route's own test (a certificate, a payout account: 404).
 */

let testApp: TestApp;
let operations: { method: string; path: string }[] = [];

/** A path parameter that fits each route's checks, so the refusal is the session's, not the input's. */
const PLACEHOLDERS: Record<string, string> = {
  id: "00000000-0000-4000-8000-000000000000",
  period: "2025-26-Q1",
};

beforeAll(async () => {
  testApp = await createTestApp();
  const document = (await (await testApp.app.request("/api/openapi.json")).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(document.paths)
    .filter(([path]) => path.startsWith("/api/account"))
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => ["get", "post", "put", "patch", "delete"].includes(method))
        .map((method) => ({
          method: method.toUpperCase(),
          path: path.replace(/\{(\w+)\}/g, (_, name: string) => PLACEHOLDERS[name] ?? "x"),
        })),
    );
});
afterAll(() => testApp.close());

describe("every route of a customer's own account", () => {
  it("is documented (the test below walks the documented ones)", () => {
    expect(operations.map(({ method, path }) => `${method} ${path}`)).toEqual(
      expect.arrayContaining([
        "PUT /api/account/language",
        "GET /api/account/payout-destinations",
        "GET /api/account/tax",
        `GET /api/account/tax/certificates/${PLACEHOLDERS.period}`,
      ]),
    );
  });

  it("answers 401 to a caller who is not signed in", async () => {
    const anonymous = createClient(testApp);
    const answers: string[] = [];
    for (const { method, path } of operations) {
      const response = await anonymous.request(method, path, method === "GET" ? undefined : {});
      answers.push(`${response.status} ${method} ${path}`);
    }
    expect(answers.filter((answer) => !answer.startsWith("401 "))).toEqual([]);
  });
});
