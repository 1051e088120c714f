import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInCustomer } from "../../../testing/actors";
import { placeOrder } from "../../../testing/orders";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { HOLD_RULE_NAMES, HOLD_RULES } from "./hold-rules";
import { REFUSAL_RULES } from "./refusal-rules";
import { SALE_HOLD_RULES, SALE_REFUSAL_RULES } from "./sale-rules";

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe("the order rules", () => {
  it("name each rule once, as a column of the order statement may be named", () => {
    for (const names of [
      [...REFUSAL_RULES.map((rule) => rule.name), ...HOLD_RULE_NAMES],
      [...SALE_REFUSAL_RULES.map((rule) => rule.name), ...SALE_HOLD_RULES.map((rule) => rule.rule)],
    ]) {
      expect(new Set(names).size).toBe(names.length);
      for (const name of names) expect(name).toMatch(/^[a-z][a-z_]*$/);
    }
  });

  it("read only settings the site settings row has", async () => {
    const { rows } = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns
      WHERE table_name = 'site_settings'`.execute(testApp.db);
    const columns = new Set(rows.map((row) => row.column_name));
    for (const rule of [
      ...REFUSAL_RULES,
      ...HOLD_RULES,
      ...SALE_REFUSAL_RULES,
      ...SALE_HOLD_RULES,
    ]) {
      for (const setting of rule.settings) expect(columns, `${setting}`).toContain(setting);
    }
  });

  it("are names an order's hold may keep, and the database takes no name in another form", async () => {
    const customer = await signedInCustomer(testApp);
    const order = await placeOrder(customer);
    const hold = (rules: string[]) =>
      testApp.db.insertInto("order_holds").values({ order_id: order.id, rules }).execute();
    await expect(hold(["shared wallet"])).rejects.toThrow(/order_holds_rules_check/);
    await expect(hold([])).rejects.toThrow(/order_holds_rules_check/);
    await hold([...HOLD_RULE_NAMES]);
    const stored = await testApp.db
      .selectFrom("order_holds")
      .select("rules")
      .where("order_id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(stored.rules).toEqual(HOLD_RULE_NAMES);
  });
});
