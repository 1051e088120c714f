import { describe, expect, it } from "vitest";
import { findProblems, type Import, readImports, webPlaceOf } from "./check-imports";

const value = (from: string, to: string): Import => ({ from, to, typeOnly: false });

describe("the import rules", () => {
  it("hold for the project's own source", () => {
    expect(findProblems(readImports())).toEqual([]);
  });

  it.each([
    [
      "src/server/platform/db/database.ts",
      "src/server/domains/orders/buy/order-view.ts",
      "platform never imports a domain",
    ],
    [
      "src/server/domains/orders/buy/place-order.ts",
      "src/server/app/env.ts",
      "a domain never imports app/",
    ],
    [
      "src/server/domains/payouts/payout-checks.ts",
      "src/server/domains/orders/buy/orders.routes.ts",
      "another domain's routes",
    ],
    [
      "src/server/domains/orders/buy/place-order.ts",
      "src/server/testing/test-app.ts",
      "production code never imports testing/",
    ],
    [
      "src/web/orders/order-page.tsx",
      "src/server/domains/orders/buy/order-view.ts",
      "only `type AppType`",
    ],
    ["src/shared/quote.ts", "src/web/lib/format.ts", "shared code imports nothing"],
    [
      "src/server/orders/place-order.ts",
      "src/server/platform/db/schema.ts",
      "every server file lives",
    ],
    ["src/web/sell/sell-tab.tsx", "src/web/exchange/exchange-side.ts", "another feature"],
    ["src/web/orders/order-history-page.tsx", "src/web/sell/sell-api.ts", "another feature"],
    [
      "src/web/admin/sell-orders/sell-orders-page.tsx",
      "src/web/admin/orders/order-columns.tsx",
      "another feature",
    ],
    ["src/web/admin/orders/order-columns.tsx", "src/web/admin/admin-layout.tsx", "another feature"],
    ["src/web/admin/admin-layout.tsx", "src/web/account/guards.tsx", "another feature"],
    ["src/web/lib/toast.tsx", "src/web/layout/theme.tsx", "never import a feature"],
    ["src/web/i18n/use-language.ts", "src/web/lib/session.ts", "i18n/ imports nothing"],
    [
      "src/web/components/copy-button.tsx",
      "src/web/orders/orders-api.ts",
      "never import a feature",
    ],
    [
      "src/web/admin/components/admin-table.tsx",
      "src/web/admin/orders/order-columns.tsx",
      "never import a feature",
    ],
    [
      "src/web/exchange/exchange-page.tsx",
      "src/web/admin/lib/admin-format.ts",
      "admin panel's alone",
    ],
    [
      "src/server/domains/payouts/payout-step.ts",
      "src/signer/hsm/pkcs11-keys.ts",
      "only the signer's own process",
    ],
    [
      "src/server/testing/watched-desk.ts",
      "src/signer/evm/hsm-evm-account.ts",
      "only the signer's own process",
    ],
    ["src/signer/evm/hsm-evm-account.ts", "src/server/app/env.ts", "the signer never imports"],
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

  it("lets web features take the shared folders, and the app and the admin panel load their parts", () => {
    const imports = [
      value("src/web/sell/sell-panel.tsx", "src/web/components/ui/button.tsx"),
      value("src/web/sell/sell-panel.tsx", "src/web/lib/format.ts"),
      value("src/web/sell/sell-panel.tsx", "src/web/i18n/use-texts.ts"),
      value("src/web/sell/sell-panel.tsx", "src/web/sell/sell-api.ts"),
      value("src/web/lib/format.ts", "src/web/i18n/index.ts"),
      value("src/web/router.tsx", "src/web/sell/sell-loader.ts"),
      value("src/web/admin/admin-routes.tsx", "src/web/admin/orders/admin-orders-page.tsx"),
      value("src/web/admin/orders/order-columns.tsx", "src/web/admin/components/admin-table.tsx"),
      value("src/web/admin/orders/payout-check.tsx", "src/web/admin/lib/admin-format.ts"),
      value("src/web/admin/components/admin-table.tsx", "src/web/components/ui/table.tsx"),
    ];
    expect(findProblems(imports)).toEqual([]);
  });

  it("places each web file: the app, a shared folder or a feature", () => {
    expect(
      [
        "src/web/router.tsx",
        "src/web/lib/format.ts",
        "src/web/components/ui/button.tsx",
        "src/web/i18n/en/sell.json",
        "src/web/sell/sell-tab.tsx",
        "src/web/admin/admin-layout.tsx",
        "src/web/admin/orders/order-columns.tsx",
        "src/web/admin/components/admin-table.tsx",
        "src/server/app/main.ts",
      ].map(webPlaceOf),
    ).toEqual([
      { kind: "app", name: "app" },
      { kind: "shared", name: "lib" },
      { kind: "shared", name: "components" },
      { kind: "shared", name: "i18n" },
      { kind: "feature", name: "sell" },
      { kind: "feature", name: "admin" },
      { kind: "feature", name: "admin/orders" },
      { kind: "shared", name: "admin/components" },
      undefined,
    ]);
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
