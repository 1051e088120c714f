import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin, signedInCustomer } from "../testing/actors";
import { createTestApp, type TestApp } from "../testing/test-app";

/*
 * Every operation that takes a JSON body, read from the API's own OpenAPI document,
 * so a new route is covered the moment it is documented: its body is declared
 * required (else the validator lets a missing body through to the handler, which then
 * reads `undefined`), and a request without one is refused with a 4xx, never a 500.
 * better-auth's endpoints (/api/auth) are its own: some take an optional body.
 */

let testApp: TestApp;
let bodyOperations: { method: string; path: string; required: boolean }[] = [];

const PLACEHOLDER_ID = "00000000-0000-4000-8000-000000000000";

interface Operation {
  requestBody?: { required?: boolean; content?: Record<string, unknown> };
}

beforeAll(async () => {
  testApp = await createTestApp();
  const document = (await (await testApp.app.request("/api/openapi.json")).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  const ownPaths = Object.entries(document.paths).filter(([path]) => !path.startsWith("/api/auth"));
  bodyOperations = ownPaths.flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, operation]) => operation.requestBody?.content?.["application/json"])
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{[^}]+\}/g, PLACEHOLDER_ID),
        required: operation.requestBody?.required === true,
      })),
  );
});
afterAll(() => testApp.close());

describe("every operation with a JSON body", () => {
  it("is found in the document (the tests below walk them)", () => {
    expect(bodyOperations.length).toBeGreaterThan(10);
  });

  it("declares its body required", () => {
    const optional = bodyOperations
      .filter((operation) => !operation.required)
      .map(({ method, path }) => `${method} ${path}`);
    expect(optional).toEqual([]);
  });

  it("answers a request without a body with a 4xx, for the caller it is meant for", async () => {
    const admin = await signedInAdmin(testApp);
    const customer = await signedInCustomer(testApp);
    const failures: string[] = [];
    for (const { method, path } of bodyOperations) {
      const caller = path.startsWith("/api/admin") ? admin : customer;
      const response = await caller.request(method, path);
      if (response.status < 400 || response.status >= 500)
        failures.push(`${response.status} ${method} ${path}`);
    }
    expect(failures).toEqual([]);
  });
});
