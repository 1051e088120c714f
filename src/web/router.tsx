import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { RedirectIfSignedIn, RequireSession } from "./account/guards";
import { ExchangePage } from "./exchange/exchange-page";
import { loadTexts, type TextArea } from "./i18n";
import { MainLayout } from "./layout/main-layout";
import { showToaster } from "./lib/toast";
import { NotFoundPage } from "./pages/not-found-page";

/** Loads a component's code, and the texts of the areas it names, when its route is visited. */
function lazyComponent<M, K extends keyof M>(load: () => Promise<M>, name: K, texts: TextArea[]) {
  return async () => {
    const [module] = await Promise.all([load(), loadTexts(...texts)]);
    return { Component: module[name] as ComponentType };
  };
}

/** A lazily loaded page at a path (null: the index route). */
function lazyPage<M, K extends keyof M>(
  path: string | null,
  load: () => Promise<M>,
  name: K,
  texts: TextArea[] = [],
): RouteObject {
  const lazy = lazyComponent(load, name, texts);
  return path === null ? { index: true, lazy } : { path, lazy };
}

const staticPages = () => import("./pages/static-pages");
const account: TextArea[] = ["account"];
const orders: TextArea[] = ["orders"];
const pages: TextArea[] = ["pages"];

/** The admin pages call sonner's toast directly: their routes bring the toaster along. */
function withToaster<M>(load: () => Promise<M>): () => Promise<M> {
  return async () => (await Promise.all([load(), showToaster()]))[0];
}
const adminLoginPage = withToaster(() => import("./admin/admin-login-page"));
const adminGuard = withToaster(() => import("./admin/admin-guard"));

export const router = createBrowserRouter([
  lazyPage("admin-login", adminLoginPage, "AdminLoginPage", ["admin", "account"]),
  {
    path: "admin",
    lazy: lazyComponent(adminGuard, "RequireAdmin", []),
    hydrateFallbackElement: <div className="min-h-screen" />,
    children: [
      {
        lazy: lazyComponent(() => import("./admin/admin-layout"), "AdminLayout", ["admin"]),
        children: [
          lazyPage(null, () => import("./admin/dashboard/dashboard-page"), "DashboardPage", [
            "adminDashboard",
          ]),
          lazyPage("users", () => import("./admin/users/users-page"), "UsersPage", ["adminUsers"]),
          lazyPage("orders", () => import("./admin/orders/admin-orders-page"), "AdminOrdersPage", [
            "adminOrders",
            "orders",
          ]),
          lazyPage("settings", () => import("./admin/settings/settings-page"), "SettingsPage", [
            "adminSettings",
          ]),
          lazyPage("audit", () => import("./admin/audit/audit-page"), "AuditPage", ["adminAudit"]),
        ],
      },
    ],
  },
  {
    element: <MainLayout />,
    // Shown for the instant a lazily loaded first page takes to arrive.
    hydrateFallbackElement: <div className="min-h-screen" />,
    children: [
      { index: true, element: <ExchangePage /> },
      { path: "exchange", element: <ExchangePage /> },
      lazyPage("help", () => import("./pages/help-page"), "HelpPage", pages),
      lazyPage("contact-us", () => import("./pages/contact-page"), "ContactPage", pages),
      lazyPage("about-us", staticPages, "AboutPage", pages),
      lazyPage("terms-and-conditions", staticPages, "TermsPage", pages),
      lazyPage("privacy-policy", staticPages, "PrivacyPage", pages),
      lazyPage("refund-policy", staticPages, "RefundPage", pages),
      lazyPage(
        "forgot-password",
        () => import("./account/forgot-password-page"),
        "ForgotPasswordPage",
        account,
      ),
      lazyPage(
        "update-password",
        () => import("./account/update-password-page"),
        "UpdatePasswordPage",
        account,
      ),
      {
        element: <RedirectIfSignedIn />,
        children: [
          lazyPage("login", () => import("./account/login-page"), "LoginPage", account),
          lazyPage("signup", () => import("./account/signup-page"), "SignUpPage", account),
        ],
      },
      {
        element: <RequireSession />,
        children: [
          lazyPage("profile", () => import("./account/profile-page"), "ProfilePage", account),
          lazyPage("security", () => import("./account/security-page"), "SecurityPage", account),
          lazyPage(
            "order-history",
            () => import("./orders/order-history-page"),
            "OrderHistoryPage",
            orders,
          ),
          lazyPage("order/:orderId", () => import("./orders/order-page"), "OrderPage", orders),
          lazyPage(
            "my-referrals",
            () => import("./orders/referrals-page"),
            "ReferralsPage",
            orders,
          ),
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
