import { describe, expect, it } from "vitest";
import { findProblems, type Import, readImports } from "./check-imports";

const value = (from: string, to: string): Import => ({ from, to, typeOnly: false });

describe("the import rules", () => {
  it("hold for the project's own source", () => {
    expect(findProblems(readImports())).toEqual([]);
  });

  it.each([
    [
      "src/server/platform/db/database.ts",
      "src/server/domains/orders/order-view.ts",
      "platform never imports a domain",
    ],
    [
      "src/server/domains/orders/place-order.ts",
      "src/server/app/env.ts",
      "a domain never imports app/",
    ],
    [
      "src/server/domains/payouts/payout-checks.ts",
      "src/server/domains/orders/orders.routes.ts",
      "another domain's routes",
    ],
    [
      "src/server/domains/orders/place-order.ts",
      "src/server/testing/test-app.ts",
      "production code never imports testing/",
    ],
    [
      "src/web/orders/order-page.tsx",
      "src/server/domains/orders/order-view.ts",
      "only `type AppType`",
    ],
    ["src/shared/quote.ts", "src/web/lib/format.ts", "shared code imports nothing"],
    [
      "src/server/orders/place-order.ts",
      "src/server/platform/db/schema.ts",
      "every server file lives",
    ],
  ])("refuses %s → %s", (from, to, rule) => {
    expect(findProblems([value(from, to)]).join("\n")).toContain(rule);
  });

  it("lets the web take the app's type, and tests reach into testing/", () => {
    const imports = [
      { from: "src/web/lib/api-client.ts", to: "src/server/app/create-app.ts", typeOnly: true },
      value("src/server/domains/orders/orders.test.ts", "src/server/testing/test-app.ts"),
    ];
    expect(findProblems(imports)).toEqual([]);
  });

  it("finds two domains that import each other through a third", () => {
    const problems = findProblems([
      value("src/server/domains/orders/a.ts", "src/server/domains/payouts/b.ts"),
      value("src/server/domains/payouts/b.ts", "src/server/domains/risk/c.ts"),
      value("src/server/domains/risk/c.ts", "src/server/domains/orders/d.ts"),
    ]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("domains/orders, domains/payouts, domains/risk");
  });
});
