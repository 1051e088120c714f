import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin } from "../testing/actors";
import { createTestApp, type TestApp } from "../testing/test-app";

/* Every admin list's search is checked before the database, with its field's name. */

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
});
afterAll(() => testApp.close());

const SEARCHES = [
  ["/api/admin/users", "search", "Search", 254],
  ["/api/admin/orders", "search", "Search", 200],
  ["/api/admin/audit", "actor", "Actor", 200],
  ["/api/admin/risk/blocklist", "search", "Search", 200],
] as const;

describe.each(SEARCHES)("%s?%s=", (path, parameter, name, maxLength) => {
  it("refuses a control character, which PostgreSQL would refuse as a NUL", async () => {
    for (const text of ["\u0000", "a\u0000b", "\u001b[31m"]) {
      const response = await admin.get(`${path}?${parameter}=${encodeURIComponent(text)}`);
      expect(response.status).toBe(400);
      expect(response.json.error).toBe(`${name} must not contain control characters.`);
    }
  });

  it("refuses a text over its length, and takes one of it", async () => {
    const over = await admin.get(`${path}?${parameter}=${"x".repeat(maxLength + 1)}`);
    expect(over.status).toBe(400);
    expect(over.json.error).toBe(`${name}: at most ${maxLength} characters.`);
    const longest = await admin.get(`${path}?${parameter}=${"x".repeat(maxLength)}`);
    expect(longest.status, longest.text).toBe(200);
  });
});
