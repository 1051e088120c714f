import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { RedirectIfSignedIn, RequireSession } from "./account/guards";
import { RequireAdmin } from "./admin/admin-guard";
import { ExchangePage } from "./exchange/exchange-page";
import { MainLayout } from "./layout/main-layout";
import { NotFoundPage } from "./pages/not-found-page";

/** A route (null: the index route) whose page code loads only when it is visited. */
function lazyPage<M, K extends keyof M>(
  path: string | null,
  load: () => Promise<M>,
  name: K,
): RouteObject {
  const lazy = async () => ({ Component: (await load())[name] as ComponentType });
  return path === null ? { index: true, lazy } : { path, lazy };
}

const staticPages = () => import("./pages/static-pages");

export const router = createBrowserRouter([
  lazyPage("admin-login", () => import("./admin/admin-login-page"), "AdminLoginPage"),
  {
    path: "admin",
    element: <RequireAdmin />,
    hydrateFallbackElement: <div className="min-h-screen" />,
    children: [
      {
        lazy: async () => ({ Component: (await import("./admin/admin-layout")).AdminLayout }),
        children: [
          lazyPage(null, () => import("./admin/dashboard/dashboard-page"), "DashboardPage"),
          lazyPage("users", () => import("./admin/users/users-page"), "UsersPage"),
          lazyPage("orders", () => import("./admin/orders/admin-orders-page"), "AdminOrdersPage"),
          lazyPage("settings", () => import("./admin/settings/settings-page"), "SettingsPage"),
          lazyPage("audit", () => import("./admin/audit/audit-page"), "AuditPage"),
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
      lazyPage("help", () => import("./pages/help-page"), "HelpPage"),
      lazyPage("contact-us", () => import("./pages/contact-page"), "ContactPage"),
      lazyPage("about-us", staticPages, "AboutPage"),
      lazyPage("terms-and-conditions", staticPages, "TermsPage"),
      lazyPage("privacy-policy", staticPages, "PrivacyPage"),
      lazyPage("refund-policy", staticPages, "RefundPage"),
      lazyPage(
        "forgot-password",
        () => import("./account/forgot-password-page"),
        "ForgotPasswordPage",
      ),
      lazyPage(
        "update-password",
        () => import("./account/update-password-page"),
        "UpdatePasswordPage",
      ),
      {
        element: <RedirectIfSignedIn />,
        children: [
          lazyPage("login", () => import("./account/login-page"), "LoginPage"),
          lazyPage("signup", () => import("./account/signup-page"), "SignUpPage"),
        ],
      },
      {
        element: <RequireSession />,
        children: [
          lazyPage("profile", () => import("./account/profile-page"), "ProfilePage"),
          lazyPage("security", () => import("./account/security-page"), "SecurityPage"),
          lazyPage(
            "order-history",
            () => import("./orders/order-history-page"),
            "OrderHistoryPage",
          ),
          lazyPage("order/:orderId", () => import("./orders/order-page"), "OrderPage"),
          lazyPage("my-referrals", () => import("./orders/referrals-page"), "ReferralsPage"),
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
