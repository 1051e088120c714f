import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { HOLD_RULE_NAMES, HOLD_RULES } from "./hold-rules";
import { REFUSAL_RULES } from "./refusal-rules";

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe("the order rules", () => {
  it("name each rule once, as a column of the order statement may be named", () => {
    const names = [...REFUSAL_RULES.map((rule) => rule.name), ...HOLD_RULE_NAMES];
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][a-z_]*$/);
  });

  it("read only settings the site settings row has", async () => {
    const { rows } = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns
      WHERE table_name = 'site_settings'`.execute(testApp.db);
    const columns = new Set(rows.map((row) => row.column_name));
    for (const rule of [...REFUSAL_RULES, ...HOLD_RULES]) {
      for (const setting of rule.settings) expect(columns, `${setting}`).toContain(setting);
    }
  });

  it("are the hold rules the database takes on an order's hold, and no others", async () => {
    const { rows } = await sql<{ definition: string }>`
      SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint
      WHERE conname = 'order_holds_rules_check'`.execute(testApp.db);
    const named = [...(rows[0]?.definition ?? "").matchAll(/'([a-z_]+)'/g)].map(
      (match) => match[1],
    );
    expect(named.sort()).toEqual([...HOLD_RULE_NAMES].sort());
  });
});
