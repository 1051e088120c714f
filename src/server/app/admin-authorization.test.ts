import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInAdmin, signedInCustomer } from "../testing/actors";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createClient } from "../testing/test-client";

/*
 * Reads the API's own OpenAPI document and calls every admin operation as each
 * kind of caller that must be refused, so a new admin route is covered the
 * moment it is documented. Undocumented paths under /api/admin meet the same
 * prefix guard, which the last test shows.
 */

let testApp: TestApp;
let operations: { method: string; path: string }[] = [];

const PLACEHOLDER_ID = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  testApp = await createTestApp();
  const document = (await (await testApp.app.request("/api/openapi.json")).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(document.paths)
    .filter(([path]) => path.startsWith("/api/admin"))
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => ["get", "post", "put", "patch", "delete"].includes(method))
        .map((method) => ({
          method: method.toUpperCase(),
          path: path.replace(/\{[^}]+\}/g, PLACEHOLDER_ID),
        })),
    );
});
afterAll(() => testApp.close());

async function callEveryAdminOperation(client: Client) {
  const answers: string[] = [];
  for (const { method, path } of operations) {
    const response =
      method === "GET" ? await client.get(path) : await client.request(method, path, {});
    answers.push(`${response.status} ${method} ${path}`);
  }
  return answers;
}

function successes(answers: string[]) {
  return answers.filter((answer) => answer.startsWith("2"));
}

describe("every admin route", () => {
  it("is documented (the test below walks the documented ones)", () => {
    expect(operations.length).toBeGreaterThan(3);
  });

  it("refuses anonymous callers", async () => {
    const answers = await callEveryAdminOperation(createClient(testApp));
    expect(successes(answers)).toEqual([]);
  });

  it("refuses customers", async () => {
    const answers = await callEveryAdminOperation(await signedInCustomer(testApp));
    expect(successes(answers)).toEqual([]);
  });

  it("refuses an admin who has not stepped up (except to step up, which needs a password)", async () => {
    const admin = await signedInAdmin(testApp, { isElevated: false });
    const answers = await callEveryAdminOperation(admin);
    // Reading one's own step-up state, and ending it, are allowed before stepping up.
    expect(successes(answers)).toEqual([
      "200 GET /api/admin/session",
      "200 POST /api/admin/session/step-down",
    ]);
  });

  it("refuses a blocked admin, even one whose session row survived", async () => {
    const admin = await signedInAdmin(testApp);
    await testApp.db
      .updateTable("user")
      .set({ banned: true })
      .where("id", "=", admin.userId)
      .execute();
    const answers = await callEveryAdminOperation(admin);
    expect(successes(answers)).toEqual([]);
  });

  it("guards undocumented paths under /api/admin before they can answer", async () => {
    expect((await createClient(testApp).get("/api/admin/not-a-route")).status).toBe(401);
    const customer = await signedInCustomer(testApp);
    expect((await customer.get("/api/admin/not-a-route")).status).toBe(403);
  });

  it("serves a stepped-up admin (so the refusals above are not an accident)", async () => {
    const admin = await signedInAdmin(testApp);
    const response = await admin.get("/api/admin/session");
    expect(response.status).toBe(200);
    expect(response.json.isElevated).toBe(true);
  });
});

describe("the TDS register's routes (issue 53)", () => {
  const reads = [
    "/api/admin/tax/register",
    "/api/admin/tax/challans",
    "/api/admin/tax/return.xlsx?financialYear=2026&quarter=Q3",
  ];

  it.each(reads)("GET %s: anonymous 401, customer 403, admin 200", async (path) => {
    expect((await createClient(testApp).get(path)).status).toBe(401);
    expect((await (await signedInCustomer(testApp)).get(path)).status).toBe(403);
    expect((await (await signedInAdmin(testApp)).get(path)).status).toBe(200);
  });

  it("POST /api/admin/tax/challans: anonymous 401, customer 403, admin heard (400 for an empty form)", async () => {
    const path = "/api/admin/tax/challans";
    expect((await createClient(testApp).post(path, {})).status).toBe(401);
    expect((await (await signedInCustomer(testApp)).post(path, {})).status).toBe(403);
    const answer = await (await signedInAdmin(testApp)).post(path, {});
    expect(answer.status).toBe(400);
    expect(answer.json.code).toBe("INVALID_INPUT");
  });
});
